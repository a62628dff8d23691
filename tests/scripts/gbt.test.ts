import { describe, expect, it } from "vitest";
import { cutPoints, fitGbt, logLoss, treeMargin, type GbtData } from "@/scripts/lib/gbt";
import { fitLogistic } from "@/scripts/lib/logistic";
import { duplicateProbability, type PairModel } from "@/lib/matcher/model";
import { FEATURE_NAMES, type Features } from "@/lib/matcher/features";

// The boosted trees the matcher's duplicate model may add to its logistic logit (scripts/fit-matcher-trees.ts):
// shown correct against its definition (a leaf's value is the Newton step of the logistic loss; the training
// loss falls every round) and against what a linear model cannot do (an interaction, XOR).

function rand(seed: number) {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}

/** y = 1 when exactly one of x0 > 0.5, x1 > 0.5 (with a little label noise); x2 is noise. */
function xor(n: number, seed = 3): GbtData {
  const r = rand(seed);
  const x: number[][] = [];
  const y: Array<0 | 1> = [];
  for (let i = 0; i < n; i++) {
    const v = [r(), r(), r()];
    const truth = v[0]! > 0.5 !== v[1]! > 0.5;
    x.push(v);
    y.push((r() < 0.05 ? !truth : truth) ? 1 : 0);
  }
  return { x, y };
}

const margins = (data: GbtData, trees: ReturnType<typeof fitGbt>) =>
  data.x.map((x, i) => (data.init?.[i] ?? 0) + treeMargin(trees, x));
const accuracyOf = (data: GbtData, z: number[]) => z.filter((v, i) => (v > 0 ? 1 : 0) === data.y[i]).length / z.length;

describe("fitGbt", () => {
  it("learns XOR, which a logistic model over the same features cannot", () => {
    const train = xor(2000);
    const test = xor(1000, 99);
    const lin = fitLogistic(
      train.x.map((x, i) => ({ x, y: train.y[i]!, group: "g" })),
      1,
    );
    const linZ = test.x.map((x) => lin.weights.reduce((s, w, j) => s + w * x[j]!, lin.bias));
    expect(accuracyOf(test, linZ)).toBeLessThan(0.6);
    const trees = fitGbt(train, { rounds: 50, depth: 2, eta: 0.3 });
    expect(accuracyOf(test, margins(test, trees))).toBeGreaterThan(0.9);
  });

  it("lowers the weighted training loss every round", () => {
    const data = { ...xor(1500, 5), weight: Array.from({ length: 1500 }, (_, i) => 1 + (i % 3)) };
    let last = logLoss(data, margins(data, []));
    fitGbt(data, { rounds: 30, depth: 3, eta: 0.2, minLeaf: 2 }, (_, trees) => {
      const loss = logLoss(data, margins(data, trees));
      expect(loss).toBeLessThan(last);
      last = loss;
    });
  });

  it("sets a leaf to the Newton step −η·Σg / (Σh + λ) of the logistic loss at the starting margin", () => {
    // One feature, two groups; from margin 0 every p is 1/2: g = w(p − y), h = w·p(1 − p) = w/4.
    const data: GbtData = {
      x: [[0], [0], [0], [1], [1]],
      y: [1, 1, 0, 0, 0],
      weight: [1, 2, 1, 1, 3],
    };
    const [tree] = fitGbt(data, { rounds: 1, depth: 1, eta: 0.5, lambda: 1, minLeaf: 0 });
    expect(tree!.feature[0]).toBe(0);
    expect(tree!.threshold[0]).toBeCloseTo(0.5);
    // Left (x = 0): Σg = 1·(−½) + 2·(−½) + 1·(½) = −1, Σh = 4/4 = 1 → −0.5·(−1)/(1 + 1) = 0.25.
    expect(tree!.value[tree!.left[0]!]).toBeCloseTo(0.25, 12);
    // Right (x = 1): Σg = ½ + 3/2 = 2, Σh = 1 → −0.5·2/2 = −0.5.
    expect(tree!.value[tree!.right[0]!]).toBeCloseTo(-0.5, 12);
  });

  it("boosts from a given margin: a margin already right leaves nothing to add", () => {
    const data: GbtData = { x: [[0], [1]], y: [0, 1], init: [-30, 30] };
    const trees = fitGbt(data, { rounds: 3, depth: 2, eta: 0.3 });
    for (const z of margins(data, trees).map((v, i) => v - data.init![i]!)) expect(Math.abs(z)).toBeLessThan(1e-9);
  });

  it("gives the same trees for the same rows", () => {
    const data = xor(800, 8);
    const o = { rounds: 20, depth: 3, eta: 0.1 };
    expect(fitGbt(data, o)).toEqual(fitGbt(data, o));
  });

  it("cuts a feature between its distinct values when it has few, at quantiles when it has many", () => {
    expect(cutPoints([0, 1, 1, 2], 8)).toEqual([0.5, 1.5]);
    expect(cutPoints([3, 3, 3], 8)).toEqual([]);
    const many = cutPoints(
      Array.from({ length: 1000 }, (_, i) => i),
      4,
    );
    expect(many).toEqual([250, 500, 750]);
  });
});

describe("duplicateProbability with trees", () => {
  it("adds each tree's leaf to the logistic logit, reading the features by the model's names", () => {
    const features = Object.fromEntries(FEATURE_NAMES.map((n) => [n, 0])) as Features;
    const model: PairModel = {
      features: ["overlap", "negation"],
      bias: -1,
      weights: [2, 0],
      // negation ≤ 0.5 → +0.5, else −3
      trees: [
        { feature: [1, -1, -1], threshold: [0.5, 0, 0], left: [1, -1, -1], right: [2, -1, -1], value: [0, 0.5, -3] },
      ],
    };
    const p = (z: number) => 1 / (1 + Math.exp(-z));
    expect(duplicateProbability(model, { ...features, overlap: 1 })).toBeCloseTo(p(-1 + 2 + 0.5), 12);
    expect(duplicateProbability(model, { ...features, overlap: 1, negation: 1 })).toBeCloseTo(p(-1 + 2 - 3), 12);
    expect(duplicateProbability({ ...model, trees: undefined }, { ...features, overlap: 1 })).toBeCloseTo(p(1), 12);
  });
});
