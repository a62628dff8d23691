import { FEATURE_NAMES, type FeatureName, type Features } from "./features";
import { FITTED } from "./model-weights";

/**
 * The duplicate model: a logistic regression over the pair's features (features.ts), fitted on public
 * sentence pairs by scripts/fit-matcher.ts, which writes model-weights.ts. It answers how likely two
 * statements say the same thing; the guards' vetoes (a value that truly differs) are applied apart from it
 * and no weight can overrule them (matcher.ts). A team's own model (issue 25) is another object of this shape.
 */
export interface PairModel {
  features: FeatureName[];
  bias: number;
  weights: number[];
}

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

/** P(duplicate) for a pair's features. */
export function duplicateProbability(model: PairModel, f: Features): number {
  let z = model.bias;
  for (let i = 0; i < model.features.length; i++)
    z += (model.weights[i] as number) * (f[model.features[i] as FeatureName] ?? 0);
  return sigmoid(z);
}

export interface FittedModels {
  /** words only: the default */
  lexical: PairModel;
  /** words and the sentence encoder's cosine, when SIFT_SENTENCE_ENCODER=on and it has loaded */
  encoder: PairModel;
  /** cut-offs chosen with the models, by cross-validation (the script's report says on what) */
  thresholds: { duplicate: number; related: number; encoderDuplicate: number };
}

const known = new Set<string>([...FEATURE_NAMES, "encoder"]);
function checked(m: PairModel, name: string): PairModel {
  const bad = m.features.find((f) => !known.has(f));
  if (bad || m.weights.length !== m.features.length)
    throw new Error(`model-weights.ts: the ${name} model does not fit features.ts (${bad ?? "weights"})`);
  return m;
}

export const MODELS: FittedModels = {
  lexical: checked(FITTED.lexical, "lexical"),
  encoder: checked(FITTED.encoder, "encoder"),
  thresholds: FITTED.thresholds,
};
