import "server-only";
import type { CandidateReview } from "@/lib/db/candidates";
import type { Db } from "@/lib/db/types";
import type { Candidate } from "@/lib/extraction/schema";

/** Judges fresh candidates against the fact base and the gate policy before they are saved. */
export async function reviewCandidates({
  candidates,
}: {
  db: Db;
  sourceId: string;
  candidates: Candidate[];
}): Promise<CandidateReview[]> {
  return candidates.map((c) => {
    const reasons: string[] = [];
    if (c.confidence < 0.7) reasons.push(`Low confidence (${c.confidence.toFixed(2)} < 0.70)`);
    if (!c.supported) reasons.push("Quote not found in the source");
    return {
      verdict: "new",
      verdictStage: "none",
      matches: [],
      status: reasons.length ? "gated" : "pending",
      gateReason: reasons.length ? reasons.join("; ") : null,
    };
  });
}
