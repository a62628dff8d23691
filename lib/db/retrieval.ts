import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import type { Db, Tx } from "@/lib/db/types";
import { lshKeysFromLexemes, spaceKeys } from "@/lib/db/lsh-keys";
import { trigrams, trigramSimilarity } from "@/lib/db/trigram";
import { contentHash } from "@/lib/matcher";

export interface SimilarFact {
  id: string;
  content: string;
  /** pg_trgm's similarity(content, text), 0..1 (lib/db/trigram.ts) */
  trigram: number;
  /** same content hash as the text (the matcher's normalized form) */
  exact: boolean;
}

/** An open candidate like a text, from any source; `clusterId` is its cluster's head, if it is in one. */
export interface SimilarCandidate extends SimilarFact {
  clusterId: string | null;
}

/** What a lookup searches: active facts (FactBand) or open candidates (CandidateBand); same keys, same SQL. */
interface Target {
  rows: Prisma.Sql;
  bands: Prisma.Sql;
  ref: Prisma.Sql;
  live: Prisma.Sql;
}
const FACTS: Target = {
  rows: Prisma.raw('"Fact"'),
  bands: Prisma.raw('"FactBand"'),
  ref: Prisma.raw('"factId"'),
  live: Prisma.raw(`r."status" = 'active'`),
};
const OPEN_CANDIDATES: Target = {
  rows: Prisma.raw('"Candidate"'),
  bands: Prisma.raw('"CandidateBand"'),
  ref: Prisma.raw('"candidateId"'),
  live: Prisma.raw(`r."status" IN ('pending', 'gated')`),
};

/**
 * How many look-alikes per text, ranked by shared LSH bands, go on to trigram similarity. Shared bands
 * estimate lexeme Jaccard (a fact with J shares ~32·J³ bands), so true near-duplicates rank first and
 * the pool only has to absorb ties among same-template statements. Ranking the pool by trigrams is what
 * lets the matcher see only 8 facts: on 500 bench candidates at 10k facts, the matcher's verdict on these
 * 8 differed from its verdict on the best 60 for 16; with a pool of 16 for 19, of 12 for 25, and for 31
 * with the 8 sharing most bands and no trigram ranking.
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
 * The whole batch at once; see findSimilarFactsInChunks for how.
 */
export async function findSimilarFacts({
  db,
  spaceId,
  subject,
  texts,
  limit = 20,
}: {
  db: Db | Tx;
  /** Only this space's facts (issue 27). */
  spaceId: string;
  /** Only the facts about this subject (null: about no one); every fact of the space when absent. */
  subject?: string | null;
  texts: string[];
  limit?: number;
}): Promise<SimilarFact[][]> {
  const out: SimilarFact[][] = [];
  const chunks = findSimilarFactsInChunks({ db, spaceId, subject, texts, limit, chunkSize: texts.length });
  for await (const chunk of chunks) out.push(...chunk);
  return out;
}

/**
 * findSimilarFacts, handed over `chunkSize` texts at a time, in order: each chunk's statement is sent
 * before the previous chunk is yielded, so on PostgreSQL the caller's JS work on one chunk (the
 * matcher) runs while the server retrieves the next. On PGlite everything shares one thread and
 * chunking only adds statements.
 *
 * One statement for the batch's lexemes (PostgreSQL's own parser and stemmer, as the triggers use;
 * the band keys are hashed from them in JS, lib/db/lsh-keys.ts, same keys as `sift_lsh_keys`), then one
 * per chunk (unnest + LATERAL) that unions, per text:
 * - `contentHash` equality (btree) for exact duplicates;
 * - the facts sharing the most MinHash LSH bands with the text (`FactBand`, kept by triggers, see
 *   migration 20261202090000_fact_band), counted from the primary key over the text's informative bands
 *   (BAND_CAP): the near-duplicates and contradictions the matcher needs (Jaccard 0.5 of English
 *   lexemes: found 98% of the time, 0.4: 87%, 0.3: 58%).
 * Only that short list is ranked by pg_trgm similarity, in JS (rankPool). Scoring every look-alike
 * instead (the GIN version) cost ~11 µs per row and ~800 rows per text at 100k templated facts; counting
 * every band row ~5,000 rows per text there, and a plan costly enough for PostgreSQL to JIT-compile it
 * (~200 ms). No ts_rank: nothing read
 * it, and to_tsvector on every returned fact was ~12% of the statement's server time.
 */
export async function* findSimilarFactsInChunks({
  db,
  spaceId,
  subject,
  texts,
  limit = 20,
  chunkSize,
}: {
  db: Db | Tx;
  spaceId: string;
  subject?: string | null;
  texts: string[];
  limit?: number;
  chunkSize: number;
}): AsyncGenerator<SimilarFact[][]> {
  if (texts.length === 0) return;
  const size = Math.max(1, Math.floor(chunkSize));
  if (limit <= 0) {
    for (let start = 0; start < texts.length; start += size) yield texts.slice(start, start + size).map(() => []);
    return;
  }
  const { keys, hashes } = await lookupKeys(db, texts, spaceId);
  const pool = Math.max(MIN_POOL, limit * POOL_FACTOR);
  const factTrigrams = new Map<string, Float64Array>();
  const start = (from: number) => {
    const to = Math.min(texts.length, from + size);
    const rows = retrieveChunk(FACTS, {
      db,
      spaceId,
      subject,
      hashes: hashes.slice(from, to),
      keys: keys.slice(from, to),
      pool,
    });
    // Awaited below; until then a failure must not count as an unhandled rejection.
    rows.catch(() => undefined);
    return rows;
  };
  let next = start(0);
  for (let from = 0; from < texts.length; from += size) {
    const rows = await next;
    if (from + size < texts.length) next = start(from + size);
    const pools: Array<Array<{ id: string; content: string; exact: boolean }>> = texts
      .slice(from, from + size)
      .map(() => []);
    for (const { i, ...fact } of rows) pools[i]?.push(fact);
    yield pools.map((p, i) => rankPool(texts[from + i] as string, p, limit, factTrigrams));
  }
}

/**
 * findSimilarFactsInChunks for a caller that goes through the texts in order, as reviewCandidates does:
 * the first chunk is asked for at once, `factsFor(i)` waits only for text i's chunk, and `all()` for
 * every chunk. While a chunk is still out, each `factsFor` call also yields to the event loop: the
 * matcher between two calls is synchronous, and without a macrotask turn the next chunk's statement
 * (sent through the pg pool's callbacks) would not leave, nor its rows be read, until the caller had
 * finished. (Without the yield the overlap was lost: 2 chunks took as long as 1.)
 */
export function findSimilarFactsInOrder(options: {
  db: Db | Tx;
  spaceId: string;
  subject?: string | null;
  texts: string[];
  limit?: number;
  chunkSize: number;
}) {
  const chunks = findSimilarFactsInChunks(options);
  const got: SimilarFact[][] = [];
  let done = false;
  let pulling: Promise<void> | undefined;
  const pull = () =>
    (pulling ??= chunks.next().then((r) => {
      pulling = undefined;
      if (r.done) done = true;
      else got.push(...r.value);
    }));
  // Started now so the first statements run while the caller does its own; awaited by whoever reads.
  pull().catch(() => undefined);
  return {
    async factsFor(i: number): Promise<SimilarFact[]> {
      if (got.length < options.texts.length) await new Promise<void>((resolve) => setImmediate(resolve));
      while (got.length <= i && !done) await pull();
      return got[i] ?? [];
    },
    async all(): Promise<SimilarFact[][]> {
      while (!done) await pull();
      return got;
    },
  };
}

/**
 * For each text, the open candidates (pending or gated, from any source) most like it, as findSimilarFacts
 * finds facts: exact content-hash hits first, then by trigram similarity.
 */
export async function findSimilarOpenCandidates({
  db,
  spaceId,
  subject,
  texts,
  limit = 20,
}: {
  db: Db | Tx;
  /** Only this space's candidates (issue 27). */
  spaceId: string;
  /** Only the candidates about this subject (null: about no one); every one of the space when absent. */
  subject?: string | null;
  texts: string[];
  limit?: number;
}): Promise<SimilarCandidate[][]> {
  if (texts.length === 0 || limit <= 0) return texts.map(() => []);
  const { keys, hashes } = await lookupKeys(db, texts, spaceId);
  const rows = await retrieveChunk(OPEN_CANDIDATES, {
    db,
    spaceId,
    subject,
    hashes,
    keys,
    pool: Math.max(MIN_POOL, limit * POOL_FACTOR),
  });
  const pools: Array<Array<{ id: string; content: string; exact: boolean; clusterId: string | null }>> = texts.map(
    () => [],
  );
  for (const { i, ...candidate } of rows) pools[i]?.push(candidate);
  const seen = new Map<string, Float64Array>();
  return pools.map((p, i) => {
    const clusterOf = new Map(p.map((c) => [c.id, c.clusterId]));
    return rankPool(texts[i] as string, p, limit, seen).map((c) => ({ ...c, clusterId: clusterOf.get(c.id) ?? null }));
  });
}

/** The texts' MinHash band keys in a space and content hashes, as the triggers compute them for stored rows. */
async function lookupKeys(
  db: Db | Tx,
  texts: string[],
  spaceId: string,
): Promise<{ keys: string[]; hashes: string[] }> {
  // Calling sift_lsh_keys per text in SQL cost ~0.3 ms a text; this round trip and the hashing ~0.1 ms.
  const lex = await db.$queryRaw<Array<{ lexemes: string[] }>>`
    SELECT tsvector_to_array(to_tsvector('english', u.t)) AS lexemes
    FROM unnest(${texts}::text[]) WITH ORDINALITY AS u(t, ord) ORDER BY u.ord`;
  return {
    keys: texts.map((_, i) => `{${spaceKeys(lshKeysFromLexemes(lex[i]?.lexemes ?? []), spaceId).join(",")}}`),
    hashes: texts.map((t) => contentHash(t)),
  };
}

// `.then` starts the query now: Prisma's promises are lazy, and the point of chunking is that this one
// is in flight while the caller works.
function retrieveChunk(
  target: Target,
  {
    db,
    spaceId,
    subject,
    hashes,
    keys,
    pool,
  }: { db: Db | Tx; spaceId: string; subject?: string | null; hashes: string[]; keys: string[]; pool: number },
) {
  const { rows: table, bands, ref, live } = target;
  // Within a space, an end user's facts and cards are matched with their own only (issue 27's subjects).
  const about = subject === undefined ? Prisma.empty : Prisma.sql`AND r."subject" IS NOT DISTINCT FROM ${subject}`;
  return db.$queryRaw<Array<{ i: number; id: string; content: string; exact: boolean; clusterId: string | null }>>`
    WITH q AS MATERIALIZED (
      SELECT u.ord::int - 1 AS i, u.h, u.k::bigint[] AS keys
      FROM unnest(${hashes}::text[], ${keys}::text[]) WITH ORDINALITY AS u(h, k, ord)
    ),
    posting AS MATERIALIZED (
      SELECT q.i, p.ids, cardinality(p.ids) <= ${BAND_CAP}::int AS rare
      FROM q CROSS JOIN LATERAL unnest(q.keys) AS key
      CROSS JOIN LATERAL (
        SELECT array_agg(b.${ref}) AS ids
        FROM (SELECT ${ref} FROM ${bands} WHERE "band" = key LIMIT ${BAND_CAP + 1}::int) b
      ) p
      WHERE p.ids IS NOT NULL
    ),
    probe AS MATERIALIZED (
      SELECT p.i, array_agg(id) AS ids FROM posting p CROSS JOIN LATERAL unnest(p.ids) AS id
      WHERE p.rare OR NOT EXISTS (SELECT 1 FROM posting r WHERE r.i = p.i AND r.rare)
      GROUP BY p.i
    )
    SELECT q.i AS "i", r."id", r."content", coalesce(r."contentHash" = q.h, false) AS "exact",
      ${target === OPEN_CANDIDATES ? Prisma.raw('r."clusterId"') : Prisma.raw("NULL::text")} AS "clusterId"
    FROM q
    CROSS JOIN LATERAL (
      SELECT "id" FROM ${table} WHERE "contentHash" = q.h
      UNION
      (SELECT id FROM unnest((SELECT ids FROM probe WHERE probe.i = q.i)) AS id
       GROUP BY id ORDER BY count(*) DESC, id LIMIT ${pool}::int)
    ) hit
    -- Each hit by its primary key: a plain join let the planner scan every open row of the space instead
    -- (the space's index matches the filter), a cost that grew with the queue (issue 27's load bench).
    CROSS JOIN LATERAL (
      SELECT * FROM ${table} r WHERE r."id" = hit."id" AND ${live} AND r."spaceId" = ${spaceId} ${about} OFFSET 0
    ) r`.then((rows) => rows);
}

/**
 * A text's pool, best first: exact content-hash hits, then by pg_trgm similarity to the text (computed
 * in JS, lib/db/trigram.ts), ties by content then id so results are stable; the first `limit`. A fact's trigrams are
 * built once per batch (`factTrigrams`), as look-alikes recur across its texts.
 */
function rankPool(
  text: string,
  rows: Array<{ id: string; content: string; exact: boolean }>,
  limit: number,
  factTrigrams: Map<string, Float64Array>,
): SimilarFact[] {
  const own = trigrams(text);
  const scored = rows.map((r) => {
    let t = factTrigrams.get(r.id);
    if (!t) factTrigrams.set(r.id, (t = trigrams(r.content)));
    return { id: r.id, content: r.content, exact: r.exact, trigram: trigramSimilarity(own, t) };
  });
  // Ties by content before id: ids are random, and two stores holding the same candidates (a server and the
  // CLI's, lib/jobs/local-run.ts) must rank them alike.
  scored.sort(
    (x, y) =>
      Number(y.exact) - Number(x.exact) || y.trigram - x.trigram || order(x.content, y.content) || order(x.id, y.id),
  );
  return scored.slice(0, limit);
}

const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * PGlite has no autovacuum: after many approvals or an import, FactBand's visibility map stays unset and
 * every band lookup reads the heap as well as the index (retrieval ~20% slower at 10k facts). VACUUM
 * (ANALYZE) FactBand and Fact when over a tenth of FactBand's pages are not known all-visible, or many of
 * its rows are dead; returns whether it ran. `relallvisible` is from the last VACUUM or ANALYZE, so the
 * check holds even if PGlite lost its statistics. VACUUM blocks this one-thread database while it runs
 * (~0.5 s at 10k facts), so call it where nothing waits: openEmbedded runs it at start-up, in the process
 * that owns the data directory. PostgreSQL servers have autovacuum for this.
 */
export async function vacuumRetrievalTablesIfStale({ db }: { db: Db }): Promise<boolean> {
  const [band] = await db.$queryRaw<Array<{ pages: number; visible: number; tuples: number; dead: number }>>`
    SELECT (pg_relation_size(c.oid) / current_setting('block_size')::int)::float8 AS pages,
           c.relallvisible::float8 AS visible, greatest(c.reltuples, 0)::float8 AS tuples,
           coalesce(s.n_dead_tup, 0)::float8 AS dead
    FROM pg_class c LEFT JOIN pg_stat_user_tables s ON s.relid = c.oid
    WHERE c.oid = '"FactBand"'::regclass`;
  if (!band) return false;
  const stale =
    band.pages - band.visible > Math.max(8, band.pages / 10) || band.dead > Math.max(1_000, band.tuples / 10);
  if (stale) await db.$executeRawUnsafe(`VACUUM (ANALYZE) "FactBand", "Fact"`);
  return stale;
}
