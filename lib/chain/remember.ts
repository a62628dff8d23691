import type { Match, MatchResult } from "@/lib/matcher";

/**
 * The remember stage, between match and gate: decisions reviewers made on earlier runs apply to a candidate
 * that repeats them (found by lib/db/earlier-decisions.ts). A repeat of the original wording of a candidate
 * that was approved (edited or not) is a duplicate of the fact it became; a repeat of a rejected candidate,
 * word for word or as the matcher's duplicate of it, carries the rejection to the gate, which shows it
 * ("Rejected before: …") or rejects it again when Settings say so (lib/chain/gate.ts). Pure.
 */
export interface EarlierRejection {
  candidateId: string;
  content: string;
  reason: string;
  reviewer: string | null;
  at: Date | null;
}

export interface EarlierApproval {
  candidateId: string;
  factId: string;
  /** The fact's wording now (an edit may have changed it). */
  content: string;
}

export interface EarlierDecisions {
  rejected?: EarlierRejection;
  approved?: EarlierApproval;
}

interface Judged {
  match: MatchResult;
  clusterId: string | null;
  rejectedBefore?: EarlierRejection;
}

export function rememberDecisions<M extends Judged>(matched: M, earlier: EarlierDecisions): M {
  const { approved, rejected } = earlier;
  let { match } = matched;
  if (approved && !match.matches.some((m) => m.factId === approved.factId && m.verdict === "duplicate")) {
    const repeat: Match = {
      factId: approved.factId,
      content: approved.content,
      score: 1,
      verdict: "duplicate",
      stage: "normalized",
      reason: "repeats the wording of a candidate approved as this fact",
    };
    match = { ...match, verdict: "duplicate", stage: "normalized", matches: [repeat, ...match.matches] };
  }
  // An approved fact outranks an older rejection of the same words: a reviewer's latest word is the fact.
  const out: M = { ...matched, match, ...(match !== matched.match ? { clusterId: null } : {}) };
  if (rejected && !approved) out.rejectedBefore = rejected;
  return out;
}

/** How a card says it: "Rejected before: Superseded, by Ana, 2026-12-01". */
export function rejectedBeforeReason({ reason, reviewer, at }: EarlierRejection): string {
  const who = reviewer ? `, by ${reviewer}` : "";
  const when = at ? `, ${at.toISOString().slice(0, 10)}` : "";
  return `Rejected before: ${reason}${who}${when}`;
}
