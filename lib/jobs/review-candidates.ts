import "server-only";
import { randomUUID } from "node:crypto";
import { listPendingAutoMerges, reopenCandidate, type CandidateReview } from "@/lib/db/candidates";
import { isEmbeddedClient } from "@/lib/db/client";
import { findSimilarFactsInOrder, findSimilarOpenCandidates } from "@/lib/db/retrieval";
import type { Db } from "@/lib/db/types";
import type { Candidate } from "@/lib/extraction/schema";
import { mergeCandidate } from "@/lib/facts/decide";
import { compareBatchByVector, embedBatch, type BatchVectors } from "@/lib/jobs/review-embeddings";
import type { ModelEmbedder } from "@/lib/models";
import {
  decideGate,
  exactDuplicateOfFact,
  matchCandidate,
  normalizeText,
  type GatePolicy,
  type Judge,
  type Match,
  type ThresholdsInput,
  type SentenceEncoder,
} from "@/lib/matcher";
import { findSecretKinds } from "@/lib/matcher/secrets";
import { STOPWORDS } from "@/lib/text/stopwords";

/** How many retrieved facts the matcher scores per candidate: the verdict comes from the best few. */
const FACTS_PER_CANDIDATE = 8;
/** How many open candidates of any source, most alike first, each candidate is compared with. */
const OPEN_PER_CANDIDATE = 8;

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
 * Judges candidates against the fact base, the other open candidates and the gate policy: retrieve
 * similar active facts and open candidates of any source, match against them and against the batch's
 * earlier candidates, then gate. Each review carries the id the candidate is saved under (saveCandidates
 * uses it), so a later candidate's match can point at an earlier one, and the cluster it joins: a
 * candidate whose best match repeats an open candidate is shown with it, once (clusterId).
 * Candidates given with an `id` are saved ones being judged again (lib/jobs/rejudge.ts): they keep it,
 * and are never compared with themselves.
 */
export async function reviewCandidates({
  db,
  candidates,
  thresholds,
  policy,
  embed,
  judge,
  encoder,
}: {
  db: Db;
  candidates: Array<Candidate & { id?: string }>;
  thresholds?: ThresholdsInput;
  policy?: Partial<GatePolicy>;
  /** Optional model-backed stages (lib/models buildMatcherModels), used only when configured. */
  embed?: ModelEmbedder;
  judge?: Judge;
  /** The local sentence encoder once loaded (lib/matcher/sentence-encoder.ts); without it, lexical only. */
  encoder?: SentenceEncoder | null;
}): Promise<CandidateReview[]> {
  if (candidates.length === 0) return [];
  // The embedding call runs while the lexical retrieval does (lib/jobs/review-embeddings.ts).
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
  const similar = findSimilarFactsInOrder({ db, texts, limit: FACTS_PER_CANDIDATE, chunkSize });
  const ids = candidates.map((c) => c.id ?? randomUUID());
  const inBatch = new Set(ids);
  // The batch's own members are compared in order, below, with the verdicts this batch gives them.
  // One per cluster: its members say the same thing, and a match with each would repeat it.
  const saved = (await findSimilarOpenCandidates({ db, texts, limit: OPEN_PER_CANDIDATE * 2 })).map((list) =>
    onePerCluster(list.filter((c) => !inBatch.has(c.id))).slice(0, OPEN_PER_CANDIDATE),
  );
  const words = candidates.map((c) => contentWords(c.content));
  const secrets = await findSecretKinds(candidates.map((c) => `${c.content}\n${c.quote}`));
  const byVector =
    embed && embedding
      ? await compareBatchByVector({
          db,
          embed,
          vectors: embedding,
          similar: await similar.all(),
          pendingIds: saved.map((list) => list.map((c) => c.id)),
          thresholds,
        })
      : undefined;

  const reviews: CandidateReview[] = [];
  const earlier: Array<{ id: string; content: string; words: Set<string> }> = [];
  const clusterOf = new Map<string, string | null>(saved.flat().map((c) => [c.id, c.clusterId]));
  for (const [i, candidate] of candidates.entries()) {
    const own = words[i] as Set<string>;
    const result = await matchCandidate({
      candidate,
      facts: withNeighbours(await similar.factsFor(i), byVector?.neighbours(i)),
      pendingCandidates: [...(saved[i] ?? []), ...earlier.filter((p) => mayMatch(own, p.words))],
      thresholds,
      embeddingSimilarity: byVector?.similarityFor(i),
      judge,
      encoder,
    });
    const gate = decideGate({ candidate, match: result, policy, secrets: secrets[i] ?? [] });
    const id = ids[i] as string;
    const review: CandidateReview = {
      id,
      verdict: result.verdict,
      verdictStage: result.stage,
      matches: result.matches,
      status: gate.status,
      gateReason: gate.reasons.length > 0 ? gate.reasons.join("; ") : null,
      clusterId: joinCluster(result.matches[0], clusterOf),
      ...vectorToStore(byVector, i, id),
    };
    reviews.push(review);
    clusterOf.set(id, review.clusterId ?? null);
    earlier.push({ id, content: candidate.content, words: own });
  }
  return reviews;
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
function joinCluster(best: Match | undefined, clusterOf: Map<string, string | null>): string | null {
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
function vectorToStore(byVector: BatchVectors | undefined, i: number, id: string): Pick<CandidateReview, "embedding"> {
  byVector?.remember(i, id);
  const embedding = byVector?.vectorOf(i);
  return embedding ? { embedding } : {};
}

/**
 * Folds candidates the gate auto-merged (status "merged", policy `autoMergeExactDuplicates`) into
 * their fact: provenance, a revision and a version bump, through decide.ts's mergeCandidate. Call it
 * after saveCandidates for the same run. A candidate whose fact is no longer active goes back to the
 * queue with the reason. Returns how many were merged.
 */
export async function applyAutoMerges({ db, runId }: { db: Db; runId: string }): Promise<number> {
  let count = 0;
  for (const c of await listPendingAutoMerges({ db, runId })) {
    // The fact decideGate chose to merge into, found again the same way.
    const factId = c.matches ? exactDuplicateOfFact(c.matches)?.factId : undefined;
    try {
      if (!factId) throw new Error(c.matches ? "no exact duplicate recorded" : "its match data is unreadable");
      // mergeCandidate claims open candidates only, in its own transaction (the PGlite adapter has no
      // nested transactions), so reopen it first; if the merge fails it stays open, with the reason.
      if (!(await reopenCandidate({ db, candidateId: c.id, from: ["merged"] }))) continue;
      await mergeCandidate({ db, candidateId: c.id, factId, reviewerId: null });
      count++;
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      const gateReason = `Auto-merge failed: ${why}`;
      await reopenCandidate({ db, candidateId: c.id, from: ["merged", "pending"], gateReason });
    }
  }
  return count;
}
