/**
 * A small L2-regularized logistic regression with a fixed per-example offset: logit = offset + bias + Σ w·x over
 * binary features, with the offset's own slope (1 + scale) so the team can trust the shipped confidence more or
 * less. The offset is the shipped confidence's logit, so every parameter at zero is the shipped model, and the
 * penalty (λ/2)·(bias² + scale² + Σ w²) pulls toward it: a few decisions move it little, many move it more.
 * Fitted by Newton's method on the bias and a diagonal-Hessian step on the weights, with a backtracking line
 * search on the (convex) objective, so every accepted step lowers it.
 */
export interface Example {
  /** Indexes of the features present. */
  x: number[];
  offset: number;
  y: 0 | 1;
}

export interface LogisticFit {
  bias: number;
  scale: number;
  weights: Float64Array;
  /** The objective at the fit (mean log-loss plus penalty / n), for tests and diagnostics. */
  objective: number;
  iterations: number;
}

export const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));
export const logit = (p: number, eps = 1e-3) => {
  const q = Math.min(1 - eps, Math.max(eps, p));
  return Math.log(q / (1 - q));
};

interface Params {
  bias: number;
  scale: number;
  w: Float64Array;
}

function linear(e: Example, { bias, scale, w }: Params): number {
  let z = e.offset * (1 + scale) + bias;
  for (const j of e.x) z += w[j]!;
  return z;
}

function objectiveOf(examples: Example[], params: Params, lambda: number): number {
  let loss = 0;
  for (const e of examples) {
    const z = linear(e, params);
    // log(1 + e^z) − y·z, computed without overflow.
    loss += (z > 0 ? z + Math.log1p(Math.exp(-z)) : Math.log1p(Math.exp(z))) - e.y * z;
  }
  let penalty = params.bias ** 2 + params.scale ** 2;
  for (const v of params.w) penalty += v * v;
  return (loss + (lambda / 2) * penalty) / Math.max(1, examples.length);
}

export function fitLogistic(
  examples: Example[],
  {
    dims,
    lambda,
    maxIterations = 200,
    tolerance = 1e-10,
  }: { dims: number; lambda: number; maxIterations?: number; tolerance?: number },
): LogisticFit {
  let params: Params = { bias: 0, scale: 0, w: new Float64Array(dims) };
  let current = objectiveOf(examples, params, lambda);
  let iterations = 0;
  for (; iterations < maxIterations; iterations++) {
    const g = gradientAt(examples, params, lambda);
    const hess = new Float64Array(dims).fill(lambda);
    let hb = lambda;
    let hs = lambda;
    for (const e of examples) {
      const p = sigmoid(linear(e, params));
      const h = p * (1 - p);
      hb += h;
      hs += h * e.offset * e.offset;
      for (const j of e.x) hess[j]! += h;
    }
    // A diagonal Newton direction; the line search makes it safe where features overlap.
    const db = -g.bias / hb;
    const ds = -g.scale / hs;
    const dw = g.weights.map((v, j) => -v / hess[j]!);
    let step = 1;
    let accepted = false;
    while (step > 1e-6) {
      const next: Params = {
        bias: params.bias + step * db,
        scale: params.scale + step * ds,
        w: params.w.map((v, j) => v + step * dw[j]!),
      };
      const value = objectiveOf(examples, next, lambda);
      if (value < current) {
        accepted = current - value > tolerance;
        params = next;
        current = value;
        break;
      }
      step /= 2;
    }
    if (!accepted) break;
  }
  return { bias: params.bias, scale: params.scale, weights: params.w, objective: current, iterations };
}

/** The gradient of the objective (times n) at some parameters: all ≈ 0 at the optimum, as the tests check. */
export function gradientAt(
  examples: Example[],
  params: { bias: number; scale: number; w?: Float64Array; weights?: Float64Array },
  lambda: number,
) {
  const w = params.w ?? params.weights ?? new Float64Array(0);
  const at: Params = { bias: params.bias, scale: params.scale, w };
  const weights = w.map((v) => lambda * v);
  let bias = lambda * params.bias;
  let scale = lambda * params.scale;
  for (const e of examples) {
    const r = sigmoid(linear(e, at)) - e.y;
    bias += r;
    scale += r * e.offset;
    for (const j of e.x) weights[j]! += r;
  }
  return { bias, scale, weights };
}
