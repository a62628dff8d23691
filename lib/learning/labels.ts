import type { CandidateEventAction, CandidateEventDetail } from "@/lib/facts/schema";
import type { ScoreFeatures } from "@/lib/extraction/schema";
import type { Match } from "@/lib/matcher/schema";

/**
 * A reviewer's decision on a candidate as a labelled example: what the candidate was scored from, and what the
 * reviewer made of it. The queue's learning (issue "The queue learns from its reviewers") reads these. A label is
 * derived from the candidate's history, never stored apart from it, so an undone decision is no label at all,
 * and a decision taken again after an undo is the label.
 */
export const LABEL_OUTCOMES = ["approved", "edited", "merged", "rejected"] as const;
export type LabelOutcome = (typeof LABEL_OUTCOMES)[number];

export interface DecisionLabel {
  candidateId: string;
  /** approved as extracted; approved after the reviewer changed its text or kind; merged into a fact; rejected. */
  outcome: LabelOutcome;
  /** Words added plus removed by the reviewer's edit (0 when only the kind changed). */
  editedWords: number;
  /** The kind the reviewer approved it as, when not the extractor's. */
  approvedKind: string | null;
  rejectReason: string | null;
  reviewerId: string;
  decidedAt: string;
  /** What it was scored with: the extractor's features, and the candidate's own. */
  features: ScoreFeatures;
  content: string;
  quote: string;
  kind: string;
  speaker: string | null;
  confidence: number;
  importance: number;
  rank: number;
  supported: boolean;
  verdict: string | null;
  extractor: string;
  sourceFormat: string;
  /** What the card showed it against (the matcher's comparisons), and the facts the decision made or merged into. */
  matches: Match[];
  factIds: string[];
}

export interface HistoryEvent {
  id: string;
  action: CandidateEventAction;
  detail: Pick<CandidateEventDetail, "undid" | "editedWords" | "approvedKind">;
  reviewerId: string | null;
  createdAt: Date;
}

/**
 * The decision that stands after a candidate's history, oldest first: an "undone" event takes back the decision it
 * names (or, in a history written before undo named it, the latest one). Null when none stands.
 */
export function standingDecision(events: HistoryEvent[]): HistoryEvent | null {
  const standing: HistoryEvent[] = [];
  for (const event of events) {
    if (event.action !== "undone") {
      standing.push(event);
      continue;
    }
    const at = event.detail.undid ? standing.findIndex((e) => e.id === event.detail.undid) : standing.length - 1;
    if (at >= 0) standing.splice(at, 1);
  }
  return standing[standing.length - 1] ?? null;
}

/** The label a standing decision makes; null for one the gate took on its own (no reviewer: nothing learned). */
export function outcomeOf(decision: HistoryEvent): Pick<DecisionLabel, "outcome" | "editedWords"> | null {
  if (decision.reviewerId === null) return null;
  switch (decision.action) {
    case "approved": {
      const edited = decision.detail.editedWords !== undefined || decision.detail.approvedKind !== undefined;
      return { outcome: edited ? "edited" : "approved", editedWords: decision.detail.editedWords ?? 0 };
    }
    case "merged":
      return { outcome: "merged", editedWords: 0 };
    case "rejected":
      return { outcome: "rejected", editedWords: 0 };
    default:
      return null;
  }
}
