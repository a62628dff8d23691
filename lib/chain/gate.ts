import type { MatchedCandidate, MatchedChunk } from "@/lib/chain/match";
import { decideGate, type GateDecision, type GatePolicyInput } from "@/lib/matcher";
import { findSecretKinds } from "@/lib/matcher/secrets";

/**
 * The gate stage: how each matched candidate enters review (decideGate, lib/matcher/gating.ts). Low
 * confidence, an unsupported quote or a contradiction gates it, with reasons; so do the safety reasons
 * (hidden characters, instructions, credentials, lib/secrets: run once per chunk), whatever the
 * policy says. Auto-approve and auto-merge only where the run's policy allows.
 */
export type GatedCandidate = MatchedCandidate & { gate: GateDecision };

export type GatedChunk = Omit<MatchedChunk, "candidates"> & { candidates: GatedCandidate[] };

export async function gateCandidates(matched: MatchedCandidate[], policy?: GatePolicyInput): Promise<GatedCandidate[]> {
  const secrets = await findSecretKinds(matched.map(({ candidate }) => `${candidate.content}\n${candidate.quote}`));
  return matched.map((m, i) => ({
    ...m,
    gate: decideGate({ candidate: m.candidate, match: m.match, policy, secrets: secrets[i] ?? [] }),
  }));
}

export async function* gateChunks(
  source: AsyncIterable<MatchedChunk>,
  { policy }: { policy?: GatePolicyInput },
): AsyncGenerator<GatedChunk> {
  for await (const chunk of source) yield { ...chunk, candidates: await gateCandidates(chunk.candidates, policy) };
}
