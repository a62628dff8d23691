import "server-only";
import { changeFactStatus, deleteFact, getFact, recordFactRevision, snapshotOf } from "@/lib/db/facts";
import {
  deleteSource,
  getSourceTitle,
  listFactsOfSource,
  listOpenCandidatesOfSource,
  removeSourceProvenance,
} from "@/lib/db/forget";
import { withTransaction, type Db, type Tx } from "@/lib/db/types";
import { AppError } from "@/lib/errors";
import { rejectCandidate } from "@/lib/facts/decide";
import { FORGET_REASON, type ForgetMode } from "@/lib/facts/schema";

/**
 * Archiving takes a fact out of the fact base without losing it (search and the API show active facts;
 * an archived one is still found by its status and can come back). Forgetting a source archives or
 * deletes what only that source said. Each is one transaction with a revision per fact changed.
 */

/** Archives (or, with `archived: false`, brings back) a fact that is still at the version the reviewer saw. */
export async function setFactArchived({
  db,
  factId,
  expectedVersion,
  archived,
  reviewerId,
  reason,
}: {
  db: Db | Tx;
  factId: string;
  expectedVersion: number;
  archived: boolean;
  reviewerId: string;
  reason?: string;
}) {
  return withTransaction(db, async (tx) => {
    const before = await getFact({ db: tx, factId });
    if (!before) throw new AppError("NOT_FOUND", "This fact no longer exists.");
    const [from, to] = archived ? (["active", "archived"] as const) : (["archived", "active"] as const);
    const fact =
      before.version === expectedVersion
        ? await changeFactStatus({ tx, factId, version: expectedVersion, from, to })
        : null;
    if (!fact) {
      throw new AppError(
        "CONFLICT",
        before.status === to
          ? `This fact is already ${to}.`
          : `This fact changed since you opened it (now version ${before.version}, ${before.status}); ` +
              "reload and try again.",
      );
    }
    await recordFactRevision({
      tx,
      factId,
      version: fact.version,
      action: archived ? "archive" : "unarchive",
      before: snapshotOf(before),
      after: snapshotOf(fact),
      reason: reason ?? (archived ? "Archived" : "Brought back from the archive"),
      reviewerId,
    });
    return fact;
  });
}

/**
 * Exactly what forgetting a source would change, for the reviewer to read before confirming: the facts
 * only it supports (archived, or deleted), the facts that keep their other sources, and its open candidates
 * (rejected). With "delete", its transcript, runs and candidates go too, and its quotes leave shared facts.
 */
export async function previewForgetSource({ db, sourceId }: { db: Db | Tx; sourceId: string }) {
  const source = await getSourceTitle({ db, sourceId });
  if (!source) throw new AppError("NOT_FOUND", "This source no longer exists.");
  const [facts, open] = await Promise.all([
    listFactsOfSource({ db, sourceId }),
    listOpenCandidatesOfSource({ db, sourceId }),
  ]);
  return {
    source,
    /** Facts only this source supports: active ones are archived (or deleted); others deleted only. */
    only: facts.filter((f) => f.onlyThisSource),
    /** Facts other sources (or a person) support too: they stay, with those. */
    shared: facts.filter((f) => !f.onlyThisSource),
    openCandidates: open,
  };
}

/**
 * Forgets a source as previewed. `expected` is the preview's fact and candidate ids: if anything was
 * approved or proposed from the source since, nothing changes (CONFLICT) and the reviewer previews again.
 */
export async function forgetSource({
  db,
  sourceId,
  mode,
  expected,
  reviewerId,
}: {
  db: Db;
  sourceId: string;
  mode: ForgetMode;
  expected: { factIds: string[]; candidateIds: string[] };
  reviewerId: string;
}) {
  return withTransaction(db, async (tx) => {
    const plan = await previewForgetSource({ db: tx, sourceId });
    const factIds = [...plan.only, ...plan.shared].map((f) => f.id);
    if (
      !sameSet(factIds, expected.factIds) ||
      !sameSet(
        plan.openCandidates.map((c) => c.id),
        expected.candidateIds,
      )
    ) {
      throw new AppError(
        "CONFLICT",
        "This source's facts or candidates changed since the preview; nothing was forgotten. Look at the new preview.",
      );
    }
    const reason = `${FORGET_REASON}: ${plan.source.title}`;
    const archived = mode === "delete" ? 0 : await archiveActiveFacts({ tx, facts: plan.only, reviewerId, reason });
    await rejectForgottenCandidates({ tx, candidates: plan.openCandidates, reviewerId });
    if (mode === "delete") {
      await deleteForgotten({ tx, factIds: plan.only.map((f) => f.id), sourceIds: [sourceId] });
    }
    return {
      archived,
      deleted: mode === "delete" ? plan.only.length : 0,
      kept: plan.shared.length,
      rejected: plan.openCandidates.length,
      factIds,
      texts: [...plan.only, ...plan.shared].map((f) => f.content),
    };
  });
}

/** Whether a preview's ids are still what is there now (forgetting changes nothing otherwise). */
export function sameSet(a: string[], b: string[]) {
  const set = new Set(b);
  return a.length === set.size && a.every((id) => set.has(id));
}

/** Archives the active ones of the facts a forget plan names, each with a revision; how many it archived. */
export async function archiveActiveFacts({
  tx,
  facts,
  reviewerId,
  reason,
}: {
  tx: Tx;
  facts: Array<{ id: string; status: string; version: number }>;
  reviewerId: string;
  reason: string;
}): Promise<number> {
  let archived = 0;
  for (const fact of facts) {
    if (fact.status !== "active") continue;
    await setFactArchived({
      db: tx,
      factId: fact.id,
      expectedVersion: fact.version,
      archived: true,
      reviewerId,
      reason,
    });
    archived++;
  }
  return archived;
}

/**
 * Rejects the waiting cards of what is forgotten as "source forgotten": a choice about the source, never a
 * verdict on the words (nothing learns from it).
 */
export async function rejectForgottenCandidates({
  tx,
  candidates,
  reviewerId,
}: {
  tx: Tx;
  candidates: Array<{ id: string }>;
  reviewerId: string;
}): Promise<void> {
  for (const candidate of candidates) {
    await rejectCandidate({ db: tx, candidateId: candidate.id, reviewerId, reason: FORGET_REASON });
  }
}

/** Deletes the facts, then each source with its text, runs and candidates, its quotes leaving the facts that stay. */
export async function deleteForgotten({ tx, factIds, sourceIds }: { tx: Tx; factIds: string[]; sourceIds: string[] }) {
  for (const factId of factIds) await deleteFact({ tx, factId });
  for (const sourceId of sourceIds) {
    await removeSourceProvenance({ tx, sourceId });
    await deleteSource({ tx, sourceId });
  }
}
