import { z } from "zod";
import { describeFeature, featuresOf, type LearningInput } from "@/lib/learning/features";
import { fitLogistic, logit, sigmoid, type Example } from "@/lib/learning/logistic";
import type { DecisionLabel } from "@/lib/learning/labels";

/**
 * A fact base's learned confidence: the shipped calibrated confidence as the prior (a logit offset), plus what this
 * team's decisions add (logistic.ts). Stored as JSON on LearnedModel.weights; read back through this schema.
 */
export const LearnedWeightsSchema = z.object({
  bias: z.number(),
  scale: z.number(),
  /** Each feature kept, with its weight and the decisions it was learned from (the card's reason names them). */
  features: z.array(z.object({ f: z.string(), w: z.number(), approved: z.number().int(), total: z.number().int() })),
});
export type LearnedWeights = z.infer<typeof LearnedWeightsSchema>;

export interface LearnedScore {
  confidence: number;
  /** Why, in a few words, from the decisions the model learned from. */
  reason: string;
}

export interface FitOptions {
  /** The pull toward the shipped model; larger keeps it closer. */
  lambda?: number;
  /** A feature is learned only when this many decisions had it (one decision says nothing about a word). */
  minCount?: number;
}
export const DEFAULT_LAMBDA = 8;
const DEFAULT_MIN_COUNT = 2;
/** A reason names a feature only when this many decisions stand behind it. */
const REASON_MIN = 3;

export type LabelRow = Pick<DecisionLabel, "outcome" | "confidence"> & LearningInput;

/** Approved as is, after an edit, or merged into a fact: the words held a true fact. Rejected: they did not. */
export const isTrue = (label: Pick<DecisionLabel, "outcome">): 0 | 1 => (label.outcome === "rejected" ? 0 : 1);

export function fitModel(labels: LabelRow[], options: FitOptions = {}): LearnedWeights {
  const lambda = options.lambda ?? DEFAULT_LAMBDA;
  const minCount = options.minCount ?? DEFAULT_MIN_COUNT;
  const rows = labels.map((l) => ({ y: isTrue(l), offset: logit(l.confidence), features: featuresOf(l) }));
  const counts = new Map<string, { approved: number; total: number }>();
  for (const r of rows) {
    for (const f of r.features) {
      const c = counts.get(f) ?? { approved: 0, total: 0 };
      c.total++;
      c.approved += r.y;
      counts.set(f, c);
    }
  }
  const kept = [...counts.entries()].filter(([, c]) => c.total >= minCount).map(([f]) => f);
  const index = new Map(kept.map((f, i) => [f, i]));
  const examples: Example[] = rows.map((r) => ({
    y: r.y,
    offset: r.offset,
    x: r.features.flatMap((f) => (index.has(f) ? [index.get(f)!] : [])),
  }));
  const fit = fitLogistic(examples, { dims: kept.length, lambda });
  return {
    bias: fit.bias,
    scale: fit.scale,
    features: kept.map((f, i) => ({ f, w: fit.weights[i]!, ...counts.get(f)! })),
  };
}

/** A reader for one model: the feature table is built once, then each candidate is scored in O(its features). */
export function scorer(weights: LearnedWeights, decisions: number) {
  const table = new Map(weights.features.map((f) => [f.f, f]));
  return (c: LearningInput & { confidence: number }): LearnedScore => {
    let z = logit(c.confidence) * (1 + weights.scale) + weights.bias;
    let strongest: LearnedWeights["features"][number] | undefined;
    for (const f of featuresOf(c)) {
      const entry = table.get(f);
      if (!entry) continue;
      z += entry.w;
      if (entry.total >= REASON_MIN && (!strongest || Math.abs(entry.w) > Math.abs(strongest.w))) strongest = entry;
    }
    const confidence = sigmoid(z);
    const head = `Learned ${confidence.toFixed(2)} (shipped ${c.confidence.toFixed(2)})`;
    const reason = strongest
      ? `${head}: you approved ${strongest.approved} of ${strongest.total} ${describeFeature(strongest.f)}`
      : `${head}: from ${decisions} decisions`;
    return { confidence, reason };
  };
}

/** What Settings shows of the fact base's learning: the serving model (null: the shipped one serves). */
export interface LearningSummary {
  attempts: number;
  serving: {
    decisions: number;
    since: string;
    servingSince: string;
    why: string;
    holdout: number | null;
    logLoss: number | null;
    auc: number | null;
    ece: number | null;
  } | null;
}
