import "server-only";
import { getCandidateStatuses } from "@/lib/db/review-queue";
import { withTransaction, type Db } from "@/lib/db/types";
import { AppError } from "@/lib/errors";
import { forgetSource, setFactArchived } from "@/lib/facts/archive";
import { approveCandidate, mergeCandidate, rejectCandidate } from "@/lib/facts/decide";
import { editFact, restoreFactVersion } from "@/lib/facts/edit";
import { createManualFact } from "@/lib/facts/manual";
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

export async function rejectAndRejudge(options: Parameters<typeof rejectCandidate>[0] & { db: Db }) {
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

/** Cards decided at once, at most (a queue page is 100; "select all" covers a busy day's meetings). */
export const MAX_BULK = 2_000;

/**
 * Approves or rejects a selection of cards in one transaction: each with its cluster, all or nothing (a
 * card someone else decided meanwhile fails the whole selection with CONFLICT). A bulk approval leaves
 * gated cards out, unless `includeGated`: the gate asks for a look at each one. Then one re-judging for all.
 */
export async function decideSelection({
  db,
  candidateIds,
  action,
  reason,
  reviewerId,
  includeGated = false,
}: {
  db: Db;
  candidateIds: string[];
  action: "approve" | "reject";
  reason?: string;
  reviewerId: string;
  includeGated?: boolean;
}): Promise<{ decided: number; leftGated: number }> {
  if (candidateIds.length > MAX_BULK) {
    throw new AppError("VALIDATION", `At most ${MAX_BULK.toLocaleString("en")} cards can be decided at once.`);
  }
  const statuses = await getCandidateStatuses({ db, ids: candidateIds });
  const gated = candidateIds.filter((id) => statuses.get(id) === "gated");
  const ids =
    action === "approve" && !includeGated ? candidateIds.filter((id) => statuses.get(id) !== "gated") : candidateIds;
  const change = { factIds: [] as string[], texts: [] as string[], candidateIds: [] as string[] };
  await withTransaction(db, async (tx) => {
    for (const candidateId of ids) {
      if (action === "approve") {
        const fact = await approveCandidate({ db: tx, candidateId, reviewerId, withCluster: true });
        change.factIds.push(fact.id);
        change.texts.push(fact.content);
        change.candidateIds.push(candidateId, ...fact.mergedCandidateIds);
      } else {
        change.candidateIds.push(
          ...(await rejectCandidate({ db: tx, candidateId, reviewerId, reason, withCluster: true })),
        );
      }
    }
  });
  await rejudgeQuietly({ db, change });
  return { decided: ids.length, leftGated: action === "approve" && !includeGated ? gated.length : 0 };
}

/** A fact edited or restored, then the open candidates near its old or new text judged again. */
export async function editAndRejudge(options: Parameters<typeof editFact>[0]) {
  const result = await editFact(options);
  await rejudgeQuietly({
    db: options.db,
    change: { factIds: [options.factId], texts: [result.previousContent, result.fact.content] },
  });
  return result;
}

export async function restoreAndRejudge(options: Parameters<typeof restoreFactVersion>[0]) {
  const result = await restoreFactVersion(options);
  await rejudgeQuietly({
    db: options.db,
    change: { factIds: [options.factId], texts: [result.previousContent, result.fact.content] },
  });
  return result;
}

/** A fact entered by hand, then the open candidates that may repeat it judged again (now duplicates). */
export async function createManualFactAndRejudge(options: Parameters<typeof createManualFact>[0]) {
  const fact = await createManualFact(options);
  await rejudgeQuietly({ db: options.db, change: { factIds: [fact.id], texts: [fact.content] } });
  return fact;
}

/** A fact archived or brought back, then the open candidates that matched it judged again. */
export async function setFactArchivedAndRejudge(options: Parameters<typeof setFactArchived>[0] & { db: Db }) {
  const fact = await setFactArchived(options);
  await rejudgeQuietly({ db: options.db, change: { factIds: [fact.id], texts: [fact.content] } });
  return fact;
}

/** A source forgotten, then the open candidates that matched its facts judged again. */
export async function forgetSourceAndRejudge(options: Parameters<typeof forgetSource>[0]) {
  const result = await forgetSource(options);
  await rejudgeQuietly({
    db: options.db,
    change: { factIds: result.factIds, texts: result.texts },
  });
  return result;
}
