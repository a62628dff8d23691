import "server-only";
import type { ChunkOutcome } from "@/lib/chain/extract";
import type { GatedCandidate, GatedChunk } from "@/lib/chain/gate";
import { listPendingAutoMerges, reopenCandidate, saveCandidates, type CandidateReview } from "@/lib/db/candidates";
import { lockClaimedRunForChunk } from "@/lib/db/run-claims";
import { recordChunkOutcome } from "@/lib/db/runs";
import { withTransaction, type Db } from "@/lib/db/types";
import type { TokenUsage } from "@/lib/extraction/types";
import { addUsage } from "@/lib/extraction/usage";
import { approveCandidate, mergeCandidate } from "@/lib/facts/decide";
import { exactDuplicateOfFact } from "@/lib/matcher";

/**
 * The chain's last stage, the one that writes: each chunk's candidates, with their verdicts, matches,
 * gates and embeddings, its auto-approvals and its log entry, in one transaction that first locks the run
 * and checks this worker still holds it (so a worker that lost its claim writes nothing, and a chunk is
 * stored once). Auto-merges follow the commit. The server (and an in-memory store alike: the CLI, the
 * evaluations) stores the stream this way; only the rests for the pages differ.
 */

/**
 * Rest after each chunk as long as the chunk took on the server's thread, so a run holds about half of it and a
 * page waits behind fewer of its steps; capped, because a chunk's time also counts the pages it waited for, and
 * under steady browsing an uncapped rest more than doubled a run (figures in the README, "Runs off the request
 * path").
 */
const MAX_REST_MS = 50;

/**
 * A chunk's transaction is given time sized to its writes instead of Prisma's 5 s default: on a loaded
 * PostgreSQL a 2 MB unpunctuated line's chunk (its candidates, their approvals) ran past 5 s and the run failed
 * with P2028 (issue 22). Linear in the work, so no chunk can outgrow it; the floor covers the lock and the log.
 */
export function chunkTransactionMs({ candidates, approvals }: { candidates: number; approvals: number }): number {
  return 15_000 + 250 * candidates + 1_000 * approvals;
}

export interface PersistedRun {
  /** One per chunk run now, in chunk order. */
  outcomes: ChunkOutcome[];
  usage: TokenUsage;
}

export async function persistChunks(
  source: AsyncIterable<GatedChunk>,
  {
    db,
    runId,
    workerId,
    pace,
    now = () => performance.now(),
  }: {
    db: Db;
    runId: string;
    workerId: string;
    /** Rest between chunks for the pages that share this thread (the server); a CLI or an evaluation does not. */
    pace: boolean;
    now?: () => number;
  },
): Promise<PersistedRun> {
  const outcomes: ChunkOutcome[] = [];
  const usage: TokenUsage = { inputTokens: 0, outputTokens: 0 };
  const chunks = source[Symbol.asyncIterator]();
  try {
    for (;;) {
      // The offline extractor and PGlite both work on this thread, and their promises settle without visiting
      // the event loop: without a turn here, requests and the heartbeat wait for the whole run.
      if (pace) await new Promise((resolve) => setImmediate(resolve));
      const next = await chunks.next();
      if (next.done) break;
      const { outcome, candidates, repeats, began } = next.value;
      await storeChunk({ db, runId, workerId, outcome, candidates, repeats });
      if (candidates.some((c) => c.gate.status === "merged")) await applyAutoMerges({ db, runId });
      outcomes.push(outcome);
      addUsage(usage, outcome.usage);
      // Pages share this thread (and, on PGlite, the database) with the run.
      if (pace) await new Promise((resolve) => setTimeout(resolve, Math.min(MAX_REST_MS, now() - began)));
    }
  } finally {
    // On an error here (the claim lost, the database gone) the stages above stop: no chunk starts after it.
    await chunks.return?.();
  }
  return { outcomes, usage };
}

async function storeChunk({
  db,
  runId,
  workerId,
  outcome,
  candidates,
  repeats,
}: Omit<GatedChunk, "began"> & { db: Db; runId: string; workerId: string }) {
  // Auto-approved candidates are saved open and then approved through the same function a reviewer uses, so
  // the fact, its provenance and its revision are made the one way.
  const reviews = candidates.map(reviewOf);
  const autoApprove = reviews.filter((r) => r.status === "approved").map((r) => r.id);
  const toSave = reviews.map((r) => (r.status === "approved" ? { ...r, status: "pending" as const } : r));
  await withTransaction(
    db,
    async (tx) => {
      const { alreadySaved } = await lockClaimedRunForChunk({ tx, runId, workerId, chunkIndex: outcome.index });
      if (alreadySaved) return;
      await saveCandidates({
        db: tx,
        runId,
        chunkIndex: outcome.index,
        candidates: candidates.map((c) => c.candidate),
        reviews: toSave,
      });
      for (const candidateId of autoApprove) await approveCandidate({ db: tx, candidateId, reviewerId: null });
      await recordChunkOutcome({
        db: tx,
        runId,
        entry: {
          index: outcome.index,
          status: outcome.status,
          error: outcome.error,
          attempts: outcome.attempts,
          ms: outcome.ms,
          candidates: candidates.length,
          repeats,
          rejectedAgain: candidates.filter((c) => c.gate.status === "rejected").length,
          ...(outcome.refused.length > 0 ? { refused: outcome.refused } : {}),
          ...(outcome.rateLimit ? { rateLimit: outcome.rateLimit } : {}),
          ...(outcome.belowFloor ? { belowFloor: outcome.belowFloor } : {}),
          ...(outcome.joined ? { joined: outcome.joined } : {}),
        },
      });
    },
    { timeoutMs: chunkTransactionMs({ candidates: candidates.length, approvals: autoApprove.length }) },
  );
}

/** What the match and gate stages decided for a candidate, as it is stored. */
export function reviewOf({ id, match, gate, clusterId, embedding }: GatedCandidate): CandidateReview & { id: string } {
  return {
    id,
    verdict: match.verdict,
    verdictStage: match.stage,
    matches: match.matches,
    status: gate.status,
    gateReason: gate.reasons.length > 0 ? gate.reasons.join("; ") : null,
    ...(gate.rejectReason ? { rejectReason: gate.rejectReason } : {}),
    clusterId,
    ...(embedding ? { embedding } : {}),
  };
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
