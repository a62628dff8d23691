
-- DropIndex
DROP INDEX "LearnedModel_status_createdAt_idx";

-- AlterTable
ALTER TABLE "LearnedModel" ADD COLUMN     "target" TEXT NOT NULL DEFAULT 'confidence';

-- CreateIndex
CREATE INDEX "LearnedModel_target_status_createdAt_idx" ON "LearnedModel"("target", "status", "createdAt");
