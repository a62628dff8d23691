import { z } from "zod";
import { maskSecrets } from "@/lib/secrets/mask";
import { safetyReasons } from "./safety";
import type { Match, MatchResult } from "./schema";

/** What sends a candidate to review, what may skip it. Settings edits this. */
export const GatePolicySchema = z.object({
  minConfidence: z.number().min(0).max(1).default(0.7),
  gateUnsupported: z.boolean().default(true),
  gateContradictions: z.boolean().default(true),
  autoApprove: z
    .object({ enabled: z.boolean().default(false), minConfidence: z.number().min(0).max(1).default(0.9) })
    .default({ enabled: false, minConfidence: 0.9 }),
  autoMergeExactDuplicates: z.boolean().default(false),
  /** A candidate repeating words a reviewer rejected before is rejected again (same reason) instead of gated. */
  autoRejectRepeats: z.boolean().default(false),
});
export type GatePolicyInput = z.input<typeof GatePolicySchema>;

export type GateStatus = "pending" | "gated" | "approved" | "merged";

export interface GateDecision {
  status: GateStatus;
  reasons: string[];
  mergeIntoFactId?: string;
}

const fmt = (x: number) => x.toFixed(2);

/**
 * Decides how a matched candidate enters review. "gated" means a person must look at it with the
 * reasons shown; "approved"/"merged" happen only when the policy allows it and nothing gated it (an exact
 * duplicate of an approved fact merges whatever the extractor's confidence: no other gate is waived).
 * The safety reasons (lib/matcher/safety.ts: hidden characters, instructions, credentials) gate whatever
 * the policy says. `secrets` are the credential kinds a scanner found in the candidate's text. A reason that
 * quotes another candidate or fact quotes it through the mask (lib/secrets/mask.ts): a secret gated on one
 * card never shows on another.
 */
export function decideGate(input: {
  candidate: { confidence: number; supported: boolean; content?: string; quote?: string; notes?: string[] };
  /** The confidence auto-approve reads when not `candidate.confidence` (a learned one gates, the shipped approves). */
  autoApproveConfidence?: number;
  match: MatchResult;
  policy?: GatePolicyInput;
  secrets?: string[];
}): GateDecision {
  const policy = GatePolicySchema.parse(input.policy ?? {});
  const { candidate, match } = input;
  const safety =
    candidate.content === undefined
      ? []
      : safetyReasons({ content: candidate.content, quote: candidate.quote ?? "", secrets: input.secrets ?? [] });
  // What the extractor or grounding noted (a kind filed under the catch-all, content cut): always a reviewer's call.
  const others: string[] = [...(candidate.notes ?? [])];
  if (policy.gateUnsupported && !candidate.supported) others.push("Quote not found in the source");
  if (policy.gateContradictions) {
    for (const m of match.matches) {
      if (m.verdict !== "contradicts") continue;
      const what = m.factId ? "an approved fact" : "another pending candidate";
      others.push(`Contradicts ${what}: "${maskSecrets(m.content)}" (${m.reason})`);
    }
  }

  // A word-for-word repeat of an approved fact only adds provenance to it: how sure the extractor was of the
  // clause says nothing about a fact a person already approved, so low confidence does not hold it back.
  const exact = exactDuplicateOfFact(match.matches);
  if (policy.autoMergeExactDuplicates && exact?.factId && safety.length === 0 && others.length === 0) {
    return {
      status: "merged",
      reasons: [`Exact duplicate of an approved fact: "${maskSecrets(exact.content)}"`],
      mergeIntoFactId: exact.factId,
    };
  }
  // Weightiest first: a card shows its first reason, and a contradiction says more than a low score.
  const reasons = [...safety, ...others];
  if (candidate.confidence < policy.minConfidence) {
    reasons.push(`Low confidence (${fmt(candidate.confidence)} < ${fmt(policy.minConfidence)})`);
  }
  if (reasons.length > 0) return { status: "gated", reasons };

  const dup = match.matches.find((m) => m.verdict === "duplicate");
  if (dup) {
    return { status: "pending", reasons: [`Possible duplicate of "${maskSecrets(dup.content)}" (${dup.reason})`] };
  }
  const approveAt = input.autoApproveConfidence ?? candidate.confidence;
  if (policy.autoApprove.enabled && match.verdict === "new" && approveAt >= policy.autoApprove.minConfidence) {
    return {
      status: "approved",
      reasons: [
        `Auto-approved: new fact with confidence ${fmt(approveAt)} ` + `≥ ${fmt(policy.autoApprove.minConfidence)}`,
      ],
    };
  }
  const related = match.matches.find((m) => m.verdict === "related");
  return { status: "pending", reasons: related ? [`Related to "${maskSecrets(related.content)}"`] : [] };
}

/**
 * How the notes a card carries without being gated begin (decideGate's pending, approved and merged reasons): any
 * other stored gateReason is a gate's. The dashboard tells a gated decision from an ungated one by these.
 */
export const UNGATED_NOTE_PREFIXES = [
  "Possible duplicate of ",
  "Related to ",
  "Auto-approved: ",
  "Exact duplicate of an approved fact",
] as const;

/** The first approved fact the candidate repeats word for word (same hash or normalized text), if any. */
export function exactDuplicateOfFact(matches: Match[]): (Match & { factId: string }) | undefined {
  return matches.find(
    (m): m is Match & { factId: string } =>
      m.verdict === "duplicate" && Boolean(m.factId) && (m.stage === "hash" || m.stage === "normalized"),
  );
}

/**
 * The policy for the candidates of a source with this origin. An agent's proposals are memory a person
 * must review before it is trusted: never approved or merged without a reviewer, whatever Settings say.
 */
export function gatePolicyForOrigin<P extends GatePolicyInput>(policy: P, origin: string): P {
  if (origin !== "agent") return policy;
  const parsed = GatePolicySchema.parse(policy);
  return { ...policy, autoApprove: { ...parsed.autoApprove, enabled: false }, autoMergeExactDuplicates: false };
}
