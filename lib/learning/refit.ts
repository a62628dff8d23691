import { auc, ece, logLoss, type Scored } from "@/lib/learning/metrics";
import { fitModel, isTrue, scorer, type FitOptions, type LabelRow, type LearnedWeights } from "@/lib/learning/model";

/**
 * When and whether a fact base's model is refitted: after every REFIT_EVERY new decisions, a model is fitted on the
 * older decisions and compared with the serving one (the shipped model when none serves) on the newest ones, which
 * neither has learned from. It serves only if it beats the serving one on both log-loss and AUC: a worse model
 * never replaces a better one.
 */
export const REFIT_EVERY = 10;
/** The newest decisions held out: a fifth of them, at least MIN_HOLDOUT and at most MAX_HOLDOUT. */
const MIN_HOLDOUT = 5;
const MAX_HOLDOUT = 50;
const MIN_TRAIN = 10;

export type DecidedLabel = LabelRow & { decidedAt: string };

export interface ServingModel {
  weights: LearnedWeights;
  decisions: number;
  /** The newest decision it learned from. */
  trainedThrough: string;
}

export interface ModelMetrics {
  holdout: number;
  logLoss: number;
  auc: number;
  ece: number;
}

export interface RefitOutcome {
  /** "serve": the new model beat the serving one; "keep": it did not; "wait": too few decisions to tell. */
  decision: "serve" | "keep" | "wait";
  why: string;
  model?: ServingModel & { since: string };
  candidate?: ModelMetrics;
  serving?: ModelMetrics;
}

export function metricsOf(rows: Scored[]): ModelMetrics {
  return { holdout: rows.length, logLoss: logLoss(rows), auc: auc(rows), ece: ece(rows) };
}

/** Labels oldest first; `current` the serving model, null for the shipped one. */
export function refit(labels: DecidedLabel[], current: ServingModel | null, options: FitOptions = {}): RefitOutcome {
  const sorted = [...labels].sort((a, b) => a.decidedAt.localeCompare(b.decidedAt));
  const size = Math.min(MAX_HOLDOUT, Math.max(MIN_HOLDOUT, Math.round(sorted.length / 5)));
  const train = sorted.slice(0, Math.max(0, sorted.length - size));
  // Held out: the newest decisions the serving model has not learned from either.
  const holdout = sorted.slice(train.length).filter((l) => !current || l.decidedAt > current.trainedThrough);
  if (train.length < MIN_TRAIN || holdout.length < MIN_HOLDOUT) {
    return { decision: "wait", why: `${train.length} decisions to learn from, ${holdout.length} to test on` };
  }
  if (new Set(holdout.map(isTrue)).size < 2) {
    return { decision: "wait", why: "the newest decisions are all of one kind: nothing to rank them by" };
  }
  const weights = fitModel(train, options);
  const candidateScore = scorer(weights, train.length);
  const servingScore = current ? scorer(current.weights, current.decisions) : null;
  const on = (score: (l: DecidedLabel) => number) => holdout.map((l) => ({ p: score(l), y: isTrue(l) }));
  const candidate = metricsOf(on((l) => candidateScore(l).confidence));
  const serving = metricsOf(on((l) => (servingScore ? servingScore(l).confidence : l.confidence)));
  const beats = candidate.logLoss < serving.logLoss && candidate.auc >= serving.auc;
  const versus =
    `log-loss ${candidate.logLoss.toFixed(3)} vs ${serving.logLoss.toFixed(3)}, ` +
    `AUC ${candidate.auc.toFixed(3)} vs ${serving.auc.toFixed(3)} on ${holdout.length} newest decisions`;
  return {
    decision: beats ? "serve" : "keep",
    why: beats ? `beat the serving model: ${versus}` : `did not beat the serving model: ${versus}`,
    model: {
      weights,
      decisions: train.length,
      since: train[0]!.decidedAt,
      trainedThrough: train[train.length - 1]!.decidedAt,
    },
    candidate,
    serving,
  };
}
