-- Hand-written: candidate retrieval for review (lib/db/retrieval.ts). Prisma's engine ignores functions
-- and expression indexes when diffing, so neither shows up as drift.
--
-- Why not pg_trgm or OR-ed full-text search alone: both must read the posting lists of common trigrams /
-- words ("the", "end", "team"), which cost 30-60 ms per candidate at 100k facts (measured with
-- bench/review-db.ts). MinHash locality-sensitive hashing keeps only rare keys: each fact gets 16 band
-- hashes, each band the minimum of 3 seeded hashes over its English lexemes. Two statements whose lexeme
-- sets have Jaccard similarity J share at least one band with probability 1 - (1 - J^3)^16
-- (J = 0.5: 88%, J = 0.7: 99.6%, J = 0.2: 12%), and looking a candidate up reads 16 short posting lists.
-- Queries use the index only when they repeat the expression exactly:
--   WHERE sift_lsh_bands("content") && sift_lsh_bands($1)
CREATE OR REPLACE FUNCTION sift_lsh_bands(doc text) RETURNS bigint[]
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(pg_catalog.hashtextextended(band, b) ORDER BY b), '{}'::bigint[])
  FROM (
    SELECT k / 3 AS b, string_agg(m::text, ',' ORDER BY k) AS band
    FROM (
      SELECT k, min(pg_catalog.hashtextextended(x.lexeme, k)) AS m
      FROM unnest(pg_catalog.to_tsvector('english'::regconfig, doc)) AS x, generate_series(0, 47) AS k
      GROUP BY k
    ) minhashes
    GROUP BY k / 3
  ) bands
$$;

-- fastupdate off: with it on, inserted facts wait in GIN's unsorted pending list until a VACUUM, and every
-- lookup reads that whole list (10 ms per candidate at 10k inserted facts instead of 0.1 ms). PGlite never
-- autovacuums, and facts arrive one approval at a time, so the slightly slower insert is the right trade.
CREATE INDEX "Fact_content_lsh_idx" ON "Fact" USING GIN (sift_lsh_bands("content")) WITH (fastupdate = off);
