import "server-only";
import { log } from "@/lib/log";
import { updateCandidateReviews } from "@/lib/db/candidates";
import {
  getCandidateStates,
  getChangedFacts,
  getSpaceOfChange,
  listOpenCandidatesToRejudge,
} from "@/lib/db/rejudge-targets";
import { findSimilarOpenCandidates } from "@/lib/db/retrieval";
import { withLearnedCutoff } from "@/lib/db/learned-cutoff";
import { getSettings } from "@/lib/db/settings";
import type { Db } from "@/lib/db/types";
import { contentWords, mayMatch } from "@/lib/chain/match";
import { candidateInput, mergeChangedVerdicts } from "@/lib/jobs/rejudge-merge";
import { reviewCandidates } from "@/lib/jobs/review-candidates";
import { sentenceEncoderIfLoaded } from "@/lib/matcher";

/** Open candidates re-judged after one change, at most: the nearest to it, oldest first beyond that. */
const MAX_REJUDGED = 100;
/** Open candidates looked up near each changed text. */
const NEAR_PER_TEXT = 20;

/** What changed in the fact base or the queue. */
export interface ReviewChange {
  /** Facts created, merged into, edited, superseded or archived. */
  factIds?: string[];
  /** Their texts, old and new: open candidates near them are judged again. */
  texts?: string[];
  /** Candidates decided: the open ones that matched them, or were clustered with them, are judged again. */
  candidateIds?: string[];
  /** Candidates back in the queue (a decision undone): judged again themselves. */
  reopened?: string[];
  /**
   * The space to judge in, when the change names rows of two (a fact moved: once in the space it left, once in
   * the one it joined); else the space of what it names. A changed fact outside it matches nothing there.
   */
  spaceId?: string;
}

/**
 * Keeps verdicts true: after a change, the open candidates it touches are judged again and their verdict,
 * matches, gate and cluster stored. Incremental, never a rescan: only candidates near a changed text
 * (CandidateBand), or whose stored matches or cluster name a changed fact or a decided candidate. Each is
 * compared with the changed facts only and the result merged into its stored matches (lib/jobs/rejudge-merge.ts);
 * only those the merge cannot vouch for, and reopened ones, go through retrieval and the matcher again.
 * Lexical stages only (no model call), so it runs inline, right after the decision commits; a re-judged
 * candidate stays open (the gate policy's auto-approve and auto-merge apply to new candidates only). Returns
 * the ids of those whose verdict, matches, gate or cluster changed (a decision's answer sends their cards).
 */
export async function rejudgeAfterChange({ db, change }: { db: Db; change: ReviewChange }): Promise<string[]> {
  const texts = [...new Set(change.texts ?? [])];
  // Within the space of what changed: another space's candidates never see this fact base.
  const spaceId =
    change.spaceId ??
    (await getSpaceOfChange({
      db,
      factIds: change.factIds ?? [],
      candidateIds: [...(change.candidateIds ?? []), ...(change.reopened ?? [])],
    }));
  if (!spaceId) return [];
  const near = await findSimilarOpenCandidates({ db, spaceId, texts, limit: NEAR_PER_TEXT });
  // Of those, only the ones the matcher could pair with the changed text (the prefilter it applies within
  // a batch): a candidate that shares a band but not two content words keeps its verdict.
  const words = texts.map(contentWords);
  const touched = near.flatMap((list, i) =>
    list.filter((c) => mayMatch(words[i] as Set<string>, contentWords(c.content))).map((c) => c.id),
  );
  const candidates = await listOpenCandidatesToRejudge({
    db,
    spaceId,
    factIds: change.factIds,
    candidateIds: change.candidateIds,
    ids: [...(change.reopened ?? []), ...touched],
    limit: MAX_REJUDGED,
  });
  if (candidates.length === 0) return [];
  // The team's learned duplicate cut-off, when one serves, as a new run reads it.
  const settings = await withLearnedCutoff({ db, spaceId, settings: await getSettings({ db, spaceId }) });
  // A re-judged candidate stays in the queue: the policy's shortcuts are for new candidates.
  const policy = {
    ...settings.gates,
    autoApprove: { ...settings.gates.autoApprove, enabled: false },
    autoMergeExactDuplicates: false,
    autoRejectRepeats: false,
  };
  // Re-judging runs within a reviewer's request: the encoder only if it has already loaded.
  const encoder = sentenceEncoderIfLoaded();
  const reopened = new Set(change.reopened ?? []);
  const named = candidates.flatMap((c) => (c.matches ?? []).flatMap((m) => (m.candidateId ? [m.candidateId] : [])));
  const [facts, states] = await Promise.all([
    getChangedFacts({ db, spaceId, factIds: [...new Set(change.factIds ?? [])] }),
    getCandidateStates({ db, ids: [...new Set(named)] }),
  ]);
  const updated: string[] = [];
  // One subject at a time (issue 27): a card about one end user is judged against facts about them only.
  for (const [subject, group] of bySubject(candidates)) {
    const { reviews, full } = await mergeChangedVerdicts({
      candidates: group.filter((c) => !reopened.has(c.id)),
      facts: facts.filter((f) => f.subject === subject),
      decided: new Set(change.candidateIds ?? []),
      states,
      thresholds: settings.thresholds,
      encoder,
      policy,
    });
    updated.push(...(await updateCandidateReviews({ db, reviews: reviews.map(stayOpen) })));
    const fullIds = new Set(full.map((c) => c.id));
    // Oldest first, as listed: the first to say a thing heads its cluster again.
    const again = group.filter((c) => reopened.has(c.id) || fullIds.has(c.id));
    if (again.length > 0) {
      const judged = await reviewCandidates({
        db,
        spaceId,
        subject,
        candidates: again.map(candidateInput),
        thresholds: settings.thresholds,
        encoder,
        policy,
      });
      updated.push(...(await updateCandidateReviews({ db, reviews: judged.map(stayOpen) })));
    }
  }
  return [...new Set(updated)];
}

/** The candidates grouped by whom they are about, each group in the order given. */
function bySubject<C extends { subject: string | null }>(candidates: C[]): Map<string | null, C[]> {
  const groups = new Map<string | null, C[]>();
  for (const c of candidates) groups.set(c.subject, [...(groups.get(c.subject) ?? []), c]);
  return groups;
}

function stayOpen<R extends { status: string }>(r: R): R & { status: "pending" | "gated" } {
  return { ...r, status: r.status === "gated" ? "gated" : "pending" };
}

/**
 * rejudgeAfterChange for the server actions: a failure is logged and never undoes or fails the decision
 * that caused it; the next change, or the next run, judges those candidates again (none re-judged, then).
 */
export async function rejudgeQuietly({ db, change }: { db: Db; change: ReviewChange }): Promise<string[]> {
  try {
    return await rejudgeAfterChange({ db, change });
  } catch (error) {
    log.error({ err: error }, "re-judging open candidates after a change failed");
    return [];
  }
}
