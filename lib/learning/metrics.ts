/** How well probabilities fit outcomes: what a new model must beat the serving one on, and what the page shows. */
export interface Scored {
  p: number;
  y: 0 | 1;
}

export function logLoss(rows: Scored[]): number {
  if (rows.length === 0) return NaN;
  const eps = 1e-6;
  let sum = 0;
  for (const { p, y } of rows) sum -= y ? Math.log(Math.max(eps, p)) : Math.log(Math.max(eps, 1 - p));
  return sum / rows.length;
}

/** Area under the ROC curve: the chance a random true example scores above a random false one (ties count half). */
export function auc(rows: Scored[]): number {
  const pos = rows.filter((r) => r.y === 1).length;
  const neg = rows.length - pos;
  if (pos === 0 || neg === 0) return NaN;
  const sorted = [...rows].sort((a, b) => a.p - b.p);
  let rankSum = 0;
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j < sorted.length && sorted[j]!.p === sorted[i]!.p) j++;
    const midRank = (i + 1 + j) / 2;
    for (let k = i; k < j; k++) if (sorted[k]!.y === 1) rankSum += midRank;
    i = j;
  }
  return (rankSum - (pos * (pos + 1)) / 2) / (pos * neg);
}

/** Expected calibration error over equal-width bins: the gap between stated and observed rates, weighted. */
export function ece(rows: Scored[], bins = 10): number {
  if (rows.length === 0) return NaN;
  const count = new Array<number>(bins).fill(0);
  const sumP = new Array<number>(bins).fill(0);
  const sumY = new Array<number>(bins).fill(0);
  for (const { p, y } of rows) {
    const b = Math.min(bins - 1, Math.floor(p * bins));
    count[b]!++;
    sumP[b]! += p;
    sumY[b]! += y;
  }
  let total = 0;
  for (let b = 0; b < bins; b++) if (count[b]) total += Math.abs(sumP[b]! - sumY[b]!);
  return total / rows.length;
}
