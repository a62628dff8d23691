/**
 * Cosine similarity of two embedding vectors (any length scale; 0 when either is all zeros). One function
 * for every place that compares embeddings: the matcher, the SimHash-band fallback search, the batch's
 * candidate-vs-candidate comparison.
 */
export function cosineSimilarity(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    dot += x * y;
    na += x * x;
    nb += y * y;
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}
