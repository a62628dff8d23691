"use server";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { parseInput, toActionResult } from "@/lib/action";
import { requireRole } from "@/app/access";
import { limitAction } from "@/app/rate-limit";
import { getDb } from "@/lib/db/client";
import { FactSchema } from "@/lib/facts/schema";
import {
  approveAndRejudge,
  decideSelection,
  MAX_BULK,
  mergeAndRejudge,
  rejectAndRejudge,
  undoAndRejudge,
} from "@/lib/jobs/decisions";
import { listQueueUnitIds } from "@/lib/db/review-queue";
import { parseQueueQuery } from "@/lib/queue/schema";
import { AppError } from "@/lib/errors";

const ApproveInput = z.object({
  candidateId: z.uuid(),
  edits: FactSchema.pick({ content: true, kind: true, temporal: true, importance: true }).partial().optional(),
  supersedeFactIds: z.array(z.uuid()).max(20).optional(),
  relateFactIds: z.array(z.uuid()).max(20).optional(),
  /** Also merge the open candidates that repeat this one into the new fact. */
  withCluster: z.boolean().optional(),
  /** Keep invisible characters in the fact's text (they are removed otherwise). */
  keepInvisible: z.boolean().optional(),
});

function revalidateReview() {
  revalidatePath("/review");
  revalidatePath("/facts");
}

export async function approveCandidateAction(input: z.input<typeof ApproveInput>) {
  return toActionResult(async () => {
    const { candidateId, edits, supersedeFactIds, relateFactIds, withCluster, keepInvisible } = parseInput(
      ApproveInput,
      input,
    );
    const reviewer = await requireRole("review");
    await limitAction(reviewer.id);
    const fact = await approveAndRejudge({
      db: await getDb(),
      candidateId,
      reviewerId: reviewer.id,
      edits,
      supersedeFactIds,
      relateFactIds,
      withCluster,
      keepInvisible,
    });
    revalidateReview();
    return { factId: fact.id, merged: fact.mergedCandidateIds.length };
  });
}

const MergeInput = z.object({
  candidateId: z.uuid(),
  factId: z.uuid(),
  /** The fact takes this wording too. */
  content: FactSchema.shape.content.optional(),
});

export async function mergeCandidateAction(input: z.input<typeof MergeInput>) {
  return toActionResult(async () => {
    const { candidateId, factId, content } = parseInput(MergeInput, input);
    const reviewer = await requireRole("review");
    await limitAction(reviewer.id);
    await mergeAndRejudge({ db: await getDb(), candidateId, factId, reviewerId: reviewer.id, content });
    revalidateReview();
    return { factId };
  });
}

const RejectInput = z.object({
  candidateId: z.uuid(),
  reason: z.string().max(500).optional(),
  withCluster: z.boolean().optional(),
});

export async function rejectCandidateAction(input: z.input<typeof RejectInput>) {
  return toActionResult(async () => {
    const { candidateId, reason, withCluster } = parseInput(RejectInput, input);
    const reviewer = await requireRole("review");
    await limitAction(reviewer.id);
    const rejected = await rejectAndRejudge({
      db: await getDb(),
      candidateId,
      reviewerId: reviewer.id,
      reason,
      withCluster,
    });
    revalidateReview();
    return { candidateId, rejected: rejected.length };
  });
}

const UndoInput = z.object({ candidateId: z.uuid() });

/** Undoes the candidate's last decision (from the toast, the u key or its history). */
export async function undoDecisionAction(input: z.input<typeof UndoInput>) {
  return toActionResult(async () => {
    const { candidateId } = parseInput(UndoInput, input);
    const reviewer = await requireRole("review");
    await limitAction(reviewer.id);
    const result = await undoAndRejudge({ db: await getDb(), candidateId, reviewerId: reviewer.id });
    revalidateReview();
    return { reopened: result.reopened.length };
  });
}

const SelectionInput = z
  .object({
    candidateIds: z.array(z.uuid()).max(MAX_BULK).optional(),
    /** "Select all matching the filter": the view's search string (?status=…&kind=…), every page of it. */
    query: z.string().max(2_000).optional(),
    action: z.enum(["approve", "reject"]),
    reason: z.string().max(500).optional(),
    includeGated: z.boolean().optional(),
  })
  .refine((s) => s.candidateIds !== undefined || s.query !== undefined, { message: "Select some cards first" });

/** Approves or rejects a selection of cards, or every card of a view, in one transaction. */
export async function decideSelectionAction(input: z.input<typeof SelectionInput>) {
  return toActionResult(async () => {
    const { candidateIds, query, action, reason, includeGated } = parseInput(SelectionInput, input);
    const reviewer = await requireRole("review");
    await limitAction(reviewer.id);
    const db = await getDb();
    let ids = candidateIds ?? [];
    if (query !== undefined) {
      const view = parseQueueQuery(Object.fromEntries(new URLSearchParams(query)));
      const rows = await listQueueUnitIds({ db, query: view, limit: MAX_BULK + 1 });
      if (rows.length > MAX_BULK) {
        throw new AppError(
          "VALIDATION",
          `This view has more than ${MAX_BULK.toLocaleString("en")} cards: narrow it first.`,
        );
      }
      ids = rows.map((r) => r.id);
    }
    const result = await decideSelection({
      db,
      candidateIds: ids,
      action,
      reason,
      reviewerId: reviewer.id,
      includeGated,
    });
    revalidateReview();
    return result;
  });
}
