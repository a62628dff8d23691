import { describe, expect, it } from "vitest";
import { fitLogistic, gradientAt, logit, sigmoid, type Example } from "@/lib/learning/logistic";
import { auc, ece, logLoss } from "@/lib/learning/metrics";

// Feature 0 marks examples that are mostly true, feature 1 mostly false; the offset is a flat prior of 0.5.
function examples(): Example[] {
  const out: Example[] = [];
  for (let i = 0; i < 40; i++) out.push({ x: [0], offset: 0, y: i % 5 === 0 ? 0 : 1 });
  for (let i = 0; i < 40; i++) out.push({ x: [1], offset: 0, y: i % 5 === 0 ? 1 : 0 });
  return out;
}

describe("fitLogistic", () => {
  it("stops where the regularized objective's gradient is zero", () => {
    const data = examples();
    const fit = fitLogistic(data, { dims: 2, lambda: 1 });
    const g = gradientAt(data, fit, 1);
    for (const v of [g.bias, g.scale, ...g.weights]) expect(Math.abs(v)).toBeLessThan(1e-3);
  });

  it("learns the rate behind a feature, shrunk toward the prior by the penalty", () => {
    const data = examples();
    const light = fitLogistic(data, { dims: 2, lambda: 0.01 });
    const heavy = fitLogistic(data, { dims: 2, lambda: 100 });
    // 80 % of the feature-0 examples are true: the unregularized fit says so, a heavy penalty stays near 0.5.
    expect(sigmoid(light.bias + light.weights[0]!)).toBeCloseTo(0.8, 2);
    expect(Math.abs(sigmoid(heavy.bias + heavy.weights[0]!) - 0.5)).toBeLessThan(0.15);
  });

  it("keeps the prior when there is nothing to learn from", () => {
    const fit = fitLogistic([], { dims: 3, lambda: 1 });
    expect([fit.bias, fit.scale, ...fit.weights]).toEqual([0, 0, 0, 0, 0]);
  });

  it("learns to trust a prior that ranks well more (its slope grows)", () => {
    const data: Example[] = [];
    for (let i = 0; i < 200; i++) {
      const p = (i % 10) / 10 + 0.05;
      data.push({ x: [], offset: logit(p) / 3, y: i % 10 < 5 ? 0 : 1 });
    }
    expect(fitLogistic(data, { dims: 0, lambda: 1 }).scale).toBeGreaterThan(0.5);
  });
});

describe("metrics", () => {
  it("AUC counts ordered pairs, ties half", () => {
    expect(
      auc([
        { p: 0.9, y: 1 },
        { p: 0.1, y: 0 },
      ]),
    ).toBe(1);
    expect(
      auc([
        { p: 0.1, y: 1 },
        { p: 0.9, y: 0 },
      ]),
    ).toBe(0);
    expect(
      auc([
        { p: 0.5, y: 1 },
        { p: 0.5, y: 0 },
      ]),
    ).toBe(0.5);
    expect(
      auc([
        { p: 0.8, y: 1 },
        { p: 0.3, y: 1 },
        { p: 0.5, y: 0 },
      ]),
    ).toBe(0.5);
  });

  it("ECE is the weighted gap between stated and observed rates", () => {
    // Ten stated 0.75, of which half true: a gap of 0.25.
    const rows = Array.from({ length: 10 }, (_, i) => ({ p: 0.75, y: (i % 2) as 0 | 1 }));
    expect(ece(rows)).toBeCloseTo(0.25, 10);
    expect(logLoss(rows)).toBeCloseTo(-(Math.log(0.75) + Math.log(0.25)) / 2, 10);
  });
});
