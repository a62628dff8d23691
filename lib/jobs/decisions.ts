import "server-only";
import type { Db } from "@/lib/db/types";
import { approveCandidate, mergeCandidate, rejectCandidate } from "@/lib/facts/decide";
import { undoDecision } from "@/lib/facts/undo";
import { rejudgeQuietly } from "@/lib/jobs/rejudge";

/**
 * A reviewer's decisions as the app makes them: the decision (lib/facts/decide.ts, one transaction,
 * never a model), then the open candidates it touched judged again (lib/jobs/rejudge.ts), so the queue
 * the reviewer sees next is true. The re-judging never undoes or fails a decision.
 */

type Approve = Parameters<typeof approveCandidate>[0] & { db: Db };

export async function approveAndRejudge(options: Approve) {
  const fact = await approveCandidate(options);
  await rejudgeQuietly({
    db: options.db,
    change: {
      factIds: [fact.id, ...(options.supersedeFactIds ?? [])],
      texts: [fact.content],
      candidateIds: [options.candidateId, ...fact.mergedCandidateIds],
    },
  });
  return fact;
}

export async function mergeAndRejudge(options: Parameters<typeof mergeCandidate>[0] & { db: Db }) {
  const fact = await mergeCandidate(options);
  await rejudgeQuietly({
    db: options.db,
    change: { factIds: [fact.id], texts: [fact.content], candidateIds: [options.candidateId] },
  });
  return fact;
}

export async function rejectAndRejudge(options: Parameters<typeof rejectCandidate>[0]) {
  const rejected = await rejectCandidate(options);
  await rejudgeQuietly({ db: options.db, change: { candidateIds: rejected } });
  return rejected;
}

export async function undoAndRejudge(options: Parameters<typeof undoDecision>[0]) {
  const result = await undoDecision(options);
  await rejudgeQuietly({
    db: options.db,
    change: {
      factIds: result.factIds,
      texts: result.texts,
      candidateIds: result.reopened,
      reopened: result.reopened,
    },
  });
  return result;
}
