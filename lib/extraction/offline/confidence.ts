import {
  CONVERSATION_MODEL,
  MEETING_MODEL,
  MEETING_ROUTE,
  PERSONAL_MODEL,
} from "@/lib/extraction/offline/confidence-model";
import type { TranscriptFeatures } from "@/lib/extraction/offline/noise";

/**
 * The offline extractor's confidence: a probability that the candidate is a correct fact worth keeping,
 * from a logistic regression over what the extractor sees in the clause and, for meetings, in the transcript.
 * Fitted by `scripts/fit-confidence.ts`, whose report gives the held-out reliability tables and calibration
 * errors: conversations about people (the personal preset) on LoCoMo's gold observations, leaving one
 * conversation out; meetings (every preset with team kinds: meeting, agent) by two models, see
 * `confidenceModelFor`. The chat model does not transfer to meetings (it gates "the review must finish before
 * launch"), hence separate ones.
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

/** What a model may read: the clause's features and the transcript's (noise). */
export type ScoringFeatures = ConfidenceFeatures & TranscriptFeatures;
export type FeatureName = keyof ScoringFeatures;

/** From which noise rate or mean turn length a meeting is scored as recorded speech; the fitting writes it. */
export type MeetingRoute = TranscriptFeatures;

/** A linear model over the named features (counts log-scaled); the fitting script writes it. */
export interface LogisticModel {
  features: FeatureName[];
  bias: number;
  weights: number[];
}

/**
 * Which model scores which talk. Chat (no team kinds) takes the personal model. Meetings take one of two, by
 * what the transcript measurably is: recorded speech (noisy, or long set speeches) the model fitted on hand
 * labels of QMSum meetings; clean back-and-forth (typed notes, a cleaned-up call transcript, chat) the one fitted
 * on LoCoMo's conversations run as meetings. One pooled model was miscalibrated on QMSum's committee
 * sessions, which are clean yet labelled as strictly as the rest (scripts/fit-confidence.ts reports both).
 */
export function confidenceModelFor(group: "team" | "inclusive", transcript: TranscriptFeatures): LogisticModel {
  if (group === "inclusive") return PERSONAL_MODEL;
  return isRecordedSpeech(transcript) ? MEETING_MODEL : CONVERSATION_MODEL;
}

export function isRecordedSpeech(t: TranscriptFeatures, route: MeetingRoute = MEETING_ROUTE): boolean {
  return t.noise >= route.noise || t.turnWords >= route.turnWords;
}

/** Features as numbers, in the order given; counts are log-scaled so a long ramble does not dominate. */
export function featureVector(f: ScoringFeatures, names: readonly FeatureName[]): number[] {
  return names.map((name) => {
    const v = f[name];
    if (typeof v === "boolean") return v ? 1 : 0;
    return name === "words" || name === "nouns" || name === "noise" || name === "turnWords" ? Math.log1p(v) : v;
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
export function predictConfidence(f: ConfidenceFeatures, model: LogisticModel, transcript: TranscriptFeatures): number {
  return Math.round(predict(model, featureVector({ ...f, ...transcript }, model.features)) * 100) / 100;
}
