-- Subjects (issue 27): within a space, whom or what a source and its facts are about (an agent's end user).

-- AlterTable
ALTER TABLE "Fact" ADD COLUMN     "subject" TEXT;

-- AlterTable
ALTER TABLE "Source" ADD COLUMN     "subject" TEXT;

-- AlterTable
ALTER TABLE "Candidate" ADD COLUMN     "subject" TEXT;

-- CreateIndex
CREATE INDEX "Fact_spaceId_subject_idx" ON "Fact"("spaceId", "subject");

-- CreateIndex
CREATE INDEX "Source_spaceId_subject_idx" ON "Source"("spaceId", "subject");
