import { MEETING_MODEL, PERSONAL_MODEL } from "@/lib/extraction/offline/confidence-model";

/**
 * The offline extractor's confidence: a probability that the candidate is a correct fact worth keeping,
 * from a logistic regression over what the extractor sees in the clause. One model per kind of talk, both
 * fitted by `scripts/fit-confidence.ts`, whose report gives the held-out reliability table and calibration
 * error: conversations about people (the personal preset) on LoCoMo's gold observations, leaving one
 * conversation out; meetings (every preset with team kinds: meeting, agent) on hand labels of QMSum
 * candidates (`scripts/labels/`), leaving one meeting series out. The chat model does not transfer to
 * meetings (it gates "the review must finish before launch"), hence two.
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
  /** Asked rather than stated ("do we need to retrain …"); see `clauseForm`. */
  question: boolean;
  /** Its subject is a bare "this", "it", "they", "you": only the room knows what it is. */
  vagueSubject: boolean;
  /** Broken off on a word that cannot end a sentence ("… you have to"). */
  unfinished: boolean;
  /** Share of its words that point rather than name ("it", "this", "they", "here"). */
  pointing: number;
  /** The speaker speaks of themselves ("I", "my"). */
  self: boolean;
}

export type FeatureName = keyof ConfidenceFeatures;

/** A linear model over the named features (counts log-scaled); the fitting script writes it. */
export interface LogisticModel {
  features: FeatureName[];
  bias: number;
  weights: number[];
}

/** Which model scores which talk: team kinds (meeting and agent presets) are meetings, the rest chat. */
const MODEL_OF_GROUP = { team: MEETING_MODEL, inclusive: PERSONAL_MODEL } as const;

export function confidenceModelFor(group: keyof typeof MODEL_OF_GROUP): LogisticModel {
  return MODEL_OF_GROUP[group];
}

/** Features as numbers, in the order given; counts are log-scaled so a long ramble does not dominate. */
export function featureVector(f: ConfidenceFeatures, names: readonly FeatureName[]): number[] {
  return names.map((name) => {
    const v = f[name];
    if (typeof v === "boolean") return v ? 1 : 0;
    return name === "words" || name === "nouns" ? Math.log1p(v) : v;
  });
}

function sigmoid(z: number): number {
  return z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z));
}

/** The probability for a feature vector already in the model's order. */
export function predict(model: Pick<LogisticModel, "bias" | "weights">, x: number[]): number {
  let z = model.bias;
  for (let i = 0; i < x.length; i++) z += (model.weights[i] ?? 0) * x[i]!;
  return sigmoid(z);
}

/** The calibrated probability, rounded to two decimals as candidates show it. */
export function predictConfidence(f: ConfidenceFeatures, model: LogisticModel): number {
  return Math.round(predict(model, featureVector(f, model.features)) * 100) / 100;
}
