// The matcher's logistic fit (scripts/fit-matcher.ts): corpus-weighted rows, each corpus with its own intercept,
// the similarities standardised; the fitted weights mapped back to raw features.
import type { FeatureName } from "@/lib/matcher/features";
import type { PairModel } from "@/lib/matcher/model";
import { fitLogistic, type Row } from "./logistic";

/** Counts of guard findings stay raw; the similarities are standardised (the L2 penalty then treats them alike). */
export const CONTINUOUS = new Set<FeatureName>([
  "overlap",
  "embedding",
  "order",
  "vectorAlign",
  "vectorAlignMin",
  "coverMin",
  "coverMax",
  "lengthRatio",
  "logLength",
  "lengthGap",
  "sequence",
  "trigrams",
  "unpaired",
  "thingParallel",
  "swapFar",
  "crossing",
  "coverMinLong",
  "vectorAlignMinLong",
  "encoder",
]);
const isCount = (n: FeatureName) => !CONTINUOUS.has(n);

export interface TrainRow {
  /** the corpus */
  set: string;
  y: boolean;
  /** the features named by `names`, in that order */
  x: number[];
}

/** Each corpus weighs the same in a fit: a row's weight. */
export function corpusWeights(train: Array<{ set: string }>): number[] {
  const perSet = new Map<string, number>();
  for (const it of train) perSet.set(it.set, (perSet.get(it.set) ?? 0) + 1);
  return train.map((it) => train.length / (perSet.size * (perSet.get(it.set) as number)));
}

export function fitPairLogistic(train: TrainRow[], names: FeatureName[], lambda: number): PairModel {
  const xs = train.map((it) => it.x);
  const mean = names.map((n, j) => (isCount(n) ? 0 : xs.reduce((s, x) => s + (x[j] as number), 0) / xs.length));
  const sd = names.map((n, j) =>
    isCount(n)
      ? 1
      : Math.max(
          1e-6,
          Math.sqrt(xs.reduce((s, x) => s + ((x[j] as number) - (mean[j] as number)) ** 2, 0) / xs.length),
        ),
  );
  // Each corpus has its own intercept in the fit (MRPC calls two thirds of its pairs paraphrases, STS-B a fifth
  // of its pairs duplicates): the features' weights then say what tells a duplicate within a corpus, not which
  // corpus a pair comes from (MRPC's long news sentences). The shipped bias is their mean.
  const corpora = [...new Set(train.map((it) => it.set))];
  const weights = corpusWeights(train);
  const rows: Row[] = train.map((it, i) => ({
    x: [
      ...(xs[i] as number[]).map((v, j) => (v - (mean[j] as number)) / (sd[j] as number)),
      ...corpora.slice(1).map((c) => (it.set === c ? 1 : 0)),
    ],
    y: it.y ? 1 : 0,
    group: it.set,
    weight: weights[i] as number,
  }));
  const m = fitLogistic(rows, lambda);
  const effects = m.weights.slice(names.length);
  const w = m.weights.slice(0, names.length).map((v, j) => v / (sd[j] as number));
  const shift = effects.reduce((s, e) => s + e, 0) / corpora.length;
  const bias = m.bias + shift - w.reduce((s, v, j) => s + v * (mean[j] as number), 0);
  return { features: names, bias, weights: w };
}
