// Figures the matcher is judged by (README of ../shared/eval): F1, accuracy, Spearman.

export function prf(pred: boolean[], gold: boolean[]): { p: number; r: number; f1: number } {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  pred.forEach((p, i) => {
    if (p && gold[i]) tp++;
    else if (p) fp++;
    else if (gold[i]) fn++;
  });
  const p = tp / Math.max(1, tp + fp);
  const r = tp / Math.max(1, tp + fn);
  return { p, r, f1: p + r === 0 ? 0 : (2 * p * r) / (p + r) };
}

export const accuracy = (pred: boolean[], gold: boolean[]) =>
  pred.filter((p, i) => p === gold[i]).length / Math.max(1, pred.length);

function ranks(x: number[]): number[] {
  const order = x.map((v, i) => [v, i] as const).sort((a, b) => a[0] - b[0]);
  const r = new Array<number>(x.length).fill(0);
  for (let i = 0; i < order.length;) {
    let j = i;
    while (j + 1 < order.length && order[j + 1]?.[0] === order[i]?.[0]) j++;
    for (let k = i; k <= j; k++) r[order[k]?.[1] as number] = (i + j) / 2;
    i = j + 1;
  }
  return r;
}

function pearson(a: number[], b: number[]): number {
  const n = a.length;
  const ma = a.reduce((s, v) => s + v, 0) / n;
  const mb = b.reduce((s, v) => s + v, 0) / n;
  let c = 0;
  let va = 0;
  let vb = 0;
  for (let i = 0; i < n; i++) {
    const x = (a[i] as number) - ma;
    const y = (b[i] as number) - mb;
    c += x * y;
    va += x * x;
    vb += y * y;
  }
  return c / Math.sqrt(va * vb);
}

export const spearman = (a: number[], b: number[]) => pearson(ranks(a), ranks(b));

export const share = (n: number, d: number) => `${n}/${d} (${((100 * n) / Math.max(1, d)).toFixed(1)} %)`;

/** A seeded shuffle (LCG): folds and splits the same on every run. */
export function seededOrder(n: number, seed: number): number[] {
  let s = seed;
  const rand = () => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const idx = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [idx[i], idx[j]] = [idx[j] as number, idx[i] as number];
  }
  return idx;
}
