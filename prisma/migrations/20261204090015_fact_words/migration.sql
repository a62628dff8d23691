
-- CreateTable
CREATE TABLE "FactWord" (
    "word" TEXT NOT NULL,
    "facts" INTEGER NOT NULL,

    CONSTRAINT "FactWord_pkey" PRIMARY KEY ("word")
);

-- CreateIndex
CREATE INDEX "FactWord_word_idx" ON "FactWord" USING GIN ("word" gin_trgm_ops);

-- Hand-written from here on: Prisma's engine ignores functions and triggers when diffing.
-- A text's words as respell reads them: runs of letters, lower case, three or more.
CREATE OR REPLACE FUNCTION sift_words(doc text) RETURNS SETOF text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT DISTINCT w FROM regexp_split_to_table(lower(doc), '[^[:alpha:]]+') AS w WHERE length(w) >= 3
$$;

-- Each fact counts once per word it holds; a word whose last fact went (deleted, or its text edited) goes too,
-- so a forgotten source's words do not outlive it here.
CREATE OR REPLACE FUNCTION sift_fact_word_sync() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE "FactWord" SET "facts" = "facts" - 1 WHERE "word" IN (SELECT sift_words(OLD."content"));
    DELETE FROM "FactWord" WHERE "facts" <= 0 AND "word" IN (SELECT sift_words(OLD."content"));
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO "FactWord" ("word", "facts")
    SELECT w, 1 FROM sift_words(NEW."content") AS w
    ON CONFLICT ("word") DO UPDATE SET "facts" = "FactWord"."facts" + 1;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER "Fact_word_sync_insert_delete" AFTER INSERT OR DELETE ON "Fact"
  FOR EACH ROW EXECUTE FUNCTION sift_fact_word_sync();
CREATE TRIGGER "Fact_word_sync_update" AFTER UPDATE OF "content" ON "Fact"
  FOR EACH ROW WHEN (OLD."content" IS DISTINCT FROM NEW."content") EXECUTE FUNCTION sift_fact_word_sync();

-- The facts already there.
INSERT INTO "FactWord" ("word", "facts")
SELECT w, count(*)::int FROM "Fact" f CROSS JOIN LATERAL sift_words(f."content") AS w GROUP BY w;
