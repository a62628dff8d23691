import { z } from "zod";
import { logit, sigmoid } from "@/lib/learning/logistic";
import { logLoss } from "@/lib/learning/metrics";
import type { DecisionLabel } from "@/lib/learning/labels";
import type { Match } from "@/lib/matcher/schema";
import type { Thresholds } from "@/lib/matcher/thresholds";

/**
 * The matcher learns too: a team's reviewers say where its duplicate line lies. "Not the same" — a suggested
 * duplicate approved as a fact of its own — says the line is too low; a merge of a pair the matcher called related
 * says it is too high. Each such pair is a labelled example at the pair model's score; one parameter, a shift of
 * the duplicate cut-off on the logit scale, is fitted with a pull toward none, and bounded. It moves only the score
 * cut-off: a pair a hard guard vetoes (another date, amount, negation, owner) never reaches it
 * (lib/matcher/matcher.ts decidePair), so no decision here can make such a pair a duplicate.
 */
export const ThresholdShiftSchema = z.object({
  /** Added to the logit of the score: positive moves the duplicate cut-off down (more pairs merge). */
  shift: z.number(),
  pairs: z.number().int(),
  /** Pairs the reviewers kept apart though the matcher said duplicate; pairs they merged though it said related. */
  keptApart: z.number().int(),
  mergedRelated: z.number().int(),
});
export type ThresholdShift = z.infer<typeof ThresholdShiftSchema>;

export interface PairLabel {
  score: number;
  /** 1: the reviewer treated the two as the same fact (merged, or rejected as a duplicate); 0: kept apart. */
  y: 0 | 1;
  /** What the matcher said when the reviewer decided. */
  verdict: "duplicate" | "related";
  decidedAt: string;
}

export type PairSource = Pick<DecisionLabel, "outcome" | "rejectReason" | "decidedAt"> & {
  matches: Match[];
  /** The facts the decision made or merged into (its provenance). */
  factIds: string[];
};

/** The most the cut-off may move, either way, and how close it may come to the related one. */
export const MAX_MOVE = 0.1;
const RELATED_GAP = 0.02;
export const THRESHOLD_LAMBDA = 4;
const MIN_TRAIN = 6;
const MIN_HOLDOUT = 3;

/**
 * The pairs a decision labels: only the score model's comparisons with approved facts that the card showed as a
 * duplicate or related, and no guard vetoed (what a guard decides, no cut-off changes). A merge labels the pair
 * with the fact it went into; an approval keeps the candidate apart from every fact it was shown near; a
 * rejection as a duplicate labels its closest match. Other rejections say nothing about sameness.
 */
export function pairLabelsOf(source: PairSource): PairLabel[] {
  const shown = source.matches.filter(
    (m): m is Match & { factId: string; verdict: "duplicate" | "related" } =>
      Boolean(m.factId) &&
      m.stage === "lexical" &&
      // A duplicate is never vetoed; a related pair counts only when no guard set it apart (then its score did).
      (m.verdict === "duplicate" || (m.verdict === "related" && m.vetoed === false)),
  );
  const label = (m: (typeof shown)[number], y: 0 | 1): PairLabel => ({
    score: m.score,
    y,
    verdict: m.verdict,
    decidedAt: source.decidedAt,
  });
  switch (source.outcome) {
    case "merged":
      return shown.filter((m) => source.factIds.includes(m.factId)).map((m) => label(m, 1));
    case "approved":
    case "edited":
      return shown.filter((m) => !source.factIds.includes(m.factId)).map((m) => label(m, 0));
    case "rejected": {
      if (!/duplicate|repeat|already/i.test(source.rejectReason ?? "")) return [];
      const closest = [...shown].sort((a, b) => b.score - a.score)[0];
      return closest ? [label(closest, 1)] : [];
    }
  }
}

/** P(the team calls it the same) at a score: 0.5 at the cut-off, moved by the shift. */
const probability = (score: number, cutoff: number, shift: number) => sigmoid(logit(score) - logit(cutoff) + shift);

/**
 * The shift minimizing the summed log-loss plus (λ/2)·shift²: the objective is convex in the one parameter, so its
 * derivative rises with the shift and bisection finds its zero (Newton's steps overshoot when all pairs agree).
 */
export function fitShift(pairs: PairLabel[], cutoff: number, lambda = THRESHOLD_LAMBDA): number {
  const gradient = (shift: number) =>
    pairs.reduce((sum, p) => sum + probability(p.score, cutoff, shift) - p.y, lambda * shift);
  let [low, high] = [-20, 20];
  for (let i = 0; i < 80; i++) {
    const mid = (low + high) / 2;
    if (gradient(mid) > 0) high = mid;
    else low = mid;
  }
  return pairs.length === 0 ? 0 : (low + high) / 2;
}

/** The duplicate cut-off a shift makes of Settings' one, bounded: never more than MAX_MOVE away, above related. */
export function shiftedCutoff(cutoff: number, shift: number, related: number): number {
  const moved = sigmoid(logit(cutoff) - shift);
  const low = Math.max(cutoff - MAX_MOVE, related + RELATED_GAP);
  return Math.min(cutoff + MAX_MOVE, 0.99, Math.max(low, moved));
}

/** Settings' thresholds with the learned shift applied to the score cut-offs a duplicate depends on. */
export function learnedThresholds(base: Thresholds, shift: number): Thresholds {
  if (shift === 0) return base;
  const duplicate = shiftedCutoff(base.duplicate, shift, base.related);
  return {
    ...base,
    duplicate,
    encoderDuplicate: shiftedCutoff(base.encoderDuplicate, shift, base.related),
    // The judge's band ends where a duplicate starts.
    ambiguousHigh: base.ambiguousHigh === base.duplicate ? duplicate : base.ambiguousHigh,
  };
}

export interface ThresholdRefit {
  decision: "serve" | "keep" | "wait";
  why: string;
  model?: ThresholdShift & { trainedThrough: string; since: string };
}

/**
 * As the confidence's refit (refit.ts): fitted on the older pairs, tried on the newest fifth against the serving
 * shift (none: Settings' cut-off); it serves only with a lower log-loss there.
 */
export function refitThreshold(pairs: PairLabel[], cutoff: number, serving: number): ThresholdRefit {
  const sorted = [...pairs].sort((a, b) => a.decidedAt.localeCompare(b.decidedAt));
  const size = Math.max(MIN_HOLDOUT, Math.round(sorted.length / 5));
  const train = sorted.slice(0, Math.max(0, sorted.length - size));
  const holdout = sorted.slice(train.length);
  if (train.length < MIN_TRAIN || holdout.length < MIN_HOLDOUT) {
    return { decision: "wait", why: `${train.length} judged pairs to learn from, ${holdout.length} to test on` };
  }
  const shift = fitShift(train, cutoff);
  const on = (s: number) => logLoss(holdout.map((p) => ({ p: probability(p.score, cutoff, s), y: p.y })));
  const [mine, theirs] = [on(shift), on(serving)];
  const beats = mine < theirs;
  const versus = `log-loss ${mine.toFixed(3)} vs ${theirs.toFixed(3)} on the ${holdout.length} newest judged pairs`;
  return {
    decision: beats ? "serve" : "keep",
    why: beats ? `beat the serving cut-off: ${versus}` : `did not beat the serving cut-off: ${versus}`,
    model: {
      shift,
      pairs: train.length,
      keptApart: train.filter((p) => p.y === 0 && p.verdict === "duplicate").length,
      mergedRelated: train.filter((p) => p.y === 1 && p.verdict === "related").length,
      since: train[0]!.decidedAt,
      trainedThrough: train[train.length - 1]!.decidedAt,
    },
  };
}

/** The open candidates whose verdict the new cut-off could change: a score-model match between the two. */
export function movedBand(matches: Match[], from: number, to: number): boolean {
  const [low, high] = from < to ? [from, to] : [to, from];
  return matches.some((m) => Boolean(m.factId) && m.stage === "lexical" && m.score >= low && m.score < high);
}

/** What Settings shows of the team's learned duplicate cut-off against its own. */
export interface CutoffSummary {
  learned: number;
  configured: number;
  pairs: number;
  keptApart: number;
  mergedRelated: number;
  servingSince: string;
}
