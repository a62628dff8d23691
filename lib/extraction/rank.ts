import type { Candidate } from "@/lib/extraction/schema";

/**
 * How a reviewer's list is ranked: the chance a candidate is a correct fact times how much it matters. Stored
 * on the candidate (Candidate.rank) when a run saves it, so the queue orders by it and folds the tail.
 */
export function rankOf(c: Pick<Candidate, "confidence" | "importance">): number {
  return c.confidence * c.importance;
}
