// The public pairs as the matcher sees them, computed once and cached: each pair's features and what its guards
// leave to the model, so a learner (scripts/fit-matcher.ts, fit-matcher-trees.ts) can be tried again without
// comparing ~22k pairs anew (a few minutes on one core).
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { analyze } from "@/lib/matcher";
import { FEATURE_NAMES } from "@/lib/matcher/features";
import { decidePair, examinePair, isVetoed } from "@/lib/matcher/matcher";
import { DEFAULT_THRESHOLDS } from "@/lib/matcher/thresholds";
import type { WordVectors } from "@/lib/matcher/wordvectors";
import { evalDir, isDuplicate, SETS, type LabelledPair, type SetName } from "./pair-data";
import { seededOrder } from "./pair-metrics";
import type { Item } from "./fit-matcher-report";

export const FOLDS = 5;

/** Pool folds: MRPC and STS-B in a seeded shuffle, SICK in blocks of pair_ID (several pairs share a sentence). */
export function foldsOf(set: SetName, ps: LabelledPair[]): number[] {
  if (set === "sick") {
    const byId = ps.map((p, i) => [p.id, i] as const).sort((x, y) => x[0] - y[0]);
    const out = new Array<number>(ps.length);
    byId.forEach(([, i], rank) => (out[i] = Math.floor((rank * FOLDS) / ps.length)));
    return out;
  }
  const out = new Array<number>(ps.length);
  seededOrder(ps.length, 20240601 + set.length).forEach((i, rank) => (out[i] = rank % FOLDS));
  return out;
}

/** Every pair of every set, compared (the pool's pairs carry their fold, the others -1). */
export function compareAll(
  pairs: Record<SetName, LabelledPair[]>,
  pool: SetName[],
  vectors: WordVectors | null,
  encoderCosine: (a: string, b: string) => number = () => 0,
): Item[] {
  const analyses = new Map<string, ReturnType<typeof analyze>>();
  const an = (text: string) => {
    let x = analyses.get(text);
    if (!x) analyses.set(text, (x = analyze(text)));
    return x;
  };
  return (Object.keys(pairs) as SetName[]).flatMap((set) => {
    const ps = pairs[set];
    const folds = foldsOf(set, ps);
    return ps.map((pair, i) => {
      const a = an(pair.a);
      const b = an(pair.b);
      const ev = a.hash === b.hash ? null : examinePair(a, b, vectors);
      const fold = pool.includes(set) ? (folds[i] as number) : -1;
      return { set, pair, ev, y: isDuplicate(set, pair), fold, enc: encoderCosine(pair.a, pair.b) };
    });
  });
}

/**
 * What the model decides for a pair, apart from its features: "same" is a duplicate whatever the score (the same
 * text or the same words), "contradicts" a contradiction whatever the score, "veto" never a duplicate (related or
 * new by the score), "open" duplicate / related / new by the score alone (matcher.ts decidePair).
 */
export type Status = "same" | "contradicts" | "veto" | "open";

export interface PairRow {
  set: SetName;
  label: string;
  id: number;
  y: boolean;
  fold: number;
  /** features in FEATURE_NAMES order */
  x: number[];
  status: Status;
}

export function rowOf(it: Item): PairRow {
  const base = { set: it.set, label: it.pair.label, id: it.pair.id, y: it.y, fold: it.fold };
  if (!it.ev) return { ...base, x: FEATURE_NAMES.map(() => 1), status: "same" };
  const r = decidePair(it.ev, DEFAULT_THRESHOLDS);
  const status: Status =
    r.stage === "normalized" ? "same" : r.verdict === "contradicts" ? "contradicts" : isVetoed(r) ? "veto" : "open";
  return { ...base, x: FEATURE_NAMES.map((n) => it.ev?.features[n] ?? 0), status };
}

/** A key for what the rows depend on: the matcher's code and the data files. */
function cacheKey(): string {
  const h = createHash("sha256");
  const dir = path.resolve(import.meta.dirname, "../../lib/matcher");
  for (const f of readdirSync(dir).sort())
    if (f.endsWith(".ts") && !f.endsWith(".test.ts")) h.update(f).update(readFileSync(path.join(dir, f)));
  for (const f of ["mrpc/msr-para-train.tsv", "mrpc/msr-para-val.tsv", "sick/SICK_train.txt"])
    h.update(readFileSync(path.join(evalDir(), f)));
  for (const f of ["train", "dev", "test"]) h.update(readFileSync(path.join(evalDir(), `stsb/stsb-en-${f}.csv`)));
  return h.digest("hex").slice(0, 16);
}

/** The rows of every set, from the cache in $SIFT_CACHE_DIR (or the OS temp dir) while the matcher is unchanged. */
export function cachedRows(pool: SetName[], vectors: () => WordVectors | null): PairRow[] {
  const dir = process.env.SIFT_CACHE_DIR?.trim() || os.tmpdir();
  const file = path.join(dir, `sift-matcher-rows-${cacheKey()}-${pool.join("+")}.json`);
  if (existsSync(file)) return JSON.parse(readFileSync(file, "utf8")) as PairRow[];
  const pairs = Object.fromEntries(Object.entries(SETS).map(([k, load]) => [k, load()])) as Record<
    SetName,
    LabelledPair[]
  >;
  const t0 = performance.now();
  const rows = compareAll(pairs, pool, vectors()).map(rowOf);
  console.log(`compared ${rows.length} pairs in ${((performance.now() - t0) / 1000).toFixed(1)} s (cached in ${file})`);
  writeFileSync(file, JSON.stringify(rows));
  return rows;
}
