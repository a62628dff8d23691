import "server-only";
import { log } from "@/lib/log";
import { compareWithStoredCandidates, compareWithStoredFacts, type FactNeighbour } from "@/lib/db/embedding-search";
import {
  detectVectorPath,
  findFactsWithoutEmbedding,
  storeFactEmbeddings,
  type EmbeddingSpace,
} from "@/lib/db/embeddings";
import type { Db } from "@/lib/db/types";
import type { ModelEmbedder } from "@/lib/models";
import { cosineSimilarity, ThresholdsSchema, type ThresholdsInput } from "@/lib/matcher";

/**
 * The embedding step of the match stage (lib/chain/match.ts): one embedMany call for the batch's texts,
 * started alongside the lexical retrieval; then facts the batch is compared with that have no vector of
 * this model are embedded in one more call and stored (at most BACKFILL_PER_BATCH); then stored vectors
 * give each candidate its cosine to the lexical hits and its nearest facts by vector. Any failure leaves
 * the batch with lexical verdicts, and the candidates are saved all the same.
 */

/** Facts embedded per batch when their vectors are missing (configured later, edited since, or failed). */
const BACKFILL_PER_BATCH = 100;
/** Facts found by vector alone added to a candidate's matches, beyond the lexical retrieval's. */
const VECTOR_NEIGHBOURS = 4;

export interface BatchVectors {
  /** Facts nearest to candidate `i` by vector that the lexical retrieval did not return. */
  neighbours(i: number): FactNeighbour[];
  /** Cosine of candidate `i` to a fact or pending candidate, when both have vectors. */
  similarityFor(i: number): (other: { factId?: string; candidateId?: string }) => number | undefined;
  /** The vector to store with candidate `i` (saveCandidates). */
  vectorOf(i: number): { space: EmbeddingSpace; vector: number[] } | undefined;
  /** Candidate `i` is saved as `id`: later candidates of the batch compare with it by vector. */
  remember(i: number, id: string): void;
}

function usable(embeddings: number[][], count: number, dims?: number): boolean {
  const d = dims ?? embeddings[0]?.length ?? 0;
  return embeddings.length === count && d > 0 && embeddings.every((e) => e.length === d && e.every(Number.isFinite));
}

/** The batch's one embedMany call; null when the model failed (the embedder has logged why). */
export function embedBatch(embed: ModelEmbedder, texts: string[]): Promise<number[][] | null> {
  return embed(texts).then(
    ({ embeddings }) => (usable(embeddings, texts.length) ? embeddings : null),
    () => null,
  );
}

/** The lexical hits, best rank first across candidates, so backfill serves every candidate's top hits. */
function byRank(lists: string[][]): string[] {
  const out = new Set<string>();
  const longest = Math.max(0, ...lists.map((l) => l.length));
  for (let r = 0; r < longest; r++) {
    for (const l of lists) {
      const id = l[r];
      if (id !== undefined) out.add(id);
    }
  }
  return [...out];
}

async function backfill({
  db,
  embed,
  space,
  ids,
}: {
  db: Db;
  embed: ModelEmbedder;
  space: EmbeddingSpace;
  ids: string[];
}) {
  const missing = await findFactsWithoutEmbedding({ db, space, ids, limit: BACKFILL_PER_BATCH });
  if (missing.length === 0) return;
  const { embeddings } = await embed(missing.map((f) => f.content));
  if (!usable(embeddings, missing.length, space.dims)) {
    log.warn({ facts: missing.length }, "could not embed stored facts; a later batch retries them");
    return;
  }
  await storeFactEmbeddings({
    db,
    space,
    items: missing.map((f, i) => ({ factId: f.id, content: f.content, vector: embeddings[i] ?? [] })),
  });
}

export async function compareBatchByVector({
  db,
  spaceId,
  subject,
  embed,
  vectors: pending,
  similar,
  pendingIds,
  thresholds,
}: {
  db: Db;
  spaceId: string;
  /** The batch's subject: facts found by vector alone are about it too (null: about no one). */
  subject: string | null;
  embed: ModelEmbedder;
  /** embedBatch's promise for the batch's texts */
  vectors: Promise<number[][] | null>;
  /** the lexical retrieval's facts per candidate */
  similar: Array<Array<{ id: string; exact?: boolean }>>;
  /** per candidate, the saved open candidates the matcher will compare it with */
  pendingIds: string[][];
  thresholds?: ThresholdsInput;
}): Promise<BatchVectors | undefined> {
  const vectors = await pending;
  if (!vectors) {
    log.warn("no embeddings for this review batch; its verdicts are lexical only");
    return undefined;
  }
  // Plain real[] (the "bands" encoding) is readable on every database, should detection itself fail.
  let space: EmbeddingSpace = { model: embed.modelId, dims: vectors[0]?.length ?? 0, path: "bands" };
  let facts: Awaited<ReturnType<typeof compareWithStoredFacts>> = [];
  let saved: Array<Map<string, number>> = [];
  try {
    space = { ...space, path: await detectVectorPath({ db }) };
    // Same text (content hash) is a duplicate already: no vector can change that verdict.
    const lexical = similar.map((list) => list.filter((f) => !f.exact).map((f) => f.id));
    await backfill({ db, embed, space, ids: byRank(lexical) });
    const minSimilarity = ThresholdsSchema.parse(thresholds ?? {}).embeddingRelated;
    facts = await compareWithStoredFacts({
      db,
      spaceId,
      subject,
      space,
      vectors,
      factIds: lexical,
      neighbours: VECTOR_NEIGHBOURS,
      minSimilarity,
    });
    saved = await compareWithStoredCandidates({ db, space, vectors, candidateIds: pendingIds });
  } catch (error) {
    // The vectors are still good: stored with the candidates, compared within the batch.
    log.warn(
      { err: error },
      "comparing stored embeddings failed; this batch's verdicts against stored facts are lexical only",
    );
  }
  const batchIds = new Map<string, number>();
  return {
    neighbours: (i) => facts[i]?.neighbours ?? [],
    similarityFor: (i) => (other) => {
      if (other.factId) {
        const slot = facts[i];
        return slot?.similarities.get(other.factId) ?? slot?.neighbours.find((n) => n.id === other.factId)?.similarity;
      }
      if (!other.candidateId) return undefined;
      const j = batchIds.get(other.candidateId);
      const q = vectors[i];
      const v = j === undefined ? undefined : vectors[j];
      return q && v ? cosineSimilarity(q, v) : saved[i]?.get(other.candidateId);
    },
    vectorOf: (i) => {
      const vector = vectors[i];
      return vector ? { space, vector } : undefined;
    },
    remember: (i, id) => void batchIds.set(id, i),
  };
}
