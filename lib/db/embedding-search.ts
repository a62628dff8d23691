import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import {
  castType,
  decodeVector,
  encodeVector,
  ensureVectorIndex,
  literal,
  type EmbeddingSpace,
} from "@/lib/db/embeddings";
import type { Db, Tx } from "@/lib/db/types";
import { vectorBandKeys } from "@/lib/db/vector-bands";
import { cosineSimilarity } from "@/lib/matcher";

/**
 * Nearest facts and pair similarities for a batch of query vectors.
 * - pgvector: one statement; HNSW for the neighbours, `<=>` for the pairs; no vector leaves the database.
 * - bands: the POOL facts sharing the most SimHash bands with each query (each band's list read up to
 *   BAND_CAP rows), then the vectors of those and of the asked-about facts are read in binary
 *   (`array_send`) and compared in JS. A dot product over `unnest` in SQL cost ~0.7 ms a pair; reading
 *   the floats as text, ~0.45 ms; binary, ~0.25 ms (PostgreSQL 15, 768 dimensions, loaded machine).
 */

const BAND_CAP = 128;
const POOL = 8;
/**
 * pgvector: candidates the HNSW search keeps (default 40). 20 is ample for the 12 rows asked per query and
 * cut a batch's search by a third (PGlite, 10k facts, 768 dimensions: 352 → 238 ms).
 */
const EF_SEARCH = 20;

export interface FactNeighbour {
  id: string;
  content: string;
  similarity: number;
}

type Compared = Array<{ similarities: Map<string, number>; neighbours: FactNeighbour[] }>;

/**
 * For each query vector: cosine similarity to the facts in `factIds[i]` that have a vector of this space
 * (the lexical retrieval's hits), and up to `neighbours` other active facts nearest by vector with
 * similarity ≥ `minSimilarity`, best first.
 */
export async function compareWithStoredFacts(input: {
  db: Db;
  /** Neighbours only from this Sift space's facts (issue 27); `space` is the embedding's model and size. */
  spaceId: string;
  /** Neighbours only about this subject (null: about no one), as the lexical retrieval; any when absent. */
  subject?: string | null;
  space: EmbeddingSpace;
  vectors: number[][];
  factIds: string[][];
  neighbours: number;
  minSimilarity: number;
}): Promise<Compared> {
  const out: Compared = input.vectors.map(() => ({ similarities: new Map(), neighbours: [] }));
  if (input.vectors.length === 0) return out;
  const rows = input.space.path === "pgvector" ? await byIndex(input) : await byBands(input);
  // Pairs first: a fact the lexical retrieval found is never a "neighbour" too.
  for (const r of rows) if (r.content === null) out[r.i]?.similarities.set(r.id, r.similarity);
  for (const { i, id, similarity, content } of [...rows].sort(
    (a, b) => b.similarity - a.similarity || a.id.localeCompare(b.id),
  )) {
    const slot = out[i];
    if (!slot || content === null || similarity < input.minSimilarity || slot.similarities.has(id)) continue;
    if (slot.neighbours.length < input.neighbours && !slot.neighbours.some((n) => n.id === id))
      slot.neighbours.push({ id, content, similarity });
  }
  return out;
}

/** Rows of (query i, fact id, similarity), with the content for neighbours and null for asked-about pairs. */
type Row = { i: number; id: string; similarity: number; content: string | null };

// Within a space, an end user's facts are compared with their own only (issue 27's subjects).
const about = (subject: string | null | undefined) =>
  subject === undefined ? Prisma.empty : Prisma.sql`AND f."subject" IS NOT DISTINCT FROM ${subject}`;

const pairsOf = (ids: string[][]) => ids.flatMap((list, i) => list.map((id) => ({ i, id })));

/** The batch's query vectors, decoded once (MATERIALIZED) and numbered from 0. */
function queryVectors(space: EmbeddingSpace, vectors: number[][]): Prisma.Sql {
  return Prisma.sql`q AS MATERIALIZED (
    SELECT u.ord::int - 1 AS i, ${decodeVector(space, Prisma.sql`u.v`)} AS v
    FROM unnest(${vectors.map((v) => encodeVector(space, v))}::text[]) WITH ORDINALITY AS u(v, ord))`;
}

async function byIndex({
  db,
  spaceId,
  subject,
  space,
  vectors,
  factIds,
  neighbours,
}: Parameters<typeof compareWithStoredFacts>[0]): Promise<Row[]> {
  await ensureVectorIndex({ db, space });
  const pairs = pairsOf(factIds);
  const cast = castType(space.dims);
  // The index expression and partial predicate are repeated exactly, or the planner ignores the index.
  const inSpace = Prisma.sql`e."model" = ${literal(space.model)} AND e."dims" = ${Prisma.raw(String(space.dims))}`;
  const statement = (tx: Db | Tx) => tx.$queryRaw<Row[]>`
    WITH ${queryVectors(space, vectors)}
    SELECT q.i, n.id, n.similarity, f."content" FROM q CROSS JOIN LATERAL (
      SELECT e."factId" AS id, (1 - ((e."embedding"::${cast}) <=> (q.v::${cast})))::float8 AS similarity
      FROM "FactEmbedding" e WHERE ${inSpace}
      ORDER BY (e."embedding"::${cast}) <=> (q.v::${cast}) LIMIT ${neighbours + 8}::int
    ) n
    JOIN "Fact" f ON f."id" = n.id AND f."status" = 'active' AND f."spaceId" = ${spaceId} ${about(subject)}
    WHERE ${neighbours}::int > 0
    UNION ALL
    SELECT p.i, p.id, (1 - ((e."embedding"::${cast}) <=> (q.v::${cast})))::float8, NULL
    FROM unnest(${pairs.map((p) => p.i)}::int[], ${pairs.map((p) => p.id)}::text[]) AS p(i, id)
    JOIN q ON q.i = p.i
    JOIN "FactEmbedding" e ON e."factId" = p.id AND ${inSpace}`;
  if (neighbours <= 0) return statement(db);
  return db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT set_config('hnsw.ef_search', ${String(EF_SEARCH)}, true)`;
    return statement(tx);
  });
}

async function byBands({
  db,
  spaceId,
  subject,
  space,
  vectors,
  factIds,
  neighbours,
}: Parameters<typeof compareWithStoredFacts>[0]): Promise<Row[]> {
  const keys = vectors.map((v) => `{${vectorBandKeys(v, space.model).join(",")}}`);
  const pool =
    neighbours <= 0
      ? []
      : await db.$queryRaw<Array<{ i: number; id: string; content: string }>>`
        SELECT r.i, f."id", f."content" FROM (
          SELECT h.i, h.id, row_number() OVER (PARTITION BY h.i ORDER BY h.shared DESC, h.id) AS rank
          FROM (
            SELECT u.ord::int - 1 AS i, b."factId" AS id, count(*) AS shared
            FROM unnest(${keys}::text[]) WITH ORDINALITY AS u(k, ord)
            CROSS JOIN LATERAL unnest(u.k::int[]) AS key
            CROSS JOIN LATERAL (SELECT "factId" FROM "FactVectorBand" WHERE "band" = key LIMIT ${BAND_CAP}::int) b
            GROUP BY 1, 2
          ) h
        ) r
        JOIN "Fact" f ON f."id" = r.id AND f."status" = 'active' AND f."spaceId" = ${spaceId} ${about(subject)}
        WHERE r.rank <= ${POOL}::int`;
  const pairs = pairsOf(factIds);
  const stored = await readVectors(
    db,
    "fact",
    space,
    [...pairs, ...pool].map((p) => p.id),
  );
  const rows: Row[] = [];
  for (const { i, id, content } of [...pairs.map((p) => ({ ...p, content: null })), ...pool]) {
    const q = vectors[i];
    const v = stored.get(id);
    if (q && v) rows.push({ i, id, content, similarity: cosineSimilarity(q, v) });
  }
  return rows;
}

/** Stored vectors of this space by id, read in binary (`array_send` of a real[] without nulls). */
async function readVectors(
  db: Db,
  kind: "fact" | "candidate",
  space: EmbeddingSpace,
  ids: string[],
): Promise<Map<string, Float32Array>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const [table, key] = kind === "fact" ? ['"FactEmbedding"', '"factId"'] : ['"CandidateEmbedding"', '"candidateId"'];
  const rows = await db.$queryRaw<Array<{ id: string; bin: Uint8Array }>>`
    SELECT ${Prisma.raw(key)} AS id, array_send("embedding") AS bin FROM ${Prisma.raw(table)}
    WHERE ${Prisma.raw(key)} = ANY(${unique}::text[]) AND "model" = ${space.model} AND "dims" = ${space.dims}::int`;
  return new Map(rows.map((r) => [r.id, fromArraySend(r.bin)]));
}

/**
 * array_send layout: ndim, has-nulls, element type, then (length, lower bound) per dimension; then
 * (int32 length, float4) per element, big-endian.
 */
function fromArraySend(bin: Uint8Array): Float32Array {
  const view = new DataView(bin.buffer, bin.byteOffset, bin.byteLength);
  const ndim = view.getInt32(0);
  const n = ndim === 0 ? 0 : view.getInt32(12);
  const out = new Float32Array(n);
  for (let k = 0, at = 12 + 8 * ndim; k < n; k++, at += 8) out[k] = view.getFloat32(at + 4);
  return out;
}

/**
 * Cosine similarity of each query vector to the saved candidates in `candidateIds[i]` (the source's open
 * candidates the matcher will compare it with), for those that have a vector of this space.
 */
export async function compareWithStoredCandidates({
  db,
  space,
  vectors,
  candidateIds,
}: {
  db: Db;
  space: EmbeddingSpace;
  vectors: number[][];
  candidateIds: string[][];
}): Promise<Array<Map<string, number>>> {
  const out = vectors.map(() => new Map<string, number>());
  const pairs = pairsOf(candidateIds);
  if (pairs.length === 0) return out;
  if (space.path === "pgvector") {
    const cast = castType(space.dims);
    const rows = await db.$queryRaw<Array<{ i: number; id: string; similarity: number }>>`
      WITH ${queryVectors(space, vectors)}
      SELECT p.i, p.id, (1 - ((e."embedding"::${cast}) <=> (q.v::${cast})))::float8 AS similarity
      FROM unnest(${pairs.map((p) => p.i)}::int[], ${pairs.map((p) => p.id)}::text[]) AS p(i, id)
      JOIN q ON q.i = p.i
      JOIN "CandidateEmbedding" e
        ON e."candidateId" = p.id AND e."model" = ${space.model} AND e."dims" = ${space.dims}::int`;
    for (const { i, id, similarity } of rows) out[i]?.set(id, similarity);
    return out;
  }
  const stored = await readVectors(
    db,
    "candidate",
    space,
    pairs.map((p) => p.id),
  );
  for (const { i, id } of pairs) {
    const q = vectors[i];
    const v = stored.get(id);
    if (q && v) out[i]?.set(id, cosineSimilarity(q, v));
  }
  return out;
}
