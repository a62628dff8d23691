import "server-only";
import { randomUUID } from "node:crypto";
import type { ChunkOutcome } from "@/lib/chain/extract";
import type { DedupedChunk } from "@/lib/chain/dedupe";
import { compareBatchByVector, embedBatch, type BatchVectors } from "@/lib/chain/match-vectors";
import { isEmbeddedClient } from "@/lib/db/client";
import type { EmbeddingSpace } from "@/lib/db/embeddings";
import { rememberDecisions, type EarlierDecisions, type EarlierRejection } from "@/lib/chain/remember";
import { findEarlierDecisions, findSimilarRejections } from "@/lib/db/earlier-decisions";
import { findSimilarFactsInOrder, findSimilarOpenCandidates } from "@/lib/db/retrieval";
import type { Db } from "@/lib/db/types";
import type { Candidate } from "@/lib/extraction/schema";
import type { ModelEmbedder } from "@/lib/models";
import {
  loadSentenceEncoder,
  matchCandidate,
  scoreCandidates,
  type MatchInput,
  normalizeText,
  type Judge,
  type Match,
  type MatchResult,
  type PairScorer,
  type SentenceEncoder,
  type ThresholdsInput,
} from "@/lib/matcher";
import { STOPWORDS } from "@/lib/text/stopwords";

/**
 * The match stage: each chunk's new candidates judged against the fact base and the open candidates of
 * every source (retrieval in the database, lib/db/retrieval.ts, then the matcher's cascade, lib/matcher),
 * and against the chunk's earlier candidates. Each gets the id it is stored under, so a later candidate's
 * match can point at it, and the cluster it joins: one whose best match repeats an open candidate is shown
 * with it, once. Chunks are matched one at a time, after the chunk before was stored.
 */

/** How many retrieved facts the matcher scores per candidate: the verdict comes from the best few. */
const FACTS_PER_CANDIDATE = 8;
/** How many open candidates of any source, most alike first, each candidate is compared with. */
const OPEN_PER_CANDIDATE = 8;

export interface MatchedCandidate {
  candidate: Candidate;
  /** The id it is saved under (a re-judged candidate keeps its own). */
  id: string;
  match: MatchResult;
  /** The head of the cluster it joins, or null. */
  clusterId: string | null;
  /** Its embedding, when a model made one: approval copies it to the fact. */
  embedding?: { space: EmbeddingSpace; vector: number[] };
  /** A reviewer rejected these words before (lib/chain/remember.ts): the gate shows it or rejects again. */
  rejectedBefore?: EarlierRejection;
}

export interface MatchedChunk {
  outcome: ChunkOutcome;
  candidates: MatchedCandidate[];
  repeats: number;
  /** When this thread took the chunk up (performance.now()): the server rests as long after storing it. */
  began: number;
}

export interface MatchOptions {
  db: Db;
  /** The space the candidates belong to: they are matched against its facts and open candidates only. */
  spaceId: string;
  /**
   * Whom the candidates are about (their source's subject; null: no one): matched with the facts and open
   * candidates about the same subject only, so one end user's memory never merges into another's.
   */
  subject?: string | null;
  thresholds?: ThresholdsInput;
  /** Optional model-backed stages (lib/models buildMatcherModels), used only when configured. */
  embed?: ModelEmbedder;
  judge?: Judge;
  /** The local sentence encoder once loaded (lib/matcher/sentence-encoder.ts); without it, lexical only. */
  encoder?: SentenceEncoder | null;
  /** Where the lexical stage runs: the matcher thread on a server (lib/models buildMatcherModels); else here. */
  scorer?: PairScorer;
}

export async function* matchChunks(
  source: AsyncIterable<DedupedChunk>,
  options: Omit<MatchOptions, "encoder"> & { now?: () => number },
): AsyncGenerator<MatchedChunk> {
  const now = options.now ?? (() => performance.now());
  // A run may wait for the encoder's first load (~0.5 s, far more on a busy machine); a page never does. It loads
  // while the first chunks are with the model: awaited before pulling them, it held back every request.
  const loading = loadSentenceEncoder();
  for await (const { outcome, candidates, repeats } of source) {
    const encoder = await loading;
    const began = now();
    yield { outcome, repeats, began, candidates: await matchCandidates({ ...options, encoder, candidates }) };
  }
}

export function contentWords(text: string): Set<string> {
  return new Set(
    normalizeText(text)
      .split(" ")
      .filter((w) => w.length > 1 && !STOPWORDS.has(w)),
  );
}

/**
 * Cheap prefilter for the pairs within one batch (saved candidates are found by CandidateBand): the
 * matcher only sees earlier candidates sharing at least two content words, or all of a one-word
 * statement's. Scoring a pair costs ~25 µs, which for a 50-candidate batch adds up.
 */
export function mayMatch(a: Set<string>, b: Set<string>): boolean {
  let shared = 0;
  for (const w of a) if (b.has(w)) shared++;
  return shared >= Math.min(2, a.size, b.size) && shared > 0;
}

/**
 * One batch through the matcher: retrieve similar active facts and open candidates of any source, match
 * against them and against the batch's earlier candidates. Candidates given with an `id` are saved ones
 * being judged again (lib/jobs/rejudge.ts): they keep it, and are never compared with themselves.
 */
export async function matchCandidates({
  db,
  spaceId,
  subject = null,
  candidates,
  thresholds,
  embed,
  judge,
  encoder,
  scorer,
}: MatchOptions & { candidates: Array<Candidate & { id?: string }> }): Promise<MatchedCandidate[]> {
  if (candidates.length === 0) return [];
  // The embedding call runs while the lexical retrieval does (lib/chain/match-vectors.ts).
  const embedding = embed
    ? embedBatch(
        embed,
        candidates.map((c) => c.content),
      )
    : undefined;
  // On a PostgreSQL server, in three chunks: the matcher scores one while the server retrieves the next
  // (~20% off a 50-candidate batch). PGlite runs on this thread, and the vector stage needs every list.
  const texts = candidates.map((c) => c.content);
  const chunkSize = embed || isEmbeddedClient(db) ? texts.length : Math.ceil(texts.length / 3);
  const similar = findSimilarFactsInOrder({ db, spaceId, subject, texts, limit: FACTS_PER_CANDIDATE, chunkSize });
  const ids = candidates.map((c) => c.id ?? randomUUID());
  const inBatch = new Set(ids);
  // The batch's own members are compared in order, below, with the verdicts this batch gives them.
  // One per cluster: its members say the same thing, and a match with each would repeat it.
  const open = await findSimilarOpenCandidates({ db, spaceId, subject, texts, limit: OPEN_PER_CANDIDATE * 2 });
  const saved = open.map((list) => onePerCluster(list.filter((c) => !inBatch.has(c.id))).slice(0, OPEN_PER_CANDIDATE));
  const words = candidates.map((c) => contentWords(c.content));
  const byVector =
    embed && embedding
      ? await compareBatchByVector({
          db,
          spaceId,
          subject,
          embed,
          vectors: embedding,
          similar: await similar.all(),
          pendingIds: saved.map((list) => list.map((c) => c.id)),
          thresholds,
        })
      : undefined;

  // What reviewers decided on these words before; a re-judged candidate is not its own earlier decision.
  const exact = await findEarlierDecisions({
    db,
    spaceId,
    subject,
    texts,
    exclude: candidates.flatMap((c) => (c.id ? [c.id] : [])),
  });
  const decided = await withReworded({ db, spaceId, subject, candidates, decided: exact, thresholds, encoder, scorer });
  // What each candidate is compared with is known before any verdict (the batch's earlier members whatever they
  // are judged), so every candidate's lexical stage starts first: on the matcher thread they run back to back.
  const plain: Candidate[] = candidates.map(({ id: _given, ...candidate }) => candidate);
  const inputs: MatchInput[] = [];
  const earlier: Array<{ id: string; content: string; words: Set<string> }> = [];
  for (const [i, candidate] of plain.entries()) {
    const own = words[i] as Set<string>;
    inputs.push({
      candidate,
      facts: withNeighbours(await similar.factsFor(i), byVector?.neighbours(i)),
      pendingCandidates: [...(saved[i] ?? []), ...earlier.filter((p) => mayMatch(own, p.words))],
      thresholds,
      embeddingSimilarity: byVector?.similarityFor(i),
      judge,
      encoder,
    });
    earlier.push({ id: ids[i] as string, content: candidate.content, words: own });
  }
  // One request for the batch: on a busy server a run that waited once per candidate (or per answer) fell behind
  // every page request, twice as slow with four clients browsing.
  const scored = await scoreCandidates(inputs, scorer);
  const matched: MatchedCandidate[] = [];
  const clusterOf = new Map<string, string | null>(saved.flat().map((c) => [c.id, c.clusterId]));
  for (const [i, input] of inputs.entries()) {
    const match = await matchCandidate(input, scored[i]);
    const id = ids[i] as string;
    const judged = rememberDecisions(
      {
        candidate: plain[i] as Candidate,
        id,
        match,
        clusterId: joinCluster(match.matches[0], clusterOf),
        ...vectorToStore(byVector, i, id),
      },
      decided[i] ?? {},
    );
    matched.push(judged);
    clusterOf.set(id, judged.clusterId);
  }
  return matched;
}

/**
 * A candidate whose words no decision matched exactly may still be the matcher's duplicate of a rejected one
 * (reworded, reordered): the rejected candidates most like it by trigrams go through the matcher's lexical
 * and encoder stages (never the LLM judge: a reviewer's rejection is not worth a model call per candidate).
 */
async function withReworded({
  db,
  spaceId,
  subject,
  candidates,
  decided,
  thresholds,
  encoder,
  scorer,
}: Pick<MatchOptions, "db" | "spaceId" | "subject" | "thresholds" | "encoder" | "scorer"> & {
  candidates: Candidate[];
  decided: EarlierDecisions[];
}): Promise<EarlierDecisions[]> {
  const open = candidates.flatMap((c, i) => (decided[i]?.rejected || decided[i]?.approved ? [] : [i]));
  const similar = await findSimilarRejections({
    db,
    spaceId,
    subject,
    texts: open.map((i) => (candidates[i] as Candidate).content),
  });
  const asked = open.flatMap((i, k) => {
    const rejections = similar[k] ?? [];
    if (rejections.length === 0) return [];
    const { id: _id, ...candidate } = candidates[i] as Candidate & { id?: string };
    const input: MatchInput = {
      candidate,
      facts: [],
      pendingCandidates: rejections.map((r) => ({ id: r.candidateId, content: r.content })),
      thresholds,
      encoder,
    };
    return [{ i, rejections, input }];
  });
  const scored = await scoreCandidates(
    asked.map((a) => a.input),
    scorer,
  );
  const out = [...decided];
  for (const [k, { i, rejections, input }] of asked.entries()) {
    const match = await matchCandidate(input, scored[k]);
    const best = match.matches[0];
    const rejected = best?.verdict === "duplicate" ? rejections.find((r) => r.candidateId === best.candidateId) : null;
    if (rejected) out[i] = { ...out[i], rejected };
  }
  return out;
}

function onePerCluster<C extends { id: string; clusterId: string | null }>(list: C[]): C[] {
  const seen = new Set<string>();
  return list.filter((c) => {
    const key = c.clusterId ?? c.id;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * The cluster a candidate joins: its best match's, when that is a duplicate of an open candidate. The
 * cluster is named by its head (the first candidate that said it), so clusters stay one level deep.
 */
export function joinCluster(best: Match | undefined, clusterOf: Map<string, string | null>): string | null {
  if (!best?.candidateId || best.verdict !== "duplicate") return null;
  return clusterOf.get(best.candidateId) ?? best.candidateId;
}

/** The lexical retrieval's facts plus those found only by vector (never twice). */
function withNeighbours<F extends { id: string; content: string }>(
  facts: F[],
  neighbours: Array<{ id: string; content: string }> = [],
) {
  const seen = new Set(facts.map((f) => f.id));
  return [...facts, ...neighbours.filter((n) => !seen.has(n.id))];
}

/** The candidate's vector for saveCandidates; later candidates of the batch compare with it too. */
function vectorToStore(byVector: BatchVectors | undefined, i: number, id: string): Pick<MatchedCandidate, "embedding"> {
  byVector?.remember(i, id);
  const embedding = byVector?.vectorOf(i);
  return embedding ? { embedding } : {};
}
