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
 * How many look-alikes per text, ranked by shared LSH bands, go on to similarity(). Shared bands
 * estimate lexeme Jaccard (a fact with J shares ~32·J³ bands), so true near-duplicates rank first and
 * the pool only has to absorb ties among same-template statements.
 */
const POOL_FACTOR = 3;
const MIN_POOL = 24;

/**
 * For each text, the nearest active facts, exact content-hash hits first, then by trigram similarity.
 *
 * All texts go in one statement (unnest + LATERAL); each text's lookup is the union of:
 * - `contentHash` equality (btree) for exact duplicates;
 * - the facts sharing the most MinHash LSH bands with the text (`FactBand`, kept by triggers, see
 *   migration 20261202090000_fact_band), counted from the primary key: the near-duplicates and
 *   contradictions the matcher needs (Jaccard 0.5 of English lexemes: found 98% of the time, 0.4: 87%, 0.3: 58%).
 * Only that short list gets similarity() and, for the rows returned, an OR-ed ts_rank. Scoring every
 * look-alike instead (the GIN version) cost ~11 µs per row and ~800 rows per text at 100k templated facts.
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
  const pool = Math.max(MIN_POOL, limit * POOL_FACTOR);
  // ts_rank needs the fact's tsvector: computed in the outer query, so only for the rows returned.
  const rows = await db.$queryRaw<Array<SimilarFact & { i: number }>>`
    WITH q AS MATERIALIZED (
      SELECT u.ord::int - 1 AS i, u.t, u.h, sift_lsh_keys(u.t) AS keys
      FROM unnest(${texts}::text[], ${hashes}::text[]) WITH ORDINALITY AS u(t, h, ord)
    )
    SELECT q.i AS "i", f."id", f."content", f."exact", f."trigram",
           ts_rank(to_tsvector('english', f."content"),
                   CAST(replace(CAST(plainto_tsquery('english', q.t) AS text), ' & ', ' | ') AS tsquery))::float8 AS "ftsRank"
    FROM q
    CROSS JOIN LATERAL (
      SELECT fa."id", fa."content", fa."contentHash" = q.h AS "exact", similarity(fa."content", q.t)::float8 AS "trigram"
      FROM (
        SELECT "id" FROM "Fact" WHERE "contentHash" = q.h
        UNION
        (SELECT b."factId" FROM "FactBand" b WHERE b."band" = ANY(q.keys)
         GROUP BY b."factId" ORDER BY count(*) DESC, b."factId" LIMIT ${pool}::int)
      ) hit
      JOIN "Fact" fa ON fa."id" = hit."id"
      WHERE fa."status" = 'active'
      ORDER BY "exact" DESC, "trigram" DESC
      LIMIT ${limit}::int
    ) f
    ORDER BY q.i, f."exact" DESC, f."trigram" DESC`;
  for (const { i, ...fact } of rows) out[i]?.push(fact);
  return out;
}
