import "server-only";
import { mulberry32 } from "@/lib/random";
/**
 * SimHash (random-hyperplane LSH) band keys of an embedding, for nearest-neighbour lookup on a database
 * without pgvector (FactVectorBand, migration add_embeddings). Each of BANDS bands is BITS sign bits of
 * the vector's projections on seeded random directions; two vectors at cosine c agree on a bit with
 * probability p = 1 - acos(c)/π, so they share at least one band with probability 1 - (1 - p^BITS)^BANDS:
 * c = 0.92 (the default duplicate threshold): 99.7%; c = 0.85: 95%; c = 0.75 (related): 78%.
 * 10 bits split a uniform fact base into 1,024 buckets per band, so a band lists ~10 facts per 10k.
 *
 * Pure code: no database, no `server-only`.
 */

const BANDS = 20;
const BITS = 10;
const PLANES = BANDS * BITS;

/** FNV-1a, 32 bits. */
function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

const planesByDims = new Map<number, Float32Array>();

/** Gaussian directions (Box–Muller): uniform on the sphere, which is what makes p = 1 - θ/π hold. */
function planes(dims: number): Float32Array {
  let p = planesByDims.get(dims);
  if (!p) {
    const next = mulberry32(0x51f7 + dims);
    p = new Float32Array(PLANES * dims);
    for (let i = 0; i < p.length; i += 2) {
      const r = Math.sqrt(-2 * Math.log(1 - next()));
      const t = 2 * Math.PI * next();
      p[i] = r * Math.cos(t);
      if (i + 1 < p.length) p[i + 1] = r * Math.sin(t);
    }
    planesByDims.set(dims, p);
  }
  return p;
}

/**
 * The band keys of `vector` for `model`: BANDS non-negative int4 values. The model's hash is part of
 * each key, so vectors of two models (same dimension, same planes) never land in one bucket.
 */
export function vectorBandKeys(vector: readonly number[], model: string): number[] {
  // A review batch asks twice per vector (search, then saving the candidate): ~0.3 ms each at 768 dimensions.
  const known = memo.get(vector);
  if (known?.model === model) return known.keys;
  const keys = computeKeys(vector, model);
  memo.set(vector, { model, keys });
  return keys;
}

const memo = new WeakMap<readonly number[], { model: string; keys: number[] }>();

function computeKeys(vector: readonly number[], model: string): number[] {
  const dims = vector.length;
  const p = planes(dims);
  // 15 bits of model hash, 5 of band, 10 of signs: below 2^31, an int4.
  const prefix = (fnv1a(`${model}:${dims}`) & 0x7fff) * 32768;
  const keys: number[] = [];
  for (let b = 0; b < BANDS; b++) {
    let bits = 0;
    for (let k = 0; k < BITS; k++) {
      const off = (b * BITS + k) * dims;
      let dot = 0;
      for (let j = 0; j < dims; j++) dot += (p[off + j] ?? 0) * (vector[j] ?? 0);
      bits = (bits << 1) | (dot >= 0 ? 1 : 0);
    }
    keys.push(prefix + b * 1024 + bits);
  }
  return keys;
}
