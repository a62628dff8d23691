import "server-only";
import { log } from "@/lib/log";
import { Prisma } from "@/lib/generated/prisma/client";
import type { Db, Tx } from "@/lib/db/types";
import { vectorBandKeys } from "@/lib/db/vector-bands";

/**
 * Stored embeddings (FactEmbedding, CandidateEmbedding; migration add_embeddings), on one of two paths
 * chosen once per database handle:
 * - "pgvector" where the extension exists (PGlite here): a partial HNSW index per model and dimension on
 *   `embedding::vector(dims)`, created when a dimension is first seen, queried with `<=>`;
 * - "bands" where it does not (Debian's PostgreSQL 15): SimHash band keys (lib/db/vector-bands.ts)
 *   mirrored into FactVectorBand, for a bounded lookup; the few vectors found are compared in JS.
 * Vectors are stored at unit length: cosine, all the matcher uses, does not depend on length.
 * Search itself is in lib/db/embedding-search.ts.
 */

export type VectorPath = "pgvector" | "bands";

/** The model, its dimension and how this database searches: everything a stored vector is keyed by. */
export interface EmbeddingSpace {
  model: string;
  dims: number;
  path: VectorPath;
}

/** pgvector indexes `vector` up to 2,000 dimensions and `halfvec` up to 4,000. */
const MAX_VECTOR_DIMS = 2000;
const MAX_HALFVEC_DIMS = 4000;

const paths = new WeakMap<object, Promise<VectorPath>>();
const indexes = new WeakMap<object, Map<string, Promise<void>>>();

/**
 * pgvector or not, asked of the database once per handle (pg_extension, then pg_available_extensions
 * and CREATE EXTENSION) and logged, since the two paths differ in recall and cost.
 */
export function detectVectorPath({ db }: { db: Db }): Promise<VectorPath> {
  let found = paths.get(db);
  if (!found) {
    found = detect(db);
    paths.set(db, found);
    found.catch(() => paths.delete(db));
  }
  return found;
}

async function detect(db: Db): Promise<VectorPath> {
  const installed = async () =>
    (await db.$queryRaw<Array<{ v: string }>>`SELECT extversion AS v FROM pg_extension WHERE extname = 'vector'`)[0]?.v;
  let version = await installed();
  if (!version) {
    const available = await db.$queryRaw<unknown[]>`SELECT 1 FROM pg_available_extensions WHERE name = 'vector'`;
    if (available.length > 0) {
      // Another process may create it at the same moment, or this role may lack the right: look again.
      await db.$executeRaw`CREATE EXTENSION IF NOT EXISTS vector`.catch(() => undefined);
      version = await installed();
    }
  }
  if (version) {
    log.info({ pgvector: version }, "embeddings: nearest facts come from an HNSW index in the database");
    return "pgvector";
  }
  log.info("embeddings: no pgvector on this database; nearest facts come from SimHash bands, ranked by cosine in JS");
  return "bands";
}

/** A constant in SQL text: a partial index is only used when the query's predicate is the same constant. */
export function literal(text: string): Prisma.Sql {
  if (text.includes("\0")) throw new Error("embedding model id contains a NUL byte");
  return Prisma.raw(`'${text.replaceAll("'", "''")}'`);
}

/** The pgvector type the index and `<=>` use for this dimension. */
export function castType(dims: number): Prisma.Sql {
  if (!Number.isInteger(dims) || dims <= 0) throw new Error(`invalid embedding dimension ${dims}`);
  return Prisma.raw(dims > MAX_VECTOR_DIMS && dims <= MAX_HALFVEC_DIMS ? `halfvec(${dims})` : `vector(${dims})`);
}

/**
 * Vectors travel as text. PGlite parses floats slowly (~3 µs each, 0.15 s for a batch of 50 × 768) but
 * integers ~10× faster, so on the pgvector path they go as integers (unit vector × 2^24, exact in float4)
 * and are scaled back with pgvector's arithmetic: `decodeVector`. PostgreSQL without pgvector gets floats.
 */
const SCALE = 2 ** 24;

export function unitVector(v: readonly number[]): number[] {
  let n = 0;
  for (const x of v) n += x * x;
  n = Math.sqrt(n);
  return n === 0 ? [...v] : v.map((x) => x / n);
}

export function encodeVector(space: EmbeddingSpace, v: readonly number[]): string {
  const u = unitVector(v);
  return space.path === "pgvector" ? `{${u.map((x) => Math.round(x * SCALE)).join(",")}}` : `{${u.join(",")}}`;
}

/** SQL turning an encoded text into `vector(dims)` (pgvector) or `real[]` (bands). */
export function decodeVector(space: EmbeddingSpace, text: Prisma.Sql): Prisma.Sql {
  if (space.path !== "pgvector") return Prisma.sql`(${text})::real[]`;
  const v = Prisma.raw(`vector(${space.dims})`);
  const scale = Prisma.raw(`array_fill(${1 / SCALE}::real, ARRAY[${space.dims}])::${`vector(${space.dims})`}`);
  return Prisma.sql`(((${text})::int[]::${v}) * ${scale})`;
}

function indexName(space: EmbeddingSpace): string {
  let h = 0x811c9dc5;
  for (const ch of `${space.model}:${space.dims}`) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193);
  return `FactEmbedding_hnsw_${(h >>> 0).toString(16).padStart(8, "0")}`;
}

/**
 * Makes the HNSW index of this model and dimension, once per handle. Beyond halfvec's 4,000 dimensions
 * there is none and `<=>` scans the model's rows exactly (still in the database).
 */
export function ensureVectorIndex({ db, space }: { db: Db; space: EmbeddingSpace }): Promise<void> {
  if (space.path !== "pgvector" || space.dims > MAX_HALFVEC_DIMS) return Promise.resolve();
  let byDb = indexes.get(db);
  if (!byDb) indexes.set(db, (byDb = new Map()));
  const key = `${space.model}\0${space.dims}`;
  let made = byDb.get(key);
  if (!made) {
    const ops = Prisma.raw(space.dims <= MAX_VECTOR_DIMS ? "vector_cosine_ops" : "halfvec_cosine_ops");
    const name = Prisma.raw(`"${indexName(space)}"`);
    made = db.$executeRaw`
      CREATE INDEX IF NOT EXISTS ${name} ON "FactEmbedding" USING hnsw (("embedding"::${castType(space.dims)}) ${ops})
      WHERE "model" = ${literal(space.model)} AND "dims" = ${Prisma.raw(String(space.dims))}`.then(() => undefined);
    byDb.set(key, made);
    made.catch(() => byDb.delete(key));
  }
  return made;
}

/** SimHash keys, kept only on the "bands" path (where FactVectorBand is the index). */
export function bandsFor(space: EmbeddingSpace, vector: readonly number[]): number[] | null {
  return space.path === "bands" ? vectorBandKeys(vector, space.model) : null;
}

const intArray = (keys: number[] | null) => (keys ? `{${keys.join(",")}}` : "");

/**
 * Stores fact vectors for `space`, replacing any older model's. A vector is kept only if the fact still
 * has the text that was embedded, so an edit racing a backfill never leaves a vector of the old text.
 */
export async function storeFactEmbeddings({
  db,
  space,
  items,
}: {
  db: Db | Tx;
  space: EmbeddingSpace;
  items: Array<{ factId: string; content: string; vector: number[] }>;
}): Promise<number> {
  const rows = items.filter((x) => x.vector.length === space.dims);
  if (rows.length === 0) return 0;
  return db.$executeRaw`
    INSERT INTO "FactEmbedding" ("factId", "model", "dims", "embedding", "bands")
    SELECT f."id", ${space.model}, ${space.dims}::int, ${decodeVector(space, Prisma.sql`u.v`)}::real[],
           NULLIF(u.b, '')::int[]
    FROM unnest(${rows.map((x) => x.factId)}::text[], ${rows.map((x) => x.content)}::text[],
                ${rows.map((x) => encodeVector(space, x.vector))}::text[],
                ${rows.map((x) => intArray(bandsFor(space, x.vector)))}::text[]) AS u(id, t, v, b)
    JOIN "Fact" f ON f."id" = u.id AND f."content" = u.t
    ON CONFLICT ("factId") DO UPDATE SET "model" = EXCLUDED."model", "dims" = EXCLUDED."dims",
      "embedding" = EXCLUDED."embedding", "bands" = EXCLUDED."bands", "createdAt" = now()`;
}

/** A candidate's vector as review made it, to be saved with the candidate (saveCandidates). */
export interface CandidateVector {
  candidateId: string;
  space: EmbeddingSpace;
  vector: number[];
}

export async function storeCandidateEmbeddings({
  db,
  items,
}: {
  db: Db | Tx;
  items: CandidateVector[];
}): Promise<void> {
  // One statement per space; a review batch has one.
  const groups = new Map<string, CandidateVector[]>();
  for (const x of items) {
    const key = `${x.space.model}\0${x.space.dims}\0${x.space.path}`;
    groups.set(key, [...(groups.get(key) ?? []), x]);
  }
  for (const rows of groups.values()) {
    const space = rows[0]?.space;
    if (!space) continue;
    await db.$executeRaw`
      INSERT INTO "CandidateEmbedding" ("candidateId", "model", "dims", "embedding", "bands")
      SELECT u.id, ${space.model}, ${space.dims}::int, ${decodeVector(space, Prisma.sql`u.v`)}::real[],
             NULLIF(u.b, '')::int[]
      FROM unnest(${rows.map((x) => x.candidateId)}::text[], ${rows.map((x) => encodeVector(space, x.vector))}::text[],
                  ${rows.map((x) => intArray(bandsFor(space, x.vector)))}::text[]) AS u(id, v, b)
      ON CONFLICT ("candidateId") DO NOTHING`;
  }
}

/**
 * Gives a fact the vector its candidate was reviewed with (same text, so no model call), unless the fact
 * has one already. Returns whether a vector was copied.
 */
export async function copyCandidateEmbedding({
  db,
  candidateId,
  factId,
}: {
  db: Db | Tx;
  candidateId: string;
  factId: string;
}): Promise<boolean> {
  const copied = await db.$executeRaw`
    INSERT INTO "FactEmbedding" ("factId", "model", "dims", "embedding", "bands")
    SELECT ${factId}, c."model", c."dims", c."embedding", c."bands"
    FROM "CandidateEmbedding" c WHERE c."candidateId" = ${candidateId}
    ON CONFLICT ("factId") DO NOTHING`;
  return copied > 0;
}

/** Where a space's sweep stands: its cursor, whether this pass found anything, and when it may run again. */
interface Sweep {
  cursor: string;
  found: boolean;
  restUntil: number;
}
const sweeps = new WeakMap<object, Map<string, Sweep>>();
/** After a full pass finds nothing missing, the sweep rests: new facts get vectors when approved anyway. */
const SWEEP_REST_MS = 60_000;

/**
 * Active facts with no vector of this space, at most `limit`: first those among `ids` (the facts a review
 * is about to compare with, in that order), then from a sweep that reads `sweepWindow` facts per call in
 * id order, wrapping around, so every fact is eventually embedded at a bounded cost per batch. A pass
 * that finds nothing rests the sweep for a minute.
 */
export async function findFactsWithoutEmbedding({
  db,
  space,
  ids,
  limit,
  sweepWindow = 2000,
}: {
  db: Db;
  space: EmbeddingSpace;
  ids: string[];
  limit: number;
  sweepWindow?: number;
}): Promise<Array<{ id: string; content: string }>> {
  if (limit <= 0) return [];
  const missing = (where: Prisma.Sql, order: Prisma.Sql, take: number) => db.$queryRaw<
    Array<{ id: string; content: string }>
  >`
    SELECT f."id", f."content" FROM "Fact" f
    WHERE ${where} AND f."status" = 'active' AND NOT EXISTS (
      SELECT 1 FROM "FactEmbedding" e
      WHERE e."factId" = f."id" AND e."model" = ${space.model} AND e."dims" = ${space.dims}::int)
    ORDER BY ${order} LIMIT ${take}::int`;
  const found =
    ids.length > 0
      ? await missing(
          Prisma.sql`f."id" = ANY(${ids}::text[])`,
          Prisma.sql`array_position(${ids}::text[], f."id")`,
          limit,
        )
      : [];
  let byDb = sweeps.get(db);
  if (!byDb) sweeps.set(db, (byDb = new Map()));
  const key = `${space.model}\0${space.dims}`;
  const sweep = byDb.get(key) ?? { cursor: "", found: false, restUntil: 0 };
  byDb.set(key, sweep);
  if (found.length >= limit || Date.now() < sweep.restUntil) return found;

  const from = sweep.cursor;
  const [edge] = await db.$queryRaw<Array<{ id: string }>>`
    SELECT "id" FROM "Fact" WHERE "id" > ${from} ORDER BY "id" OFFSET ${sweepWindow - 1}::int LIMIT 1`;
  const window = edge ? Prisma.sql`f."id" > ${from} AND f."id" <= ${edge.id}` : Prisma.sql`f."id" > ${from}`;
  const rest = limit - found.length;
  const more = await missing(
    Prisma.sql`${window} AND NOT (f."id" = ANY(${found.map((f) => f.id)}::text[]))`,
    Prisma.sql`f."id"`,
    rest,
  );
  // A full take may leave more in the window: resume after the last one taken rather than skip them.
  const last = more[more.length - 1];
  sweep.cursor = more.length === rest && last ? last.id : (edge?.id ?? "");
  sweep.found ||= more.length > 0;
  if (sweep.cursor === "") {
    if (!sweep.found) sweep.restUntil = Date.now() + SWEEP_REST_MS;
    sweep.found = false;
  }
  found.push(...more);
  return found;
}
