-- Learned models per space (issue 27): each space's reviewers teach its own models; existing rows stay in default.


-- DropIndex
DROP INDEX "LearnedModel_target_status_createdAt_idx";

-- AlterTable
ALTER TABLE "LearnedModel" ADD COLUMN     "spaceId" TEXT NOT NULL DEFAULT 'default';

-- CreateIndex
CREATE INDEX "LearnedModel_spaceId_target_status_createdAt_idx" ON "LearnedModel"("spaceId", "target", "status", "createdAt");

-- AddForeignKey
ALTER TABLE "LearnedModel" ADD CONSTRAINT "LearnedModel_spaceId_fkey" FOREIGN KEY ("spaceId") REFERENCES "Space"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
