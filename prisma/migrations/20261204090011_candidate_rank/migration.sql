
-- AlterTable
ALTER TABLE "Candidate" ADD COLUMN     "rank" DOUBLE PRECISION NOT NULL DEFAULT 0;

-- CreateIndex
CREATE INDEX "Candidate_status_rank_idx" ON "Candidate"("status", "rank");

-- Cards saved before the column existed rank as new ones do (lib/extraction/rank.ts).
UPDATE "Candidate" SET "rank" = "confidence" * "importance";
