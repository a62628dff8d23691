
-- AlterTable
ALTER TABLE "ExtractionRun" ADD COLUMN     "attempts" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "claimedBy" TEXT,
ADD COLUMN     "heartbeatAt" TIMESTAMP(3);
