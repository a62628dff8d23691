import { CONFIDENCE_MODEL } from "@/lib/extraction/offline/confidence-model";

/**
 * The offline extractor's confidence. For conversations about people (the personal preset) it is a
 * probability that the candidate is a correct fact, from a logistic regression over what the extractor
 * sees in the clause, fitted by `scripts/fit-confidence.ts` on LoCoMo with leave-one-conversation-out
 * folds (its report gives the held-out reliability table and calibration error). Meetings have no
 * per-fact gold to fit on, and the chat model does not transfer (it gates "the review must finish before
 * launch"), so team presets keep the cue-based values of `cueConfidence`: not yet a probability.
 */
export interface ConfidenceFeatures {
  /** An explicit cue ("we decided", "must", "I'll") or one announced by framing ("Lesson learned:"). */
  strong: boolean;
  /** Only topical cue words. */
  weak: boolean;
  /** "maybe", "I think", "probably". */
  hedged: boolean;
  /** The kind's base importance (decisions and constraints high, context low). */
  importance: number;
  /** No cue matched: the kind is the preset's catch-all. */
  fallback: boolean;
  /** Words in the content. */
  words: number;
  /** Nouns, names and numbers in the clause. */
  nouns: number;
  /** A number, date, name or other entity. */
  specific: boolean;
  /** The speaker speaks of themselves or the team ("I", "we", "our"). */
  firstPerson: boolean;
  /** Share of the turn's characters around the clause that were fillers, tags or repeats. */
  disfluency: number;
}

export type FeatureName = keyof ConfidenceFeatures;
export const FEATURE_NAMES: FeatureName[] = [
  "strong",
  "weak",
  "hedged",
  "importance",
  "fallback",
  "words",
  "nouns",
  "specific",
  "firstPerson",
  "disfluency",
];

/** Features as numbers, in FEATURE_NAMES order; counts are log-scaled so a long ramble does not dominate. */
export function featureVector(f: ConfidenceFeatures): number[] {
  return FEATURE_NAMES.map((name) => {
    const v = f[name];
    if (typeof v === "boolean") return v ? 1 : 0;
    return name === "words" || name === "nouns" ? Math.log1p(v) : v;
  });
}

export function sigmoid(z: number): number {
  return z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z));
}

/** A linear model over featureVector; the fitting script writes it. */
export interface LogisticModel {
  bias: number;
  weights: number[];
}

export function predict(model: LogisticModel, x: number[]): number {
  let z = model.bias;
  for (let i = 0; i < x.length; i++) z += (model.weights[i] ?? 0) * x[i]!;
  return sigmoid(z);
}

/** The calibrated probability, rounded to two decimals as candidates show it. */
export function predictConfidence(f: ConfidenceFeatures): number {
  return Math.round(predict(CONFIDENCE_MODEL, featureVector(f)) * 100) / 100;
}

/** Team presets (meetings, agents): 0.85 for an explicit cue, 0.6 for topical words, 0.45 for none; less hedged. */
export function cueConfidence(f: Pick<ConfidenceFeatures, "strong" | "weak" | "hedged">): number {
  const base = f.strong ? 0.85 : f.weak ? 0.6 : 0.45;
  return Math.round((base - (f.hedged ? 0.15 : 0)) * 100) / 100;
}
