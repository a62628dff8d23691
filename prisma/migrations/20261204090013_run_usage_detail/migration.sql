
-- AlterTable
ALTER TABLE "ExtractionRun" ADD COLUMN     "cacheReadTokens" INTEGER,
ADD COLUMN     "embeddingTokens" INTEGER,
ADD COLUMN     "usageEstimated" BOOLEAN NOT NULL DEFAULT false;
