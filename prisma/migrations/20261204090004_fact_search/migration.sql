-- Full-text search of facts: "search" is to_tsvector('english', content), kept by a trigger so every
-- writer (Prisma, raw inserts, imports) gets it; a GIN index serves ranked search (lib/db/fact-search.ts).
-- The trigram index on content (already there) serves typos.

-- AlterTable
ALTER TABLE "Fact" ADD COLUMN     "search" tsvector;

CREATE FUNCTION sift_fact_search() RETURNS trigger AS $$
BEGIN
  NEW."search" := to_tsvector('english', coalesce(NEW."content", ''));
  RETURN NEW;
END
$$ LANGUAGE plpgsql;

CREATE TRIGGER "Fact_search" BEFORE INSERT OR UPDATE OF "content" ON "Fact"
  FOR EACH ROW EXECUTE FUNCTION sift_fact_search();

UPDATE "Fact" SET "search" = to_tsvector('english', "content");

-- CreateIndex
CREATE INDEX "Fact_search_idx" ON "Fact" USING GIN ("search");
