import "server-only";
import type { Db, Tx } from "@/lib/db/types";
import { lshKeysFromLexemes } from "@/lib/db/lsh-keys";
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
 * A band shared by more facts than this says little about any one of them (template words, a busy
 * project's name): its list is not read past this many rows and, if the text has any rarer band, not
 * counted at all. Counting truncated lists would favour whichever facts sort first in every common band.
 * Texts made only of common bands fall back to the truncated lists rather than to exact hits alone.
 */
const BAND_CAP = 200;

/**
 * For each text, the nearest active facts, exact content-hash hits first, then by trigram similarity.
 *
 * Two statements for the whole batch. The first asks PostgreSQL for each text's lexemes (its own parser
 * and stemmer, as the triggers use); the band keys are hashed from them in JS (lib/db/lsh-keys.ts, same
 * keys as `sift_lsh_keys`). The second (unnest + LATERAL) unions, per text:
 * - `contentHash` equality (btree) for exact duplicates;
 * - the facts sharing the most MinHash LSH bands with the text (`FactBand`, kept by triggers, see
 *   migration 20261202090000_fact_band), counted from the primary key over the text's informative bands
 *   (BAND_CAP): the near-duplicates and contradictions the matcher needs (Jaccard 0.5 of English
 *   lexemes: found 98% of the time, 0.4: 87%, 0.3: 58%).
 * Only that short list gets similarity() and, for the rows returned, an OR-ed ts_rank. Scoring every
 * look-alike instead (the GIN version) cost ~11 µs per row and ~800 rows per text at 100k templated facts;
 * counting every band row (the previous version) ~5,000 rows per text there, and a plan costly enough
 * for PostgreSQL to JIT-compile it (~200 ms).
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
  // Lexemes from PostgreSQL's own parser and stemmer; the band keys from them in JS (lib/db/lsh-keys.ts):
  // calling sift_lsh_keys per text in SQL cost ~0.3 ms a text, this round trip and the hashing ~0.1 ms.
  const lex = await db.$queryRaw<Array<{ lexemes: string[] }>>`
    SELECT tsvector_to_array(to_tsvector('english', u.t)) AS lexemes
    FROM unnest(${texts}::text[]) WITH ORDINALITY AS u(t, ord) ORDER BY u.ord`;
  const keys = texts.map((_, i) => `{${lshKeysFromLexemes(lex[i]?.lexemes ?? []).join(",")}}`);
  // ts_rank needs the fact's tsvector: computed in the outer query, so only for the rows returned; the
  // text's OR-ed query once per text in q. Equal trigram scores are ordered by id so results are stable.
  const rows = await db.$queryRaw<Array<SimilarFact & { i: number }>>`
    WITH q AS MATERIALIZED (
      SELECT u.ord::int - 1 AS i, u.t, u.h, u.k::bigint[] AS keys,
             CAST(replace(CAST(plainto_tsquery('english', u.t) AS text), ' & ', ' | ') AS tsquery) AS tsq
      FROM unnest(${texts}::text[], ${hashes}::text[], ${keys}::text[]) WITH ORDINALITY AS u(t, h, k, ord)
    ),
    posting AS MATERIALIZED (
      SELECT q.i, p.ids, cardinality(p.ids) <= ${BAND_CAP}::int AS rare
      FROM q CROSS JOIN LATERAL unnest(q.keys) AS key
      CROSS JOIN LATERAL (
        SELECT array_agg(b."factId") AS ids
        FROM (SELECT "factId" FROM "FactBand" WHERE "band" = key LIMIT ${BAND_CAP + 1}::int) b
      ) p
      WHERE p.ids IS NOT NULL
    ),
    probe AS MATERIALIZED (
      SELECT p.i, array_agg(id) AS ids FROM posting p CROSS JOIN LATERAL unnest(p.ids) AS id
      WHERE p.rare OR NOT EXISTS (SELECT 1 FROM posting r WHERE r.i = p.i AND r.rare)
      GROUP BY p.i
    )
    SELECT q.i AS "i", f."id", f."content", f."exact", f."trigram",
           ts_rank(to_tsvector('english', f."content"), q.tsq)::float8 AS "ftsRank"
    FROM q
    CROSS JOIN LATERAL (
      SELECT fa."id", fa."content", fa."contentHash" = q.h AS "exact", similarity(fa."content", q.t)::float8 AS "trigram"
      FROM (
        SELECT "id" FROM "Fact" WHERE "contentHash" = q.h
        UNION
        (SELECT id FROM unnest((SELECT ids FROM probe WHERE probe.i = q.i)) AS id
         GROUP BY id ORDER BY count(*) DESC, id LIMIT ${pool}::int)
      ) hit
      JOIN "Fact" fa ON fa."id" = hit."id"
      WHERE fa."status" = 'active'
      ORDER BY "exact" DESC, "trigram" DESC, fa."id"
      LIMIT ${limit}::int
    ) f
    ORDER BY q.i, f."exact" DESC, f."trigram" DESC, f."id"`;
  for (const { i, ...fact } of rows) out[i]?.push(fact);
  return out;
}
