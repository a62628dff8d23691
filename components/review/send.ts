import { approveCandidateAction, mergeCandidateAction, rejectCandidateAction } from "@/app/review/actions";
import { contradictedFacts, duplicateFact, relatedFacts } from "@/components/review/matches";
import type { ReviewAction, ReviewItem } from "@/components/review/types";
import type { SecretChoice } from "@/lib/facts/schema";
import type { ActionResult } from "@/lib/errors";
import type { QueuePatch } from "@/lib/queue/candidate";
import type { SessionResult } from "@/lib/queue/session";

/** What the toast says once an action is done. */
export const DONE_MESSAGE: Record<ReviewAction["type"], string> = {
  approve: "Approved — added to Facts",
  supersede: "Approved — the old fact is marked superseded",
  merge: "Merged into the existing fact",
  relate: "Approved — linked to the related fact",
  reject: "Rejected",
};

/** What each decision counts as in the queue's progress line. */
export function categoryOf(action: ReviewAction): "approved" | "merged" | "rejected" {
  return action.type === "merge" ? "merged" : action.type === "reject" ? "rejected" : "approved";
}

/** The decision with the reviewer's ticks for a card that holds a credential (a reject needs none). */
export function withSecret(action: ReviewAction, secret: SecretChoice | undefined): ReviewAction {
  if (!secret || action.type === "reject" || action.secret) return action;
  return { ...action, secret };
}

/**
 * Sends one decision on the card as the reviewer saw it: an approval says the verdict it was shown, so a
 * card judged again since as a duplicate or a contradiction (by the decision before it, or another
 * reviewer's) is refused and shown again, not approved blind. `view` is the queue's URL search: the answer
 * carries the cards of that view the decision changed, which the session patches into its list.
 */
export async function send(item: ReviewItem, action: ReviewAction, view: string): Promise<SessionResult<ReviewItem>> {
  const result = await request(item, action, view);
  return result.ok ? { ok: true, patch: result.data.queue } : result;
}

function request(
  item: ReviewItem,
  action: ReviewAction,
  view: string,
): Promise<ActionResult<{ queue?: QueuePatch | undefined }>> {
  const withCluster = item.members.length > 0;
  const seenVerdict = item.verdict;
  switch (action.type) {
    case "approve":
      return approveCandidateAction({
        candidateId: item.id,
        withCluster,
        edits: action.edits,
        seenVerdict,
        ...(action.keepInvisible ? { keepInvisible: true } : {}),
        ...action.secret,
        view,
      });
    case "supersede":
      return approveCandidateAction({
        candidateId: item.id,
        supersedeFactIds: contradictedFacts(item).map((m) => m.factId),
        withCluster,
        ...action.secret,
        seenVerdict,
        view,
      });
    case "relate":
      return approveCandidateAction({
        candidateId: item.id,
        relateFactIds: relatedFacts(item).map((m) => m.factId),
        withCluster,
        ...action.secret,
        seenVerdict,
        view,
      });
    case "merge":
      return mergeCandidateAction({
        candidateId: item.id,
        factId: duplicateFact(item)?.factId ?? "",
        ...(action.useWording ? { content: item.content } : {}),
        ...action.secret,
        view,
      });
    case "reject":
      return rejectCandidateAction({ candidateId: item.id, reason: action.reason, withCluster, view });
  }
}
