import "server-only";
import type { Db, Tx } from "@/lib/db/types";
import { contentHash } from "@/lib/review";

export interface SimilarFact {
  id: string;
  content: string;
  /** pg_trgm similarity(content, text), 0..1 */
  trigram: number;
  /** ts_rank of the text's words (OR-ed) in the fact, 0 when none match */
  ftsRank: number;
  /** same content hash as the text (the matcher's normalized form) */
  exact: boolean;
}

/**
 * For each text, the nearest active facts, exact content-hash hits first, then by trigram similarity.
 *
 * All texts go in one statement (unnest + LATERAL); each text's lookup is the union of two indexed
 * conditions:
 * - `contentHash` equality (btree) for exact duplicates;
 * - MinHash LSH bands (`sift_lsh_bands`, GIN, see migration 20261201090000_fact_lsh_index) for
 *   statements sharing most of their English lexemes: the near-duplicates and contradictions the
 *   matcher needs (Jaccard 0.5: found 88% of the time, 0.7: 99.6%).
 * pg_trgm (`%` on the GIN index, `<->` KNN on GiST) and full-text search (OR-ed, or even AND-ed) are not
 * used to *find* facts: they read the posting lists of common trigrams/words and cost 8-200 ms per text
 * at 100k templated facts, measured with EXPLAIN ANALYZE on PostgreSQL 15. Trigram similarity and an
 * OR-ed ts_rank are still computed, on the found rows only, for ranking and for the caller.
 */
export async function findSimilarFacts({
  db,
  texts,
  limit = 20,
}: {
  db: Db | Tx;
  texts: string[];
  limit?: number;
}): Promise<SimilarFact[][]> {
  const out: SimilarFact[][] = texts.map(() => []);
  if (texts.length === 0 || limit <= 0) return out;
  const hashes = texts.map((t) => contentHash(t));
  // Each arm of the UNION is a plain index condition: an OR in one WHERE would make PostgreSQL
  // re-evaluate sift_lsh_bands() on every fetched row as a filter (seconds instead of milliseconds).
  const rows = await db.$queryRaw<Array<SimilarFact & { i: number }>>`
    WITH q AS MATERIALIZED (
      SELECT u.ord::int - 1 AS i, u.t, u.h, sift_lsh_bands(u.t) AS bands,
             CAST(replace(CAST(plainto_tsquery('english', u.t) AS text), ' & ', ' | ') AS tsquery) AS anyq
      FROM unnest(${texts}::text[], ${hashes}::text[]) WITH ORDINALITY AS u(t, h, ord)
    )
    SELECT q.i AS "i", f."id", f."content", f."exact", f."trigram",
           ts_rank(to_tsvector('english', f."content"), q.anyq)::float8 AS "ftsRank"
    FROM q
    CROSS JOIN LATERAL (
      SELECT hit."id", hit."content", hit."contentHash" = q.h AS "exact", similarity(hit."content", q.t)::float8 AS "trigram"
      FROM (
        SELECT "id", "content", "contentHash", "status" FROM "Fact" WHERE "contentHash" = q.h
        UNION
        SELECT "id", "content", "contentHash", "status" FROM "Fact" WHERE sift_lsh_bands("content") && q.bands
      ) hit
      WHERE hit."status" = 'active'
      ORDER BY "exact" DESC, "trigram" DESC
      LIMIT ${limit}::int
    ) f
    ORDER BY q.i, f."exact" DESC, f."trigram" DESC`;
  for (const { i, ...fact } of rows) out[i]?.push(fact);
  return out;
}
