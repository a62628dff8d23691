import type { ReviewItem } from "@/components/review/types";
import type { Match } from "@/lib/matcher";

type FactMatch = Match & { factId: string };

/** The approved fact this candidate duplicates, if the matcher found one (the card carries it in full). */
export function duplicateFact(item: ReviewItem): FactMatch | undefined {
  return item.matches?.find((m): m is FactMatch => m.verdict === "duplicate" && Boolean(m.factId));
}

/** The facts a decision on the card acts on with `verdict`: those it shows, and those past them. */
function factsWith(item: ReviewItem, verdict: "contradicts" | "related"): Array<{ factId: string }> {
  const shown = (item.matches ?? []).filter((m): m is FactMatch => m.verdict === verdict && Boolean(m.factId));
  return [...shown, ...item.moreMatches.filter((m) => m.verdict === verdict)];
}

/** Approved facts this candidate contradicts: approving it can supersede them. */
export function contradictedFacts(item: ReviewItem): Array<{ factId: string }> {
  return factsWith(item, "contradicts");
}

/** Approved facts this candidate is related to: approving it "as related" links them. */
export function relatedFacts(item: ReviewItem): Array<{ factId: string }> {
  return factsWith(item, "related");
}
