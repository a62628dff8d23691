import { describe, expect, it } from "vitest";
import { predict } from "@/lib/extraction/offline/confidence";
import { fitLogistic, type Row } from "@/scripts/lib/logistic";

// The trainer behind the matcher's duplicate model (scripts/fit-matcher.ts) and the extractor's confidence:
// shown correct against its own definition (the penalised log-likelihood's gradient vanishes at the fit) and
// against a known truth (it recovers the coefficients that generated the data).

function synthetic(n: number, truth: { bias: number; weights: number[] }, seed = 7): Row[] {
  let s = seed;
  const rand = () => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  return Array.from({ length: n }, () => {
    const x = truth.weights.map(() => rand() * 4 - 2);
    const p = predict(truth, x);
    return { x, y: rand() < p ? 1 : 0, group: "g", weight: 1 + Math.floor(rand() * 3) } as Row;
  });
}

describe("fitLogistic", () => {
  it("stops where the gradient of the weighted, L2-penalised log-likelihood is zero", () => {
    const rows = synthetic(2000, { bias: -0.5, weights: [1.5, -2, 0.25] });
    const lambda = 3;
    const m = fitLogistic(rows, lambda);
    const grad = [0, ...m.weights.map(() => 0)];
    for (const r of rows) {
      const e = (r.weight ?? 1) * (predict(m, r.x) - r.y);
      grad[0]! += e;
      r.x.forEach((v, j) => (grad[j + 1]! += e * v));
    }
    m.weights.forEach((w, j) => (grad[j + 1]! += lambda * w));
    for (const g of grad) expect(Math.abs(g)).toBeLessThan(1e-6);
  });

  it("recovers the coefficients that generated the data", () => {
    const truth = { bias: 0.8, weights: [2, -1, 0] };
    const m = fitLogistic(synthetic(40_000, truth, 11), 1e-6);
    // 40,000 rows: the sampling error of each coefficient is ~0.02-0.03.
    expect(Math.abs(m.bias - truth.bias)).toBeLessThan(0.1);
    m.weights.forEach((w, j) => expect(Math.abs(w - truth.weights[j]!)).toBeLessThan(0.1));
  });

  it("shrinks every weight towards zero as the penalty grows, the bias left free", () => {
    const rows = synthetic(3000, { bias: 1, weights: [1.5, -2] });
    const loose = fitLogistic(rows, 0.01);
    const tight = fitLogistic(rows, 1e5);
    for (const j of [0, 1]) expect(Math.abs(tight.weights[j]!)).toBeLessThan(Math.abs(loose.weights[j]!) / 10);
    // With the weights held near zero the bias alone fits the base rate.
    const rate = rows.reduce((n, r) => n + r.y * (r.weight ?? 1), 0) / rows.reduce((n, r) => n + (r.weight ?? 1), 0);
    expect(1 / (1 + Math.exp(-tight.bias))).toBeCloseTo(rate, 1);
  });
});
