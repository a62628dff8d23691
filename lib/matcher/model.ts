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
  /** boosted trees over the same features, each adding to the logit (scripts/lib/gbt.ts); none when absent */
  trees?: PairTree[];
}

/**
 * One regression tree, as parallel arrays indexed by node (0 is the root): a node splits when `feature` ≥ 0
 * (an index into the model's `features`), sending x ≤ `threshold` to `left`, else to `right`; a leaf (`feature`
 * −1) adds its `value` to the logit.
 */
export interface PairTree {
  feature: number[];
  threshold: number[];
  left: number[];
  right: number[];
  value: number[];
}

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

/** P(duplicate) for a pair's features. */
export function duplicateProbability(model: PairModel, f: Features): number {
  let z = model.bias;
  for (let i = 0; i < model.features.length; i++)
    z += (model.weights[i] as number) * (f[model.features[i] as FeatureName] ?? 0);
  for (const t of model.trees ?? []) {
    let n = 0;
    while ((t.feature[n] as number) >= 0) {
      const v = f[model.features[t.feature[n] as number] as FeatureName] ?? 0;
      n = v <= (t.threshold[n] as number) ? (t.left[n] as number) : (t.right[n] as number);
    }
    z += t.value[n] as number;
  }
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
  const badTree = (m.trees ?? []).some(
    (t) =>
      [t.threshold, t.left, t.right, t.value].some((a) => a.length !== t.feature.length) ||
      t.feature.some((j) => j >= m.features.length),
  );
  if (bad || m.weights.length !== m.features.length || badTree)
    throw new Error(`model-weights.ts: the ${name} model does not fit features.ts (${bad ?? "weights"})`);
  return m;
}

export const MODELS: FittedModels = {
  lexical: checked(FITTED.lexical, "lexical"),
  encoder: checked(FITTED.encoder, "encoder"),
  thresholds: FITTED.thresholds,
};
