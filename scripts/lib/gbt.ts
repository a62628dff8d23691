/**
 * Gradient-boosted regression trees for a binary outcome (logistic loss), small and deterministic: each round
 * fits one tree to the loss's gradient and Hessian at the current margin (second-order, as XGBoost does), splits
 * chosen exactly on up to `bins` quantile cut points of each feature, leaf values the Newton step
 * −Σg / (Σh + λ) scaled by the shrinkage. Boosting may start from a given margin per row (the logistic model's
 * logit), so the trees only add what a linear model misses. No sampling: the same rows give the same trees.
 */
import type { PairTree } from "@/lib/matcher/model";

export interface GbtOptions {
  rounds: number;
  /** levels of splits below the root (depth 2 = up to 4 leaves) */
  depth: number;
  /** shrinkage: each tree's leaf values are scaled by it */
  eta: number;
  /** L2 penalty on leaf values (λ in −G / (H + λ)) */
  lambda?: number;
  /** the least Hessian weight (Σ w·p·(1−p)) a leaf may have */
  minLeaf?: number;
  /** cut points per feature: its distinct values' midpoints when it has no more, else quantiles */
  bins?: number;
  /** a split must lower the penalised loss (its gain, in XGBoost's terms) by more than this */
  minGain?: number;
}

export interface GbtData {
  x: number[][];
  y: Array<0 | 1>;
  /** each row's weight (1 when absent) */
  weight?: number[];
  /** the margin (logit) boosting starts from (0 when absent) */
  init?: number[];
}

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

/** The margin the trees add for one row. */
export function treeMargin(trees: PairTree[], x: ArrayLike<number>): number {
  let z = 0;
  for (const t of trees) {
    let n = 0;
    while ((t.feature[n] as number) >= 0)
      n =
        (x[t.feature[n] as number] as number) <= (t.threshold[n] as number)
          ? (t.left[n] as number)
          : (t.right[n] as number);
    z += t.value[n] as number;
  }
  return z;
}

/** Cut points for one feature's values: x ≤ cut goes left. */
export function cutPoints(values: number[], bins: number): number[] {
  const sorted = [...values].sort((a, b) => a - b);
  const distinct = sorted.filter((v, i) => i === 0 || v !== sorted[i - 1]);
  if (distinct.length <= 1) return [];
  if (distinct.length <= bins) return distinct.slice(1).map((v, i) => ((distinct[i] as number) + v) / 2);
  const cuts: number[] = [];
  for (let k = 1; k < bins; k++) {
    const v = sorted[Math.floor((k * sorted.length) / bins)] as number;
    // A cut at v sends v left; the largest value cannot be a cut (nothing would go right).
    if (v < (distinct.at(-1) as number) && (cuts.length === 0 || v > (cuts.at(-1) as number))) cuts.push(v);
  }
  return cuts;
}

/** The weighted logistic loss of margins `z`. */
export function logLoss(data: GbtData, z: number[]): number {
  let s = 0;
  let w = 0;
  for (let i = 0; i < z.length; i++) {
    const wi = data.weight?.[i] ?? 1;
    const p = sigmoid(z[i] as number);
    s -= wi * Math.log(Math.max(1e-12, data.y[i] === 1 ? p : 1 - p));
    w += wi;
  }
  return s / w;
}

/**
 * Boosts `rounds` trees. `onRound(r, trees)` sees the trees so far after each round (for a loss curve).
 */
export function fitGbt(data: GbtData, o: GbtOptions, onRound?: (round: number, trees: PairTree[]) => void): PairTree[] {
  const n = data.x.length;
  const d = data.x[0]?.length ?? 0;
  const lambda = o.lambda ?? 1;
  const minLeaf = o.minLeaf ?? 1;
  const minGain = o.minGain ?? 0;
  const cuts = Array.from({ length: d }, (_, j) =>
    cutPoints(
      data.x.map((x) => x[j] as number),
      o.bins ?? 64,
    ),
  );
  // Each row's bin per feature: the first cut it does not exceed (x ≤ cut), or past the last.
  const bin = Array.from({ length: d }, (_, j) => {
    const c = cuts[j] as number[];
    const out = new Uint16Array(n);
    for (let i = 0; i < n; i++) {
      const v = (data.x[i] as number[])[j] as number;
      let lo = 0;
      let hi = c.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (v <= (c[mid] as number)) hi = mid;
        else lo = mid + 1;
      }
      out[i] = lo;
    }
    return out;
  });
  const z = Float64Array.from({ length: n }, (_, i) => data.init?.[i] ?? 0);
  const g = new Float64Array(n);
  const h = new Float64Array(n);
  const trees: PairTree[] = [];
  const score = (G: number, H: number) => (G * G) / (H + lambda);

  for (let round = 0; round < o.rounds; round++) {
    for (let i = 0; i < n; i++) {
      const w = data.weight?.[i] ?? 1;
      const p = sigmoid(z[i] as number);
      g[i] = w * (p - (data.y[i] as number));
      h[i] = w * p * (1 - p);
    }
    const tree: PairTree = { feature: [], threshold: [], left: [], right: [], value: [] };
    const leafOf = new Int32Array(n);
    const grow = (rows: number[], level: number): number => {
      const node = tree.feature.length;
      tree.feature.push(-1);
      tree.threshold.push(0);
      tree.left.push(-1);
      tree.right.push(-1);
      tree.value.push(0);
      let G = 0;
      let H = 0;
      for (const i of rows) {
        G += g[i] as number;
        H += h[i] as number;
      }
      let best = { gain: minGain, j: -1, c: -1 };
      if (level < o.depth && H >= 2 * minLeaf) {
        for (let j = 0; j < d; j++) {
          const c = cuts[j] as number[];
          if (c.length === 0) continue;
          const gs = new Float64Array(c.length + 1);
          const hs = new Float64Array(c.length + 1);
          const bj = bin[j] as Uint16Array;
          for (const i of rows) {
            const b = bj[i] as number;
            gs[b] = (gs[b] as number) + (g[i] as number);
            hs[b] = (hs[b] as number) + (h[i] as number);
          }
          let GL = 0;
          let HL = 0;
          for (let k = 0; k < c.length; k++) {
            GL += gs[k] as number;
            HL += hs[k] as number;
            const HR = H - HL;
            if (HL < minLeaf) continue;
            if (HR < minLeaf) break;
            const gain = score(GL, HL) + score(G - GL, HR) - score(G, H);
            if (gain > best.gain + 1e-12) best = { gain, j, c: k };
          }
        }
      }
      if (best.j < 0) {
        tree.value[node] = (-o.eta * G) / (H + lambda);
        for (const i of rows) leafOf[i] = node;
        return node;
      }
      const bj = bin[best.j] as Uint16Array;
      const left = rows.filter((i) => (bj[i] as number) <= best.c);
      const right = rows.filter((i) => (bj[i] as number) > best.c);
      tree.feature[node] = best.j;
      tree.threshold[node] = (cuts[best.j] as number[])[best.c] as number;
      tree.left[node] = grow(left, level + 1);
      tree.right[node] = grow(right, level + 1);
      return node;
    };
    grow(
      Array.from({ length: n }, (_, i) => i),
      0,
    );
    for (let i = 0; i < n; i++) z[i] = (z[i] as number) + (tree.value[leafOf[i] as number] as number);
    trees.push(tree);
    onRound?.(round, trees);
  }
  return trees;
}
