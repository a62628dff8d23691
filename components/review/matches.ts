import type { ReviewItem } from "@/components/review/types";
import type { Match } from "@/lib/matcher";

type FactMatch = Match & { factId: string };

/** The approved fact this candidate duplicates, if the matcher found one. */
export function duplicateFact(item: ReviewItem): FactMatch | undefined {
  return item.matches?.find((m): m is FactMatch => m.verdict === "duplicate" && Boolean(m.factId));
}

/** Approved facts this candidate contradicts: approving it can supersede them. */
export function contradictedFacts(item: ReviewItem): FactMatch[] {
  return (item.matches ?? []).filter((m): m is FactMatch => m.verdict === "contradicts" && Boolean(m.factId));
}

/** Approved facts this candidate is related to: approving it "as related" links them. */
export function relatedFacts(item: ReviewItem): FactMatch[] {
  return (item.matches ?? []).filter((m): m is FactMatch => m.verdict === "related" && Boolean(m.factId));
}
