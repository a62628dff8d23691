-- Candidate retrieval for review (lib/db/retrieval.ts).
--
-- Why a table instead of a GIN expression index on the bands: GIN answers "shares a band" but cannot say how many,
-- so every look-alike had to be scored with similarity() (~11 µs each; ~800 rows per candidate at 100k
-- templated facts on PostgreSQL 15, most of the review time). With one row per (band, fact) a lookup
-- counts shared bands per fact (an estimate of lexeme Jaccard) from the primary key alone and keeps
-- only the best few for similarity().
--
-- MinHash LSH over a statement's English lexemes: 32 bands of 3 seeded min-hashes. Two statements
-- whose lexeme sets have Jaccard J share at least one band with probability 1 - (1 - J^3)^32
-- (J = 0.3: 58%, J = 0.4: 87%, J = 0.5: 98.3%, J = 0.7: 100%). 16 bands (J = 0.5: 88%) read half as many
-- keys, but missed the paraphrase in tests/review/retrieval-recall.test.ts.

-- CreateTable
CREATE TABLE "FactBand" (
    "band" BIGINT NOT NULL,
    "factId" TEXT NOT NULL,

    CONSTRAINT "FactBand_pkey" PRIMARY KEY ("band","factId")
);

-- CreateIndex
CREATE INDEX "FactBand_factId_idx" ON "FactBand"("factId");

-- Hand-written from here on: Prisma's engine ignores functions and triggers when diffing.
CREATE OR REPLACE FUNCTION sift_lsh_keys(doc text) RETURNS bigint[]
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT pg_catalog.hashtextextended(band, b)), '{}'::bigint[])
  FROM (
    SELECT k / 3 AS b, string_agg(m::text, ',' ORDER BY k) AS band
    FROM (
      SELECT k, min(pg_catalog.hashtextextended(x.lexeme, k)) AS m
      FROM unnest(pg_catalog.to_tsvector('english'::regconfig, doc)) AS x, generate_series(0, 95) AS k
      GROUP BY k
    ) minhashes
    GROUP BY k / 3
  ) bands
$$;

-- Only active facts have keys, so a lookup never spends its few places on archived ones.
CREATE OR REPLACE FUNCTION sift_fact_band_sync() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM "FactBand" WHERE "factId" = OLD."id";
  END IF;
  IF TG_OP <> 'DELETE' AND NEW."status" = 'active' THEN
    INSERT INTO "FactBand" ("band", "factId")
    SELECT k, NEW."id" FROM unnest(sift_lsh_keys(NEW."content")) AS k
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER "Fact_band_sync_insert_delete" AFTER INSERT OR DELETE ON "Fact"
  FOR EACH ROW EXECUTE FUNCTION sift_fact_band_sync();
-- Version bumps and merges rewrite other columns: only a new text or status changes the keys.
CREATE TRIGGER "Fact_band_sync_update" AFTER UPDATE OF "content", "status" ON "Fact"
  FOR EACH ROW WHEN (OLD."content" IS DISTINCT FROM NEW."content" OR OLD."status" IS DISTINCT FROM NEW."status")
  EXECUTE FUNCTION sift_fact_band_sync();

INSERT INTO "FactBand" ("band", "factId")
SELECT k, f."id" FROM "Fact" f, unnest(sift_lsh_keys(f."content")) AS k
WHERE f."status" = 'active'
ON CONFLICT DO NOTHING;

