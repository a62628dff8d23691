import "server-only";
import { getCandidateStatuses } from "@/lib/db/review-queue";
import type { Db } from "@/lib/db/types";
import { AppError, isAppError } from "@/lib/errors";
import { forgetSource, setFactArchived } from "@/lib/facts/archive";
import { forgetSubject } from "@/lib/facts/forget-subject";
import { approveCandidate, mergeCandidate, rejectCandidate } from "@/lib/facts/decide";
import { editFact, restoreFactVersion } from "@/lib/facts/edit";
import { createManualFact } from "@/lib/facts/manual";
import { moveFact } from "@/lib/facts/move";
import { undoDecision } from "@/lib/facts/undo";
import { listSpacesOfCandidates } from "@/lib/db/learned-models";
import { learnQuietly } from "@/lib/jobs/learning";
import { rejudgeQuietly } from "@/lib/jobs/rejudge";
import { log } from "@/lib/log";

/**
 * A reviewer's decisions as the app makes them: the decision (lib/facts/decide.ts, one transaction,
 * never a model), then the open candidates it touched judged again (lib/jobs/rejudge.ts), so the queue
 * the reviewer sees next is true; then, every few decisions, the learned confidence refitted (lib/jobs/learning.ts).
 * Neither the re-judging nor the learning ever undoes or fails a decision.
 */

/** The learning of each space the decided cards belong to (learning is per space, lib/jobs/learning.ts). */
async function learnInSpacesOf(db: Db, candidateIds: string[]): Promise<void> {
  // Never fails the decision: a space that cannot be read now learns after its next decision.
  const spaces = await listSpacesOfCandidates({ db, ids: candidateIds }).catch((error: unknown) => {
    log.error({ err: error }, "finding the spaces of decided cards to learn from failed");
    return [];
  });
  for (const spaceId of spaces) await learnQuietly({ db, spaceId });
}

type Approve = Parameters<typeof approveCandidate>[0] & { db: Db };

/**
 * The fact a card became, and the open candidates re-judged because of it (`rejudged`: whose verdict, matches,
 * gate or cluster changed), so the queue's answer can send those cards and nothing else.
 */
export async function approveAndRejudge(options: Approve) {
  const fact = await approveCandidate(options);
  // The fact's space is the card's (a decision never crosses spaces): named, not looked up again (issue 28).
  const rejudged = await rejudgeQuietly({
    db: options.db,
    change: {
      factIds: [fact.id, ...(options.supersedeFactIds ?? [])],
      texts: [fact.content],
      candidateIds: [options.candidateId, ...fact.mergedCandidateIds],
      spaceId: fact.spaceId,
    },
  });
  await learnQuietly({ db: options.db, spaceId: fact.spaceId });
  return { ...fact, rejudged };
}

export async function mergeAndRejudge(options: Parameters<typeof mergeCandidate>[0] & { db: Db }) {
  const fact = await mergeCandidate(options);
  const rejudged = await rejudgeQuietly({
    db: options.db,
    change: { factIds: [fact.id], texts: [fact.content], candidateIds: [options.candidateId], spaceId: fact.spaceId },
  });
  await learnQuietly({ db: options.db, spaceId: fact.spaceId });
  return { ...fact, rejudged };
}

/** The candidates rejected (the card and its cluster), and the open ones re-judged because of it. */
export async function rejectAndRejudge(options: Parameters<typeof rejectCandidate>[0] & { db: Db }) {
  const rejected = await rejectCandidate(options);
  const rejudged = await rejudgeQuietly({ db: options.db, change: { candidateIds: rejected } });
  await learnInSpacesOf(options.db, [options.candidateId]);
  return { rejected, rejudged };
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
  await learnInSpacesOf(options.db, [options.candidateId]);
  return result;
}

/** Cards decided at once, at most (a queue page is 100; "select all" covers a busy day's meetings). */
export const MAX_BULK = 2_000;

/** A card of a selection that was not decided, and why (someone else took it, it holds a secret …). */
export interface SkippedCard {
  candidateId: string;
  code: string;
  message: string;
}

/**
 * Approves or rejects a selection of cards, each with its cluster, each in its own transaction: a card someone
 * else decided meanwhile (CONFLICT), or one the decision may not take unasked (a credential to confirm), is
 * skipped and reported, and the rest are decided. A bulk approval leaves gated cards out, unless
 * `includeGated`: the gate asks for a look at each one. Then one re-judging for all.
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
}): Promise<{ decided: number; leftGated: number; skipped: SkippedCard[] }> {
  if (candidateIds.length > MAX_BULK) {
    throw new AppError("VALIDATION", `At most ${MAX_BULK.toLocaleString("en")} cards can be decided at once.`);
  }
  const statuses = await getCandidateStatuses({ db, ids: candidateIds });
  const gated = candidateIds.filter((id) => statuses.get(id) === "gated");
  const ids =
    action === "approve" && !includeGated ? candidateIds.filter((id) => statuses.get(id) !== "gated") : candidateIds;
  const change = { factIds: [] as string[], texts: [] as string[], candidateIds: [] as string[] };
  const skipped: SkippedCard[] = [];
  const decidedWith = new Set<string>();
  for (const candidateId of ids) {
    // A member decided with its cluster's head earlier in this selection is done, not taken by someone else.
    if (decidedWith.has(candidateId)) continue;
    try {
      if (action === "approve") {
        const fact = await approveCandidate({ db, candidateId, reviewerId, withCluster: true });
        change.factIds.push(fact.id);
        change.texts.push(fact.content);
        change.candidateIds.push(candidateId, ...fact.mergedCandidateIds);
        for (const id of fact.mergedCandidateIds) decidedWith.add(id);
      } else {
        const rejected = await rejectCandidate({ db, candidateId, reviewerId, reason, withCluster: true });
        change.candidateIds.push(...rejected);
        for (const id of rejected) decidedWith.add(id);
      }
    } catch (error) {
      if (!isAppError(error) || !["CONFLICT", "VALIDATION", "NOT_FOUND"].includes(error.code)) throw error;
      skipped.push({ candidateId, code: error.code, message: error.message });
    }
  }
  await rejudgeQuietly({ db, change });
  await learnInSpacesOf(db, ids);
  const decided = ids.filter((id) => !skipped.some((s) => s.candidateId === id)).length;
  return { decided, leftGated: action === "approve" && !includeGated ? gated.length : 0, skipped };
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

/** A subject forgotten (lib/facts/forget-subject.ts), then the open candidates that matched its facts judged again. */
export async function forgetSubjectAndRejudge(options: Parameters<typeof forgetSubject>[0]) {
  const result = await forgetSubject(options);
  await rejudgeQuietly({ db: options.db, change: { factIds: result.factIds, texts: result.texts } });
  return result;
}

/**
 * A fact moved or copied to another space (lib/facts/move.ts), then the open candidates judged again: in the
 * space it joined, those near its text (a repeat is now offered "merge into" it); after a move, in the space it
 * left, those whose stored matches name it (they stop offering it).
 */
export async function moveFactAndRejudge(options: Parameters<typeof moveFact>[0]) {
  const result = await moveFact(options);
  const change = { factIds: [result.factId], texts: [result.content] };
  if (result.mode === "move") await rejudgeQuietly({ db: options.db, change: { ...change, spaceId: result.from.id } });
  await rejudgeQuietly({ db: options.db, change: { ...change, spaceId: result.to.id } });
  return result;
}
