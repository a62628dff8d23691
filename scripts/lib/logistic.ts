import { predict, type LogisticModel } from "@/lib/extraction/offline/confidence";

/** A fitted model's numbers; the features it reads are the caller's. */
type Fitted = Pick<LogisticModel, "bias" | "weights">;

/**
 * L2-regularised logistic regression fitted by Newton's method (a dozen features, a few thousand rows:
 * exact and fast), and the calibration report of predicted probabilities against outcomes.
 */

export interface Row {
  x: number[];
  y: 0 | 1;
  group: string;
  /** How much the row counts in the fit (1 when absent): pooled corpora are weighted to count alike. */
  weight?: number;
}

/** Solves A·v = b by Gaussian elimination with partial pivoting (A is small and positive definite). */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(m[r]![col]!) > Math.abs(m[pivot]![col]!)) pivot = r;
    [m[col], m[pivot]] = [m[pivot]!, m[col]!];
    const p = m[col]![col]!;
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const f = m[r]![col]! / p;
      for (let c = col; c <= n; c++) m[r]![c]! -= f * m[col]![c]!;
    }
  }
  return m.map((row, i) => row[n]! / row[i]!);
}

export function fitLogistic(rows: Row[], lambda = 1, iterations = 25): Fitted {
  const d = rows[0]?.x.length ?? 0;
  let w = new Array<number>(d + 1).fill(0); // w[0] is the bias
  for (let it = 0; it < iterations; it++) {
    const grad = new Array<number>(d + 1).fill(0);
    const hess = Array.from({ length: d + 1 }, () => new Array<number>(d + 1).fill(0));
    for (const { x, y, weight = 1 } of rows) {
      const xb = [1, ...x];
      const p = predict({ bias: w[0]!, weights: w.slice(1) }, x);
      const s = weight * p * (1 - p);
      for (let i = 0; i <= d; i++) {
        grad[i]! += weight * (p - y) * xb[i]!;
        for (let j = 0; j <= d; j++) hess[i]![j]! += s * xb[i]! * xb[j]!;
      }
    }
    for (let i = 1; i <= d; i++) {
      grad[i]! += lambda * w[i]!;
      hess[i]![i]! += lambda;
    }
    hess[0]![0]! += 1e-6;
    const step = solve(hess, grad);
    w = w.map((v, i) => v - step[i]!);
    if (Math.max(...step.map(Math.abs)) < 1e-8) break;
  }
  return { bias: w[0]!, weights: w.slice(1) };
}

export interface Bin {
  from: number;
  to: number;
  n: number;
  predicted: number;
  observed: number;
}

/** Five equal-width bins of predicted probability; ECE = Σ n_b/N · |mean predicted − observed rate|. */
export function reliability(pairs: { p: number; y: number }[], bins = 5): { bins: Bin[]; ece: number } {
  const out: Bin[] = Array.from({ length: bins }, (_, i) => ({
    from: i / bins,
    to: (i + 1) / bins,
    n: 0,
    predicted: 0,
    observed: 0,
  }));
  for (const { p, y } of pairs) {
    const b = out[Math.min(bins - 1, Math.floor(p * bins))]!;
    b.n++;
    b.predicted += p;
    b.observed += y;
  }
  let ece = 0;
  for (const b of out) {
    if (b.n === 0) continue;
    b.predicted /= b.n;
    b.observed /= b.n;
    ece += (b.n / Math.max(1, pairs.length)) * Math.abs(b.predicted - b.observed);
  }
  return { bins: out, ece };
}

function logLoss(pairs: { p: number; y: number; weight?: number }[]): number {
  const eps = 1e-9;
  const total = pairs.reduce((n, r) => n + (r.weight ?? 1), 0);
  return -pairs.reduce((n, r) => n + (r.weight ?? 1) * Math.log((r.y ? r.p : 1 - r.p) + eps), 0) / total;
}

function leaveOneGroupOut(rows: Row[], lambda: number): { p: number; y: number; weight?: number }[] {
  const groups = [...new Set(rows.map((r) => r.group))];
  return groups.flatMap((g) => {
    const model = fitLogistic(
      rows.filter((r) => r.group !== g),
      lambda,
    );
    return rows.filter((r) => r.group === g).map((r) => ({ p: predict(model, r.x), y: r.y, weight: r.weight }));
  });
}

/** The regularisation whose leave-one-group-out log-loss on these rows is lowest. */
export function chooseLambda(rows: Row[], lambdas: readonly number[]): number {
  if (lambdas.length === 1) return lambdas[0]!;
  const scored = lambdas.map((lambda) => ({ lambda, loss: logLoss(leaveOneGroupOut(rows, lambda)) }));
  return scored.reduce((best, s) => (s.loss < best.loss ? s : best)).lambda;
}

/**
 * Leave one group out: each group's rows predicted by a model fitted on all the other groups, with the
 * regularisation chosen on those other groups alone (nested), so nothing about the held-out group is used.
 */
export function heldOutPredictions(
  rows: Row[],
  lambdas: readonly number[] = [1],
): { p: number; y: number; group: string }[] {
  const groups = [...new Set(rows.map((r) => r.group))];
  return groups.flatMap((g) => {
    const train = rows.filter((r) => r.group !== g);
    const model = fitLogistic(train, chooseLambda(train, lambdas));
    return rows.filter((r) => r.group === g).map((r) => ({ p: predict(model, r.x), y: r.y, group: g }));
  });
}

/** Area under the ROC curve: the chance a correct row is scored above a wrong one (ties count half). */
export function auc(pairs: { p: number; y: number }[]): number {
  const sorted = [...pairs].sort((a, b) => a.p - b.p);
  let rankSum = 0;
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j < sorted.length && sorted[j]!.p === sorted[i]!.p) j++;
    const rank = (i + 1 + j) / 2;
    for (let k = i; k < j; k++) if (sorted[k]!.y === 1) rankSum += rank;
    i = j;
  }
  const pos = pairs.filter((r) => r.y === 1).length;
  const neg = pairs.length - pos;
  return pos && neg ? (rankSum - (pos * (pos + 1)) / 2) / (pos * neg) : NaN;
}
