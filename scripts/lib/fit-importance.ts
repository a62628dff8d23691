import { EVIDENCE_NAMES, type Evidence } from "@/lib/extraction/offline/evidence";
import { importanceInputs, type ImportanceModel } from "@/lib/extraction/offline/importance";

/** One candidate as the importance model learns from it. */
export interface ImportanceRow {
  kind: string;
  cueImportance: number;
  evidence: Evidence;
  confidence: number;
  /** It carries a gold fact. */
  positive: boolean;
}

/**
 * Fits lib/extraction/offline/importance.ts's model so that confidence × importance is the chance a candidate
 * carries a gold fact: the likelihood of y ~ Bernoulli(c·σ(z)), by gradient ascent with an L2 penalty on every
 * weight but the bias. Deterministic: same rows, same model.
 */
export function fitImportance(rows: ImportanceRow[], { l2 = 1, iterations = 4000, rate = 0.5 } = {}): ImportanceModel {
  const kinds = [...new Set(rows.map((r) => r.kind))].sort();
  const xs = rows.map((r) => [
    ...kinds.map((k) => (r.kind === k ? 1 : 0)),
    ...importanceInputs(r.cueImportance, r.evidence),
  ]);
  const width = kinds.length + 1 + EVIDENCE_NAMES.length;
  const w = new Array<number>(width).fill(0);
  let bias = 0;
  const n = Math.max(1, rows.length);
  for (let it = 0; it < iterations; it++) {
    const grad = new Array<number>(width).fill(0);
    let gBias = 0;
    rows.forEach((r, i) => {
      const x = xs[i]!;
      let z = bias;
      for (let j = 0; j < width; j++) z += w[j]! * x[j]!;
      const s = 1 / (1 + Math.exp(-z));
      const p = Math.min(1 - 1e-6, Math.max(1e-6, r.confidence * s));
      // d/dz of y·log(c·s) + (1 − y)·log(1 − c·s)
      const g = r.positive ? 1 - s : (-r.confidence * s * (1 - s)) / (1 - p);
      for (let j = 0; j < width; j++) grad[j]! += g * x[j]!;
      gBias += g;
    });
    for (let j = 0; j < width; j++) w[j] = w[j]! + (rate * (grad[j]! - l2 * w[j]!)) / n;
    bias += (rate * gBias) / n;
  }
  const round = (v: number) => Math.round(v * 10000) / 10000;
  return {
    bias: round(bias),
    kinds: Object.fromEntries(kinds.map((k, j) => [k, round(w[j]!)])),
    cue: round(w[kinds.length]!),
    weights: Object.fromEntries(
      EVIDENCE_NAMES.map((name, j) => [name, round(w[kinds.length + 1 + j]!)]),
    ) as ImportanceModel["weights"],
  };
}
