import { describe, expect, it } from "vitest";
import { vectorBandKeys } from "@/lib/db/vector-bands";
import { cosineSimilarity } from "@/lib/matcher";

/** Deterministic pseudo-random unit vectors, and neighbours of them at a chosen cosine. */
function rng(seed: number) {
  let s = seed;
  return () => ((s = (s * 48271) % 2147483647) / 2147483647) * 2 - 1;
}
function randomUnit(dims: number, next: () => number): number[] {
  const v = Array.from({ length: dims }, next);
  const n = Math.hypot(...v);
  return v.map((x) => x / n);
}
/** A unit vector at cosine `c` to unit vector `v`. */
function atCosine(v: number[], c: number, next: () => number): number[] {
  const r = randomUnit(v.length, next);
  const dot = cosineSimilarity(v, r);
  const orth = r.map((x, i) => x - dot * (v[i] ?? 0));
  const n = Math.hypot(...orth);
  return v.map((x, i) => c * x + Math.sqrt(1 - c * c) * ((orth[i] ?? 0) / n));
}
const shares = (a: number[], b: number[]) => a.some((k) => b.includes(k));

describe("SimHash band keys (nearest neighbours without pgvector)", () => {
  it("are the same for the same vector in any process, and fit PostgreSQL's int4", () => {
    const v = randomUnit(384, rng(1));
    const keys = vectorBandKeys(v, "nomic-embed-text");
    expect(keys).toEqual(vectorBandKeys([...v], "nomic-embed-text"));
    expect(keys).toHaveLength(20);
    for (const k of keys) expect(Number.isInteger(k) && k >= 0 && k < 2 ** 31).toBe(true);
  });

  it("put near-duplicates (cosine ≥ 0.92) in a shared band nearly always, unrelated vectors rarely", () => {
    const next = rng(7);
    let near = 0;
    let far = 0;
    const trials = 200;
    for (let t = 0; t < trials; t++) {
      const v = randomUnit(256, next);
      if (shares(vectorBandKeys(v, "m"), vectorBandKeys(atCosine(v, 0.92, next), "m"))) near++;
      if (shares(vectorBandKeys(v, "m"), vectorBandKeys(atCosine(v, 0.1, next), "m"))) far++;
    }
    // Theory: 99.7% and ~1.4% (20 bands of 10 bits).
    expect(near / trials).toBeGreaterThan(0.97);
    expect(far / trials).toBeLessThan(0.08);
  });

  it("never mix two models' vectors in one bucket", () => {
    const v = randomUnit(64, rng(3));
    expect(shares(vectorBandKeys(v, "model-a"), vectorBandKeys(v, "model-b"))).toBe(false);
  });
});
