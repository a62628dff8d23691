import type { ReviewItem, ReviewMatch } from "@/components/review/types";

/** The approved fact this candidate duplicates, if the matcher found one. */
export function duplicateFact(item: ReviewItem): (ReviewMatch & { factId: string }) | undefined {
  return item.matches.find(
    (m): m is ReviewMatch & { factId: string } => m.verdict === "duplicate" && Boolean(m.factId),
  );
}

/** Approved facts this candidate contradicts: approving it can supersede them. */
export function contradictedFacts(item: ReviewItem): (ReviewMatch & { factId: string })[] {
  return item.matches.filter(
    (m): m is ReviewMatch & { factId: string } => m.verdict === "contradicts" && Boolean(m.factId),
  );
}
