-- Embeddings for the matcher, stored per fact and per candidate (lib/db/embeddings.ts).
--
-- `real[]` works on every PostgreSQL. Where pgvector exists (PGlite here), nearest neighbours come from a
-- partial HNSW index on `embedding::vector(dims)` per model and dimension, created at run time once the
-- dimension is known (the extension itself is optional, so no migration may require it). Where it does not,
-- FactVectorBand holds SimHash band keys (random-hyperplane LSH, computed in JS) for a bounded lookup.
-- CreateTable
CREATE TABLE "FactEmbedding" (
    "factId" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "dims" INTEGER NOT NULL,
    "embedding" REAL[],
    "bands" INTEGER[],
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "FactEmbedding_pkey" PRIMARY KEY ("factId")
);

-- CreateTable
CREATE TABLE "CandidateEmbedding" (
    "candidateId" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "dims" INTEGER NOT NULL,
    "embedding" REAL[],
    "bands" INTEGER[],
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CandidateEmbedding_pkey" PRIMARY KEY ("candidateId")
);

-- CreateTable
CREATE TABLE "FactVectorBand" (
    "band" INTEGER NOT NULL,
    "factId" TEXT NOT NULL,

    CONSTRAINT "FactVectorBand_pkey" PRIMARY KEY ("band","factId")
);

-- CreateIndex
CREATE INDEX "FactVectorBand_factId_idx" ON "FactVectorBand"("factId");

-- AddForeignKey
ALTER TABLE "FactEmbedding" ADD CONSTRAINT "FactEmbedding_factId_fkey" FOREIGN KEY ("factId") REFERENCES "Fact"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CandidateEmbedding" ADD CONSTRAINT "CandidateEmbedding_candidateId_fkey" FOREIGN KEY ("candidateId") REFERENCES "Candidate"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Hand-written from here on: Prisma's engine ignores storage settings, functions and triggers when diffing.

-- Vectors stay in the row when they fit (768 floats are 3 kB, over the 2 kB at which PostgreSQL would move
-- them to the TOAST table): reading them back from TOAST doubled the cost of a batch's nearest-neighbour
-- and pair queries (PGlite, 768 dimensions: 195 → 90 ms and 115 → 54 ms). Larger ones still move out.
ALTER TABLE "FactEmbedding" ALTER COLUMN "embedding" SET STORAGE MAIN;
ALTER TABLE "CandidateEmbedding" ALTER COLUMN "embedding" SET STORAGE MAIN;

-- A vector describes one text: when the text changes it is dropped, and review embeds the new text later.
CREATE OR REPLACE FUNCTION sift_fact_embedding_stale() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "FactEmbedding" WHERE "factId" = NEW."id";
  RETURN NULL;
END
$$;

CREATE TRIGGER "Fact_embedding_stale" AFTER UPDATE OF "content" ON "Fact"
  FOR EACH ROW WHEN (OLD."content" IS DISTINCT FROM NEW."content")
  EXECUTE FUNCTION sift_fact_embedding_stale();

CREATE OR REPLACE FUNCTION sift_candidate_embedding_stale() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "CandidateEmbedding" WHERE "candidateId" = NEW."id";
  RETURN NULL;
END
$$;

CREATE TRIGGER "Candidate_embedding_stale" AFTER UPDATE OF "content" ON "Candidate"
  FOR EACH ROW WHEN (OLD."content" IS DISTINCT FROM NEW."content")
  EXECUTE FUNCTION sift_candidate_embedding_stale();

-- FactVectorBand mirrors FactEmbedding.bands (null where pgvector does the lookup instead).
CREATE OR REPLACE FUNCTION sift_fact_vector_band_sync() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM "FactVectorBand" WHERE "factId" = OLD."factId";
  END IF;
  IF TG_OP <> 'DELETE' AND NEW."bands" IS NOT NULL THEN
    INSERT INTO "FactVectorBand" ("band", "factId")
    SELECT k, NEW."factId" FROM unnest(NEW."bands") AS k
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER "FactEmbedding_band_sync_insert_delete" AFTER INSERT OR DELETE ON "FactEmbedding"
  FOR EACH ROW EXECUTE FUNCTION sift_fact_vector_band_sync();
CREATE TRIGGER "FactEmbedding_band_sync_update" AFTER UPDATE OF "bands", "factId" ON "FactEmbedding"
  FOR EACH ROW WHEN (OLD."bands" IS DISTINCT FROM NEW."bands" OR OLD."factId" IS DISTINCT FROM NEW."factId")
  EXECUTE FUNCTION sift_fact_vector_band_sync();
