"use server";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { parseInput, toActionResult } from "@/lib/action";
import { requireReviewer } from "@/lib/auth/reviewer";
import { getDb } from "@/lib/db/client";
import { FactSchema } from "@/lib/facts/schema";
import { approveAndRejudge, mergeAndRejudge, rejectAndRejudge, undoAndRejudge } from "@/lib/jobs/decisions";

const ApproveInput = z.object({
  candidateId: z.uuid(),
  edits: FactSchema.pick({ content: true, kind: true, temporal: true, importance: true }).partial().optional(),
  supersedeFactIds: z.array(z.uuid()).max(20).optional(),
  relateFactIds: z.array(z.uuid()).max(20).optional(),
  /** Also merge the open candidates that repeat this one into the new fact. */
  withCluster: z.boolean().optional(),
});

function revalidateReview() {
  revalidatePath("/review");
  revalidatePath("/facts");
}

export async function approveCandidateAction(input: z.input<typeof ApproveInput>) {
  return toActionResult(async () => {
    const { candidateId, edits, supersedeFactIds, relateFactIds, withCluster } = parseInput(ApproveInput, input);
    const reviewer = await requireReviewer();
    const fact = await approveAndRejudge({
      db: await getDb(),
      candidateId,
      reviewerId: reviewer.id,
      edits,
      supersedeFactIds,
      relateFactIds,
      withCluster,
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
    const reviewer = await requireReviewer();
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
    const reviewer = await requireReviewer();
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
    const reviewer = await requireReviewer();
    const result = await undoAndRejudge({ db: await getDb(), candidateId, reviewerId: reviewer.id });
    revalidateReview();
    return { reopened: result.reopened.length };
  });
}
