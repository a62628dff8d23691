import "server-only";
import { listCandidateHistory, recordCandidateEvent, reopenCandidates } from "@/lib/db/candidate-events";
import {
  bumpActiveFactVersion,
  deleteFact,
  getFact,
  reactivateFact,
  recordFactRevision,
  removeProvenance,
  snapshotOf,
} from "@/lib/db/facts";
import { withTransaction, type Db, type Tx } from "@/lib/db/types";
import { AppError } from "@/lib/errors";

/** What an undo changed, for the re-judging that follows it. */
export interface UndoResult {
  /** Candidates back in the queue. */
  reopened: string[];
  /** Facts deleted, restored or reworded. */
  factIds: string[];
  /** Texts those facts had: open candidates near them are judged again. */
  texts: string[];
}

/**
 * Undoes a candidate's last decision, in one transaction, as long as nothing built on it since: an
 * approval deletes the fact it made (with the cluster members merged into it) and makes the facts it
 * superseded active again; a merge takes the candidate's provenance off the fact (and its wording, if it
 * gave one); a rejection reopens it. The candidates go back to the queue and the history says "undone".
 * A member decided with its cluster undoes the whole cluster's decision. Never calls a model.
 */
export async function undoDecision({
  db,
  candidateId,
  reviewerId,
}: {
  db: Db;
  candidateId: string;
  reviewerId: string;
}): Promise<UndoResult> {
  return withTransaction(db, (tx) => undoIn(tx, candidateId, reviewerId));
}

async function undoIn(tx: Tx, candidateId: string, reviewerId: string): Promise<UndoResult> {
  const last = (await listCandidateHistory({ db: tx, candidateId })).at(-1);
  if (!last || last.action === "undone")
    throw new AppError("CONFLICT", "There is no decision to undo on this candidate.");
  if (last.detail.withHead) return undoIn(tx, last.detail.withHead, reviewerId);
  const undone = async (ids: string[]) => {
    for (const id of ids) {
      await recordCandidateEvent({ tx, candidateId: id, action: "undone", detail: { undid: last.id }, reviewerId });
    }
  };

  if (last.action === "rejected") {
    const ids = [candidateId, ...last.detail.clusterIds];
    await reopenCandidates({ tx, ids, from: "rejected" });
    await undone(ids);
    return { reopened: ids, factIds: [], texts: [] };
  }

  const fact = last.factId ? await getFact({ db: tx, factId: last.factId }) : null;
  if (!fact)
    throw new AppError("CONFLICT", "The fact this decision made or changed no longer exists; nothing was undone.");
  if (fact.version !== last.detail.factVersion || fact.status !== "active") {
    throw new AppError(
      "CONFLICT",
      `"${fact.content}" has changed since (now version ${fact.version}, ${fact.status}); nothing was undone.`,
    );
  }

  if (last.action === "merged") {
    await removeProvenance({ tx, factId: fact.id, candidateIds: [candidateId] });
    const content = last.detail.previousContent;
    await bumpActiveFactVersion({ tx, factId: fact.id, version: fact.version, content });
    await recordFactRevision({
      tx,
      factId: fact.id,
      version: fact.version + 1,
      action: "unmerge",
      before: snapshotOf(fact),
      after: snapshotOf({ ...fact, content: content ?? fact.content }),
      reason: "Undone: a candidate's merge",
      reviewerId,
    });
    await reopenCandidates({ tx, ids: [candidateId], from: "merged" });
    await undone([candidateId]);
    return { reopened: [candidateId], factIds: [fact.id], texts: [fact.content, ...(content ? [content] : [])] };
  }

  // An approval: its fact goes, the members merged into it and the candidate come back, and what it
  // superseded is active again.
  await reopenCandidates({ tx, ids: last.detail.clusterIds, from: "merged" });
  await reopenCandidates({ tx, ids: [candidateId], from: "approved" });
  for (const oldId of last.detail.supersededFactIds) {
    const old = await getFact({ db: tx, factId: oldId });
    if (!old || !(await reactivateFact({ tx, factId: oldId, version: old.version }))) {
      throw new AppError("CONFLICT", "A fact this approval superseded has changed since; nothing was undone.");
    }
    await recordFactRevision({
      tx,
      factId: oldId,
      version: old.version + 1,
      action: "restore",
      before: snapshotOf(old),
      after: snapshotOf({ ...old, status: "active", validTo: null }),
      reason: "Undone: the approval that superseded it",
      reviewerId,
    });
  }
  await deleteFact({ tx, factId: fact.id });
  await undone([candidateId, ...last.detail.clusterIds]);
  return {
    reopened: [candidateId, ...last.detail.clusterIds],
    factIds: [fact.id, ...last.detail.supersededFactIds],
    texts: [fact.content],
  };
}
