-- Review across sources, and verdicts that stay true (lib/db/retrieval.ts, lib/jobs/rejudge.ts).
-- CandidateBand is FactBand for open candidates: the same MinHash LSH keys (sift_lsh_keys, migration
-- fact_band), kept by triggers for pending and gated candidates only, so a decided candidate drops out.
-- The GIN index on matches finds the open candidates whose stored matches name a fact that changed.

-- AlterTable
ALTER TABLE "Candidate" ADD COLUMN     "clusterId" TEXT,
ADD COLUMN     "contentHash" TEXT;

-- CreateTable
CREATE TABLE "CandidateBand" (
    "band" BIGINT NOT NULL,
    "candidateId" TEXT NOT NULL,

    CONSTRAINT "CandidateBand_pkey" PRIMARY KEY ("band","candidateId")
);

-- CreateIndex
CREATE INDEX "CandidateBand_candidateId_idx" ON "CandidateBand"("candidateId");

-- CreateIndex
CREATE INDEX "Candidate_contentHash_idx" ON "Candidate"("contentHash");

-- CreateIndex
CREATE INDEX "Candidate_clusterId_idx" ON "Candidate"("clusterId");

-- CreateIndex
CREATE INDEX "Candidate_matches_idx" ON "Candidate" USING GIN ("matches" jsonb_path_ops);

-- AddForeignKey
ALTER TABLE "Candidate" ADD CONSTRAINT "Candidate_clusterId_fkey" FOREIGN KEY ("clusterId") REFERENCES "Candidate"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Hand-written from here on: Prisma's engine ignores functions and triggers when diffing.
CREATE OR REPLACE FUNCTION sift_candidate_band_sync() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM "CandidateBand" WHERE "candidateId" = OLD."id";
  END IF;
  IF TG_OP <> 'DELETE' AND NEW."status" IN ('pending', 'gated') THEN
    INSERT INTO "CandidateBand" ("band", "candidateId")
    SELECT k, NEW."id" FROM unnest(sift_lsh_keys(NEW."content")) AS k
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER "Candidate_band_sync_insert_delete" AFTER INSERT OR DELETE ON "Candidate"
  FOR EACH ROW EXECUTE FUNCTION sift_candidate_band_sync();
-- A decision changes the status; an edit the text. Open to open (pending <-> gated) keeps the keys.
CREATE TRIGGER "Candidate_band_sync_update" AFTER UPDATE OF "content", "status" ON "Candidate"
  FOR EACH ROW WHEN (
    OLD."content" IS DISTINCT FROM NEW."content"
    OR (OLD."status" IN ('pending', 'gated')) IS DISTINCT FROM (NEW."status" IN ('pending', 'gated'))
  )
  EXECUTE FUNCTION sift_candidate_band_sync();

INSERT INTO "CandidateBand" ("band", "candidateId")
SELECT k, c."id" FROM "Candidate" c, unnest(sift_lsh_keys(c."content")) AS k
WHERE c."status" IN ('pending', 'gated')
ON CONFLICT DO NOTHING;
