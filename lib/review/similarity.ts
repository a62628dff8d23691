import type { Analysis } from "./lexical";
import { loadWordVectors, type WordVectors } from "./wordvectors";

/** The parts of the similarity, each in [0, 1], kept so a verdict can be explained. */
export interface SimilarityParts {
  /** weighted share of shared word stems (Dice) */
  overlap: number;
  /** cosine of the weighted-average word vectors */
  embedding: number;
  /** shared consecutive word pairs: word order */
  order: number;
  score: number;
}

// Per-text parts of the score, computed once per analysis and reused across all its pairs.
interface Prepared { weights: Map<string, number>; total: number; bigrams: Set<string>; norm: number }
const prepCache = new WeakMap<Analysis, Prepared>();

function prepare(an: Analysis): Prepared {
  let p = prepCache.get(an);
  if (p) return p;
  const weights = new Map<string, number>();
  for (const t of an.tokens) weights.set(t.stem, Math.max(weights.get(t.stem) ?? 0, t.weight));
  let total = 0;
  for (const w of weights.values()) total += w;
  const bigrams = new Set<string>();
  for (let i = 1; i < an.tokens.length; i++) bigrams.add(`${an.tokens[i - 1]?.stem} ${an.tokens[i]?.stem}`);
  let norm = 0;
  if (an.embedding) for (const x of an.embedding) norm += x * x;
  p = { weights, total, bigrams, norm: Math.sqrt(norm) };
  prepCache.set(an, p);
  return p;
}

function weightedDice(a: Prepared, b: Prepared): number {
  const total = a.total + b.total;
  if (total === 0) return 1;
  let shared = 0;
  for (const [s, w] of a.weights) {
    const o = b.weights.get(s);
    if (o !== undefined) shared += 2 * Math.min(w, o);
  }
  return shared / total;
}

function orderScore(a: Prepared, b: Prepared): number {
  if (a.bigrams.size === 0 && b.bigrams.size === 0) return 1;
  let shared = 0;
  for (const g of a.bigrams) if (b.bigrams.has(g)) shared++;
  return (2 * shared) / (a.bigrams.size + b.bigrams.size);
}

function cosine(a: Float32Array | null, b: Float32Array | null, na: number, nb: number): number {
  if (!a || !b || na === 0 || nb === 0) return 0;
  let dot = 0;
  for (let i = 0; i < a.length; i++) dot += (a[i] as number) * (b[i] as number);
  return dot / (na * nb);
}
// Calibrated on STS-B: word-by-word soft alignment with GloVe added nothing over this mix (it
// rewards "guitar" for "flute"), and cost most of the time, so it was left out.
export const WEIGHTS = { overlap: 0.65, embedding: 0.3, order: 0.05 };

/** Similarity in [0, 1] of two analysed texts (no guards: see guards.ts for what must never merge). */
export function similarity(a: Analysis, b: Analysis, vectors: WordVectors | null = loadWordVectors()): SimilarityParts {
  const pa = prepare(a);
  const pb = prepare(b);
  const overlap = weightedDice(pa, pb);
  const embedding = Math.max(0, cosine(a.embedding, b.embedding, pa.norm, pb.norm));
  const order = orderScore(pa, pb);
  const w = vectors ? WEIGHTS : { overlap: 0.85, embedding: 0, order: 0.15 };
  const score = Math.min(1, Math.max(0, w.overlap * overlap + w.embedding * embedding + w.order * order));
  return { overlap, embedding, order, score };
}
