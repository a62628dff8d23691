import "server-only";
import { deleteFact } from "@/lib/db/facts";
import {
  deleteSource,
  listFactsAboutSubject,
  listOtherFactsQuotingSources,
  listSourcesAboutSubject,
  removeSourceProvenance,
} from "@/lib/db/forget";
import { withTransaction, type Db, type Tx } from "@/lib/db/types";
import { AppError } from "@/lib/errors";
import { setFactArchived, type ForgetMode } from "@/lib/facts/archive";
import { rejectCandidate } from "@/lib/facts/decide";
import { FORGET_REASON } from "@/lib/facts/schema";

/**
 * Forgetting a subject (issue 27: an agent's end user says "forget me", the loyal_companion seed's `!forgetme`):
 * everything a space holds about them, previewed first exactly as forgetting a source is. Archive takes their
 * facts out of the fact base and rejects the cards still waiting; delete also removes their facts, their
 * sources (text, runs, candidates) and those sources' quotes from facts about anyone else.
 */
export async function previewForgetSubject({
  db,
  spaceId,
  subject,
}: {
  db: Db | Tx;
  spaceId: string;
  subject: string;
}) {
  const [facts, { sources, open }] = await Promise.all([
    listFactsAboutSubject({ db, spaceId, subject }),
    listSourcesAboutSubject({ db, spaceId, subject }),
  ]);
  const shared = await listOtherFactsQuotingSources({ db, sourceIds: sources.map((s) => s.id), subject });
  return {
    subject,
    /** Facts about them: active ones are archived (or all deleted). */
    facts,
    /** Sources about them: deleted with their runs and candidates (delete only). */
    sources,
    /** Cards from those sources still waiting: rejected. */
    openCandidates: open,
    /** Facts about someone else that quote those sources: they stay; on delete they lose those quotes. */
    shared,
  };
}

export type SubjectPlan = Awaited<ReturnType<typeof previewForgetSubject>>;

/**
 * Forgets a subject as previewed. `expected` names what the preview showed: if anything about them was
 * added, approved or proposed since, nothing changes (CONFLICT) and the reviewer previews again.
 */
export async function forgetSubject({
  db,
  spaceId,
  subject,
  mode,
  expected,
  reviewerId,
}: {
  db: Db;
  spaceId: string;
  subject: string;
  mode: ForgetMode;
  expected: { factIds: string[]; candidateIds: string[]; sourceIds: string[] };
  reviewerId: string;
}) {
  return withTransaction(db, async (tx) => {
    const plan = await previewForgetSubject({ db: tx, spaceId, subject });
    const same =
      sameSet(
        plan.facts.map((f) => f.id),
        expected.factIds,
      ) &&
      sameSet(
        plan.openCandidates.map((c) => c.id),
        expected.candidateIds,
      ) &&
      sameSet(
        plan.sources.map((s) => s.id),
        expected.sourceIds,
      );
    if (!same) {
      throw new AppError(
        "CONFLICT",
        `What Sift holds about ${subject} changed since the preview; nothing was forgotten. Look at the new preview.`,
      );
    }
    if (plan.facts.length === 0 && plan.sources.length === 0) {
      throw new AppError("NOT_FOUND", `Nothing here is about "${subject}".`);
    }
    const reason = `Subject forgotten: ${subject}`;
    let archived = 0;
    // As when a source is forgotten: a choice about the source, never a verdict on the words (nothing learns it).
    for (const candidate of plan.openCandidates) {
      await rejectCandidate({ db: tx, candidateId: candidate.id, reviewerId, reason: FORGET_REASON });
    }
    if (mode === "archive") {
      for (const fact of plan.facts) {
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
    } else {
      await deleteAll(tx, plan);
    }
    return {
      archived,
      deleted: mode === "delete" ? plan.facts.length : 0,
      sourcesDeleted: mode === "delete" ? plan.sources.length : 0,
      rejected: plan.openCandidates.length,
      kept: plan.shared.length,
      factIds: [...plan.facts, ...plan.shared].map((f) => f.id),
      texts: [...plan.facts, ...plan.shared].map((f) => f.content),
    };
  });
}

async function deleteAll(tx: Tx, plan: SubjectPlan) {
  for (const fact of plan.facts) await deleteFact({ tx, factId: fact.id });
  for (const source of plan.sources) {
    await removeSourceProvenance({ tx, sourceId: source.id });
    await deleteSource({ tx, sourceId: source.id });
  }
}

function sameSet(a: string[], b: string[]) {
  const set = new Set(b);
  return a.length === set.size && a.every((id) => set.has(id));
}
