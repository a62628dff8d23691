-- Spaces (issue 27): separate fact bases in one installation. Every source, candidate and fact belongs to one;
-- what was there before belongs to the default space, so a single team sees no change.

-- CreateTable
CREATE TABLE "Space" (
    "id" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Space_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Space_slug_key" ON "Space"("slug");

-- Before the columns that refer to it: every existing row lands here.
INSERT INTO "Space" ("id", "slug", "name") VALUES ('default', 'default', 'Default');

-- AlterTable
ALTER TABLE "AgentToken" ADD COLUMN     "spaceIds" TEXT[] DEFAULT ARRAY['default']::TEXT[];

-- AlterTable
ALTER TABLE "Candidate" ADD COLUMN     "spaceId" TEXT NOT NULL DEFAULT 'default';

-- AlterTable
ALTER TABLE "Fact" ADD COLUMN     "spaceId" TEXT NOT NULL DEFAULT 'default';

-- AlterTable
ALTER TABLE "Source" ADD COLUMN     "spaceId" TEXT NOT NULL DEFAULT 'default';

-- CreateIndex
CREATE INDEX "Candidate_spaceId_status_rank_idx" ON "Candidate"("spaceId", "status", "rank");

-- CreateIndex
CREATE INDEX "Fact_spaceId_status_createdAt_idx" ON "Fact"("spaceId", "status", "createdAt");

-- CreateIndex
CREATE INDEX "Source_spaceId_createdAt_idx" ON "Source"("spaceId", "createdAt");

-- AddForeignKey
ALTER TABLE "Source" ADD CONSTRAINT "Source_spaceId_fkey" FOREIGN KEY ("spaceId") REFERENCES "Space"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Candidate" ADD CONSTRAINT "Candidate_spaceId_fkey" FOREIGN KEY ("spaceId") REFERENCES "Space"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Fact" ADD CONSTRAINT "Fact_spaceId_fkey" FOREIGN KEY ("spaceId") REFERENCES "Space"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Hand-written from here on: Prisma's engine ignores functions and triggers when diffing.
--
-- The MinHash LSH keys of a row outside the default space are salted with its space (XOR with the hash of the
-- space's id), so one space's bands never hold another's rows: a lookup cannot see across spaces, and a busy
-- space's common bands (BAND_CAP in lib/db/retrieval.ts) never crowd out a small space's look-alikes. Keys of
-- the default space are unsalted, as before, so no existing key is rewritten. lib/db/lsh-keys.ts salts alike.
CREATE OR REPLACE FUNCTION sift_space_keys(keys bigint[], space text) RETURNS bigint[]
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT CASE WHEN space = 'default' THEN keys
    ELSE coalesce((SELECT array_agg(k # pg_catalog.hashtextextended(space, 0)) FROM unnest(keys) AS k), '{}'::bigint[])
  END
$$;

CREATE OR REPLACE FUNCTION sift_fact_band_sync() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM "FactBand" WHERE "factId" = OLD."id";
  END IF;
  IF TG_OP <> 'DELETE' AND NEW."status" = 'active' THEN
    INSERT INTO "FactBand" ("band", "factId")
    SELECT k, NEW."id" FROM unnest(sift_space_keys(sift_lsh_keys(NEW."content"), NEW."spaceId")) AS k
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION sift_candidate_band_sync() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM "CandidateBand" WHERE "candidateId" = OLD."id";
  END IF;
  IF TG_OP <> 'DELETE' AND NEW."status" IN ('pending', 'gated') THEN
    INSERT INTO "CandidateBand" ("band", "candidateId")
    SELECT k, NEW."id" FROM unnest(sift_space_keys(sift_lsh_keys(NEW."content"), NEW."spaceId")) AS k
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;

-- A row moved to another space takes new keys.
DROP TRIGGER "Fact_band_sync_update" ON "Fact";
CREATE TRIGGER "Fact_band_sync_update" AFTER UPDATE OF "content", "status", "spaceId" ON "Fact"
  FOR EACH ROW WHEN (
    OLD."content" IS DISTINCT FROM NEW."content" OR OLD."status" IS DISTINCT FROM NEW."status"
    OR OLD."spaceId" IS DISTINCT FROM NEW."spaceId"
  )
  EXECUTE FUNCTION sift_fact_band_sync();

DROP TRIGGER "Candidate_band_sync_update" ON "Candidate";
CREATE TRIGGER "Candidate_band_sync_update" AFTER UPDATE OF "content", "status", "spaceId" ON "Candidate"
  FOR EACH ROW WHEN (
    OLD."content" IS DISTINCT FROM NEW."content"
    OR (OLD."status" IN ('pending', 'gated')) IS DISTINCT FROM (NEW."status" IN ('pending', 'gated'))
    OR OLD."spaceId" IS DISTINCT FROM NEW."spaceId"
  )
  EXECUTE FUNCTION sift_candidate_band_sync();
