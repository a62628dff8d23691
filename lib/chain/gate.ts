import type { MatchedCandidate, MatchedChunk } from "@/lib/chain/match";
import { rejectedBeforeReason } from "@/lib/chain/remember";
import { decideGate, type GateDecision, type GatePolicyInput, type GateStatus } from "@/lib/matcher";
import { GatePolicySchema } from "@/lib/matcher/gating";
import { findSecretKinds } from "@/lib/matcher/secrets";

/**
 * The gate stage: how each matched candidate enters review (decideGate, lib/matcher/gating.ts). Low
 * confidence, an unsupported quote or a contradiction gates it, with reasons; so do the safety reasons
 * (hidden characters, instructions, credentials, lib/secrets: run once per chunk), whatever the
 * policy says. Auto-approve and auto-merge only where the run's policy allows. Words a reviewer rejected
 * before (lib/chain/remember.ts) are gated with that rejection first, or rejected again with its reason when
 * the policy says `autoRejectRepeats`: never shown as fresh, never dropped (the run counts them).
 */
export type ChainGate = Omit<GateDecision, "status"> & { status: GateStatus | "rejected"; rejectReason?: string };
export type GatedCandidate = MatchedCandidate & { gate: ChainGate };

export type GatedChunk = Omit<MatchedChunk, "candidates"> & { candidates: GatedCandidate[] };

export async function gateCandidates(matched: MatchedCandidate[], policy?: GatePolicyInput): Promise<GatedCandidate[]> {
  const secrets = await findSecretKinds(matched.map(({ candidate }) => `${candidate.content}\n${candidate.quote}`));
  const { autoRejectRepeats } = GatePolicySchema.parse(policy ?? {});
  return matched.map((m, i) => {
    // A learned confidence (lib/learning, scored by the chain or stored on a re-judged candidate) gates; auto-approve
    // reads it only where the settings let it.
    const learned = m.candidate.learned;
    const gate = decideGate({
      candidate: learned ? { ...m.candidate, confidence: learned.confidence } : m.candidate,
      autoApproveConfidence: learned && !learned.approves ? m.candidate.confidence : undefined,
      match: m.match,
      policy,
      secrets: secrets[i] ?? [],
    });
    return { ...m, gate: m.rejectedBefore ? again(gate, m.rejectedBefore, autoRejectRepeats) : gate };
  });
}

function again(gate: GateDecision, rejected: NonNullable<MatchedCandidate["rejectedBefore"]>, reject: boolean) {
  const reasons = [rejectedBeforeReason(rejected), ...gate.reasons.filter((r) => !r.startsWith("Auto-"))];
  if (reject) return { status: "rejected" as const, reasons, rejectReason: rejected.reason };
  return { status: "gated" as const, reasons };
}

export async function* gateChunks(
  source: AsyncIterable<MatchedChunk>,
  { policy }: { policy?: GatePolicyInput },
): AsyncGenerator<GatedChunk> {
  for await (const chunk of source) yield { ...chunk, candidates: await gateCandidates(chunk.candidates, policy) };
}
