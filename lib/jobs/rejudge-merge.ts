import "server-only";
import { gateCandidates } from "@/lib/chain/gate";
import { contentWords, joinCluster, mayMatch } from "@/lib/chain/match";
import { reviewOf } from "@/lib/chain/persist";
import type { CandidateReview } from "@/lib/db/candidates";
import type { CandidateToRejudge } from "@/lib/db/rejudge-targets";
import type { Candidate } from "@/lib/extraction/schema";
import {
  byPriority,
  matchCandidate,
  MATCH_LIMIT,
  type GatePolicyInput,
  type MatchResult,
  type SentenceEncoder,
  type ThresholdsInput,
} from "@/lib/matcher";

/**
 * Re-judging against the changed fact only. A candidate's stored matches were the matcher's verdicts on what
 * retrieval found for it; a change to one fact (approved, merged into, edited, archived, brought back) changes
 * only the pairs naming that fact, and a decided candidate only the pairs naming it. So each touched candidate
 * drops those pairs, is scored against the changed facts as they are now (one pair each, no retrieval), and
 * the rest of its matches stand; verdict, gate and cluster follow from the merged list as the run's stages
 * give them. Where what was dropped may have hidden a match the stored list cannot show (the list was full;
 * a decided candidate it matched has no fact taking its place; a rejection remembered on the card), the
 * candidate goes back to the full path: retrieval and the matcher again.
 */

export interface ChangedFact {
  id: string;
  content: string;
  status: string;
}

/** Every field the full path needs to judge a candidate again. */
export function candidateInput(c: CandidateToRejudge): Candidate & { id: string } {
  const { id, content, kind, confidence, importance, temporal, speaker, quote, start, end, supported } = c;
  // The learned confidence it was scored with gates it again; auto-approve on re-judging reads the shipped one.
  const learned =
    c.learnedConfidence === null
      ? undefined
      : { confidence: c.learnedConfidence, reason: c.rankReason ?? "", approves: false };
  return { id, content, kind, confidence, importance, temporal, speaker, quote, start, end, supported, learned };
}

export async function mergeChangedVerdicts({
  candidates,
  facts,
  decided,
  states,
  thresholds,
  encoder,
  policy,
}: {
  candidates: CandidateToRejudge[];
  /** The changed facts as they are now; an inactive one only loses its pairs. */
  facts: ChangedFact[];
  /** Candidates this change decided: pairs naming them are dropped. */
  decided: Set<string>;
  /** Status and cluster of the candidates the stored matches name. */
  states: Map<string, { status: string; clusterId: string | null }>;
  thresholds?: ThresholdsInput;
  encoder?: SentenceEncoder | null;
  policy?: GatePolicyInput;
}): Promise<{ reviews: Array<CandidateReview & { id: string }>; full: CandidateToRejudge[] }> {
  const changed = new Set(facts.map((f) => f.id));
  const active = facts.filter((f) => f.status === "active").map((f) => ({ ...f, words: contentWords(f.content) }));
  const open = (id: string) => !decided.has(id) && ["pending", "gated"].includes(states.get(id)?.status ?? "");
  const clusterOf = new Map([...states].map(([id, s]) => [id, s.clusterId]));
  const full: CandidateToRejudge[] = [];
  const merged: Array<{ c: CandidateToRejudge; match: MatchResult; clusterId: string | null }> = [];
  for (const c of candidates) {
    const stored = c.matches;
    // A remembered rejection is the earlier-decisions stage's, not a pair's: only the full path states it again.
    if (stored === null || c.gateReason?.startsWith("Rejected before: ")) {
      full.push(c);
      continue;
    }
    const kept = stored.filter((m) => (m.factId ? !changed.has(m.factId) : !m.candidateId || open(m.candidateId)));
    const named = new Set(stored.flatMap((m) => (m.factId ? [m.factId] : [])));
    const words = contentWords(c.content);
    // Only the changed facts this candidate could pair with (the prefilter retrieval's bands stand for).
    const against = active.filter((f) => named.has(f.id) || mayMatch(f.words, words));
    const fresh =
      against.length > 0 ? await matchCandidate({ candidate: c, facts: against, thresholds, encoder }) : null;
    const lostCandidate = stored.some((m) => m.candidateId && !kept.includes(m));
    const full_ =
      (kept.length < stored.length && stored.length >= MATCH_LIMIT) || (lostCandidate && !fresh?.matches.length);
    if (full_) {
      full.push(c);
      continue;
    }
    // Stable: on a tie the changed fact comes first, as facts come before candidates in the matcher.
    const matches = [...(fresh?.matches ?? []), ...kept].sort(byPriority).slice(0, MATCH_LIMIT);
    const top = matches[0];
    const match: MatchResult = top
      ? { verdict: top.verdict, stage: top.stage, matches }
      : { verdict: "new", stage: "lexical", matches: [] };
    const clusterId = joinCluster(top, clusterOf);
    clusterOf.set(c.id, clusterId);
    merged.push({ c, match, clusterId });
  }
  const gated = await gateCandidates(
    merged.map(({ c, match, clusterId }) => ({ candidate: candidateInput(c), id: c.id, match, clusterId })),
    policy,
  );
  return { reviews: gated.map(reviewOf), full };
}
