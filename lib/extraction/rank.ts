import type { Candidate } from "@/lib/extraction/schema";

/**
 * How a reviewer's list is ranked: the chance a candidate is a correct fact times how much it matters. Stored
 * on the candidate (Candidate.rank) when a run saves it, so the queue orders by it and folds the tail.
 */
export function rankOf(c: Pick<Candidate, "confidence" | "importance" | "learned">): number {
  // The fact base's learned confidence when a model served as the candidate was scored (lib/learning).
  return (c.learned?.confidence ?? c.confidence) * c.importance;
}
