
-- AlterTable
ALTER TABLE "ExtractionRun" ADD COLUMN     "rateLimitedUntil" TIMESTAMP(3);
