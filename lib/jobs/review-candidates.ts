import "server-only";
import { gateCandidates } from "@/lib/chain/gate";
import { matchCandidates, type MatchOptions } from "@/lib/chain/match";
import { reviewOf } from "@/lib/chain/persist";
import type { CandidateReview } from "@/lib/db/candidates";
import type { Candidate } from "@/lib/extraction/schema";
import type { GatePolicyInput } from "@/lib/matcher";

/**
 * A batch judged outside a run, by the run's own match and gate stages (lib/chain): saved candidates judged
 * again after a change (lib/jobs/rejudge.ts), or candidates a test or a bench seeds. Each review carries the
 * id the candidate is saved under (saveCandidates uses it); candidates given with an `id` keep it.
 */
export async function reviewCandidates({
  policy,
  ...options
}: MatchOptions & {
  candidates: Array<Candidate & { id?: string }>;
  policy?: GatePolicyInput;
}): Promise<Array<CandidateReview & { id: string }>> {
  const gated = await gateCandidates(await matchCandidates(options), policy);
  return gated.map(reviewOf);
}
