import "server-only";
import { listFactsAboutSubject, listOtherFactsQuotingSources, listSourcesAboutSubject } from "@/lib/db/forget";
import { withTransaction, type Db, type Tx } from "@/lib/db/types";
import { AppError } from "@/lib/errors";
import { archiveActiveFacts, deleteForgotten, rejectForgottenCandidates, sameSet } from "@/lib/facts/archive";
import type { ForgetMode } from "@/lib/facts/schema";

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
    // As when a source is forgotten (lib/facts/archive.ts), with every source about them.
    await rejectForgottenCandidates({ tx, candidates: plan.openCandidates, reviewerId });
    const archived = mode === "archive" ? await archiveActiveFacts({ tx, facts: plan.facts, reviewerId, reason }) : 0;
    if (mode === "delete") {
      await deleteForgotten({ tx, factIds: plan.facts.map((f) => f.id), sourceIds: plan.sources.map((s) => s.id) });
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
