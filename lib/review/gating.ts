import { z } from "zod";
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
});
export type GatePolicy = z.infer<typeof GatePolicySchema>;
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
 * reasons shown; "approved"/"merged" happen only when the policy allows it and nothing gated it.
 * The safety reasons (lib/review/safety.ts: hidden characters, instructions, credentials) gate whatever
 * the policy says. `secrets` are the credential kinds a scanner found in the candidate's text.
 */
export function decideGate(input: {
  candidate: { confidence: number; supported: boolean; content?: string; quote?: string };
  match: MatchResult;
  policy?: GatePolicyInput;
  secrets?: string[];
}): GateDecision {
  const policy = GatePolicySchema.parse(input.policy ?? {});
  const { candidate, match } = input;
  const reasons: string[] =
    candidate.content === undefined
      ? []
      : safetyReasons({ content: candidate.content, quote: candidate.quote ?? "", secrets: input.secrets ?? [] });
  if (candidate.confidence < policy.minConfidence) {
    reasons.push(`Low confidence (${fmt(candidate.confidence)} < ${fmt(policy.minConfidence)})`);
  }
  if (policy.gateUnsupported && !candidate.supported) reasons.push("Quote not found in the source");
  if (policy.gateContradictions) {
    for (const m of match.matches) {
      if (m.verdict !== "contradicts") continue;
      const what = m.factId ? "an approved fact" : "another pending candidate";
      reasons.push(`Contradicts ${what}: "${m.content}" (${m.reason})`);
    }
  }
  if (reasons.length > 0) return { status: "gated", reasons };

  const exact = exactDuplicateOfFact(match.matches);
  if (policy.autoMergeExactDuplicates && exact?.factId) {
    return {
      status: "merged",
      reasons: [`Exact duplicate of an approved fact: "${exact.content}"`],
      mergeIntoFactId: exact.factId,
    };
  }
  const dup = match.matches.find((m) => m.verdict === "duplicate");
  if (dup) return { status: "pending", reasons: [`Possible duplicate of "${dup.content}" (${dup.reason})`] };
  if (
    policy.autoApprove.enabled &&
    match.verdict === "new" &&
    candidate.confidence >= policy.autoApprove.minConfidence
  ) {
    return {
      status: "approved",
      reasons: [
        `Auto-approved: new fact with confidence ${fmt(candidate.confidence)} ` +
          `≥ ${fmt(policy.autoApprove.minConfidence)}`,
      ],
    };
  }
  const related = match.matches.find((m) => m.verdict === "related");
  return { status: "pending", reasons: related ? [`Related to "${related.content}"`] : [] };
}

/** The first approved fact the candidate repeats word for word (same hash or normalized text), if any. */
export function exactDuplicateOfFact(matches: Match[]): (Match & { factId: string }) | undefined {
  return matches.find(
    (m): m is Match & { factId: string } =>
      m.verdict === "duplicate" && Boolean(m.factId) && (m.stage === "hash" || m.stage === "normalized"),
  );
}
