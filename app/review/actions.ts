"use server";
import { z } from "zod";
import { defineAction, defineSpaceAction } from "@/app/define-action";
import { getCardContext, getQueuePatch } from "@/lib/db/queue-cards";
import { listOpenMemberIds, listQueueUnitIds } from "@/lib/db/review-queue";
import type { Db } from "@/lib/db/types";
import { AppError } from "@/lib/errors";
import { ApprovalEditsSchema, FactSchema, RejectReasonSchema, SecretChoiceSchema } from "@/lib/facts/schema";
import {
  approveAndRejudge,
  decideSelection,
  MAX_BULK,
  mergeAndRejudge,
  rejectAndRejudge,
  undoAndRejudge,
} from "@/lib/jobs/decisions";
import { VERDICTS } from "@/lib/matcher/schema";
import { parseQueueQuery } from "@/lib/queue/schema";
import { partitionBySpace } from "@/lib/spaces/resolve";
import type { SpaceRef } from "@/lib/spaces/schema";

/** Review decisions change the queue and the fact base. */
const REVIEW_PAGES = ["/review", "/facts"];

/**
 * The queue's view a decision was made in (its URL search, "status=gated&kind=decision"): the answer carries
 * the cards of that view the decision changed, and the queue patches its list with them (issue 28) instead of
 * the whole page re-rendered. Without it, the answer carries no cards.
 */
const ViewInput = { view: z.string().max(2_000).optional() };

/**
 * Decides a card with `decide`, then reads the cards of the reviewer's view it changed (lib/db/queue-cards.ts):
 * the card's open members are read first, since a decision that leaves them makes each a card of its own.
 */
async function decideWithPatch<T>(
  { db, space, view, candidateId }: { db: Db; space: SpaceRef; view: string | undefined; candidateId: string },
  decide: () => Promise<T & { rejudged: string[] }>,
) {
  if (view === undefined) return { ...(await decide()), queue: undefined };
  const members = await listOpenMemberIds({ db, headId: candidateId });
  const result = await decide();
  const query = { ...parseQueueQuery(Object.fromEntries(new URLSearchParams(view))), space: space.slug };
  const queue = await getQueuePatch({ db, spaceId: space.id, query, rejudged: result.rejudged, members });
  return { ...result, queue };
}

const ApproveInput = z.object({
  candidateId: z.uuid(),
  edits: ApprovalEditsSchema.optional(),
  supersedeFactIds: z.array(z.uuid()).max(20).optional(),
  relateFactIds: z.array(z.uuid()).max(20).optional(),
  /** Also merge the open candidates that repeat this one into the new fact. */
  withCluster: z.boolean().optional(),
  /** Keep invisible characters in the fact's text (they are removed otherwise). */
  keepInvisible: z.boolean().optional(),
  ...SecretChoiceSchema.shape,
  /** The verdict the card showed: judged again since as a duplicate or a contradiction, it is refused. */
  seenVerdict: z.enum(VERDICTS).nullable().optional(),
  ...ViewInput,
});

// A card's decision answers with what it changed (`queue`), not a re-rendered page: no revalidation. The queue
// patches its list, and its stamp poll fetches the page again soon after (counts, the page refilled); /facts is
// rendered on every visit (force-dynamic).
export const approveCandidateAction = defineSpaceAction({
  space: (input) => ({ kind: "candidate", id: input.candidateId }),
  input: ApproveInput,
  need: "review",
  run: async ({ input: { view, ...input }, actor, db, space }) => {
    const { queue, ...fact } = await decideWithPatch({ db, space, view, candidateId: input.candidateId }, () =>
      approveAndRejudge({ db, reviewerId: actor.id, ...input }),
    );
    return { factId: fact.id, merged: fact.mergedCandidateIds.length, queue };
  },
});

const MergeInput = z.object({
  candidateId: z.uuid(),
  factId: z.uuid(),
  /** The fact takes this wording too. */
  content: FactSchema.shape.content.optional(),
  ...SecretChoiceSchema.shape,
  ...ViewInput,
});

export const mergeCandidateAction = defineSpaceAction({
  space: (input) => ({ kind: "candidate", id: input.candidateId }),
  input: MergeInput,
  need: "review",
  run: async ({ input: { view, ...input }, actor, db, space }) => {
    const { queue } = await decideWithPatch({ db, space, view, candidateId: input.candidateId }, () =>
      mergeAndRejudge({ db, reviewerId: actor.id, ...input }),
    );
    return { factId: input.factId, queue };
  },
});

const RejectInput = z.object({
  candidateId: z.uuid(),
  reason: RejectReasonSchema.optional(),
  withCluster: z.boolean().optional(),
  ...ViewInput,
});

export const rejectCandidateAction = defineSpaceAction({
  space: (input) => ({ kind: "candidate", id: input.candidateId }),
  input: RejectInput,
  need: "review",
  run: async ({ input: { view, ...input }, actor, db, space }) => {
    const { rejected, queue } = await decideWithPatch({ db, space, view, candidateId: input.candidateId }, () =>
      rejectAndRejudge({ db, reviewerId: actor.id, ...input }),
    );
    return { candidateId: input.candidateId, rejected: rejected.length, queue };
  },
});

/**
 * The lines around a card's quote that "More context" shows: a card is sent with those its focused view shows
 * (lib/queue/candidate.ts `CARD_CONTEXT_LINES`), and reads the rest when the reviewer asks.
 */
export const readQuoteContextAction = defineSpaceAction({
  space: (input) => ({ kind: "candidate", id: input.candidateId }),
  input: z.object({ candidateId: z.uuid() }),
  need: "read",
  run: async ({ input, db }) => ({ context: await getCardContext({ db, candidateId: input.candidateId }) }),
});

/** Undoes the candidate's last decision (from the toast, the u key or its history). */
export const undoDecisionAction = defineSpaceAction({
  input: z.object({ candidateId: z.uuid() }),
  space: (input) => ({ kind: "candidate", id: input.candidateId }),
  need: "review",
  revalidate: REVIEW_PAGES,
  run: async ({ input, actor, db }) => {
    const result = await undoAndRejudge({ db, candidateId: input.candidateId, reviewerId: actor.id });
    return { reopened: result.reopened.length };
  },
});

const SelectionInput = z
  .object({
    candidateIds: z.array(z.uuid()).max(MAX_BULK).optional(),
    /** "Select all matching the filter": the view's search string (?status=…&kind=…), every page of it. */
    query: z.string().max(2_000).optional(),
    action: z.enum(["approve", "reject"]),
    reason: RejectReasonSchema.optional(),
    includeGated: z.boolean().optional(),
  })
  .refine((s) => s.candidateIds !== undefined || s.query !== undefined, { message: "Select some cards first" });

/** Approves or rejects a selection of cards, or every card of a view, in one transaction. */
export const decideSelectionAction = defineAction({
  input: SelectionInput,
  need: "review",
  // Each card is checked for its own space below (a selection may name cards of several, or gone ones).
  inSpace: true,
  revalidate: REVIEW_PAGES,
  run: async ({ input: { candidateIds, query, ...decision }, actor, db }) => {
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
    // A card of a space the reviewer may not reach is skipped with the words a card that is gone gets.
    const { allowed, missing } = await partitionBySpace({ db, actor, kind: "candidate", ids, need: "review" });
    const result = await decideSelection({ db, candidateIds: allowed, reviewerId: actor.id, ...decision });
    const gone = missing.map((m) => ({ candidateId: m.id, code: "NOT_FOUND" as const, message: m.message }));
    return { ...result, skipped: [...result.skipped, ...gone] };
  },
});
