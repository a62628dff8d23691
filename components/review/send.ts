import { approveCandidateAction, mergeCandidateAction, rejectCandidateAction } from "@/app/review/actions";
import { contradictedFacts, duplicateFact, relatedFacts } from "@/components/review/matches";
import type { ReviewAction, ReviewItem } from "@/components/review/types";
import type { ActionResult } from "@/lib/errors";

/** What the toast says once an action is done. */
export const DONE_MESSAGE: Record<ReviewAction["type"], string> = {
  approve: "Approved — added to Facts",
  supersede: "Approved — the old fact is marked superseded",
  merge: "Merged into the existing fact",
  relate: "Approved — linked to the related fact",
  reject: "Rejected",
};

export function send(item: ReviewItem, action: ReviewAction): Promise<ActionResult<unknown>> {
  const withCluster = item.members.length > 0;
  switch (action.type) {
    case "approve":
      return approveCandidateAction({
        candidateId: item.id,
        withCluster,
        edits: action.edits,
        ...(action.keepInvisible ? { keepInvisible: true } : {}),
        ...action.secret,
      });
    case "supersede":
      return approveCandidateAction({
        candidateId: item.id,
        supersedeFactIds: contradictedFacts(item).map((m) => m.factId),
        withCluster,
        ...action.secret,
      });
    case "relate":
      return approveCandidateAction({
        candidateId: item.id,
        relateFactIds: relatedFacts(item).map((m) => m.factId),
        withCluster,
        ...action.secret,
      });
    case "merge":
      return mergeCandidateAction({
        candidateId: item.id,
        factId: duplicateFact(item)?.factId ?? "",
        ...(action.useWording ? { content: item.content } : {}),
        ...action.secret,
      });
    case "reject":
      return rejectCandidateAction({ candidateId: item.id, reason: action.reason, withCluster });
  }
}
