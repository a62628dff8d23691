// Does the sentence encoder (lib/matcher/sentence-encoder.ts) earn its place beside the lexical score?
// Every figure is held out: the blend weight and the duplicate cut-off are chosen on one part and measured
// on another (README of ../shared/eval):
// - MRPC: chosen on train, measured on val; accuracy of the duplicate verdict.
// - STS-B: 2-fold cross-validation over 10 random splits; duplicate F1 (gold >= 4) and Spearman.
// - SICK train and the must-never pairs at the shipped defaults (thresholds.ts).
// Lexical only and lexical + encoder go through the same procedure, so the difference is the encoder's.
// Encodings are cached in $SIFT_CACHE_DIR or the OS temp directory (~3 min to encode the ~15k sentences).
// Usage: npx tsx scripts/eval-encoder.ts
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parse } from "csv-parse/sync";
import {
  analyze,
  cosineSimilarity,
  DEFAULT_THRESHOLDS,
  loadSentenceEncoder,
  loadWordVectors,
  scoreAnalyses,
  withEncoder,
} from "@/lib/matcher";

// Measured whatever the server's setting: the encoder is what is being judged.
process.env.SIFT_SENTENCE_ENCODER = "on";
const root = path.resolve(import.meta.dirname, "..");
const evalDir = process.env.SIFT_EVAL_DIR ?? path.resolve(root, "../shared/eval");
const cacheFile = path.join(process.env.SIFT_CACHE_DIR?.trim() || os.tmpdir(), "sift-eval-encoder-v1.json");

interface Pair {
  a: string;
  b: string;
  label: string;
}
const tsv = (file: string): string[][] =>
  readFileSync(path.join(evalDir, file), "utf8")
    .split(/\r?\n/)
    .slice(1)
    .map((l) => l.split("\t"))
    .filter((f) => f.length >= 5);
const sets = {
  mrpcTrain: tsv("mrpc/msr-para-train.tsv").map((f) => ({ a: f[3]!, b: f[4]!, label: f[0]! })),
  mrpcVal: tsv("mrpc/msr-para-val.tsv").map((f) => ({ a: f[3]!, b: f[4]!, label: f[0]! })),
  sick: tsv("sick/SICK_train.txt").map((f) => ({ a: f[1]!, b: f[2]!, label: f[4]! })),
  stsb: (parse(readFileSync(path.join(evalDir, "stsb/stsb-en-test.csv"), "utf8")) as string[][])
    .filter((r) => r.length === 3)
    .map((r) => ({ a: r[0]!, b: r[1]!, label: r[2]! })),
};

const encodings: Record<string, number[]> = existsSync(cacheFile) ? JSON.parse(readFileSync(cacheFile, "utf8")) : {};
const texts = [...new Set(Object.values(sets).flatMap((ps: Pair[]) => ps.flatMap((p) => [p.a, p.b])))];
const missing = texts.filter((t) => !encodings[t]);
if (missing.length > 0) {
  const t0 = performance.now();
  const encoder = await loadSentenceEncoder();
  if (!encoder) throw new Error("The sentence encoder did not load");
  console.log(`encoder loaded in ${(performance.now() - t0).toFixed(0)} ms; encoding ${missing.length} sentences`);
  const t1 = performance.now();
  for (let i = 0; i < missing.length; i += 64) {
    const batch = missing.slice(i, i + 64);
    (await encoder(batch)).forEach((v, j) => (encodings[batch[j]!] = v.map((x) => Math.round(x * 1e5) / 1e5)));
  }
  console.log(`${((missing.length * 1000) / (performance.now() - t1)).toFixed(0)} sentences/s`);
  writeFileSync(cacheFile, JSON.stringify(encodings));
}

const vectors = loadWordVectors();
type Row = { r: ReturnType<typeof scoreAnalyses>; cos: number; label: string };
const rows = (ps: Pair[]): Row[] =>
  ps.map((p) => ({
    r: scoreAnalyses(analyze(p.a), analyze(p.b), DEFAULT_THRESHOLDS, vectors),
    cos: cosineSimilarity(encodings[p.a]!, encodings[p.b]!),
    label: p.label,
  }));
const R = {
  mrpcTrain: rows(sets.mrpcTrain),
  mrpcVal: rows(sets.mrpcVal),
  sick: rows(sets.sick),
  stsb: rows(sets.stsb),
};

/** The matcher's verdict and score with blend weight w and duplicate cut-off t (w = 0: lexical only). */
function judge(x: Row, w: number, t: number) {
  if (w === 0) {
    const free = !x.r.differences.some((d) => d.conflict || d.blocks);
    return { verdict: free && x.r.score >= t ? "duplicate" : x.r.verdict, score: x.r.score };
  }
  return withEncoder(x.r, x.cos, { ...DEFAULT_THRESHOLDS, encoderWeight: w, encoderDuplicate: t });
}
const isDup = (x: Row, w: number, t: number) => judge(x, w, t).verdict === "duplicate";
const accuracy = (xs: Row[], w: number, t: number) =>
  xs.filter((x) => isDup(x, w, t) === (x.label === "1")).length / xs.length;
function f1(xs: Row[], w: number, t: number): number {
  let [tp, fp, fn] = [0, 0, 0];
  for (const x of xs) {
    const [p, g] = [isDup(x, w, t), Number(x.label) >= 4];
    if (p && g) tp++;
    else if (p) fp++;
    else if (g) fn++;
  }
  return tp === 0 ? 0 : (2 * tp) / (2 * tp + fp + fn);
}
const ranks = (x: number[]) => {
  const order = x.map((v, i) => [v, i] as const).sort((a, b) => a[0] - b[0]);
  const r = new Array<number>(x.length).fill(0);
  for (let i = 0; i < order.length;) {
    let j = i;
    while (j + 1 < order.length && order[j + 1]![0] === order[i]![0]) j++;
    for (let k = i; k <= j; k++) r[order[k]![1]] = (i + j) / 2;
    i = j + 1;
  }
  return r;
};
function spearman(a: number[], b: number[]): number {
  const [ra, rb] = [ranks(a), ranks(b)] as [number[], number[]];
  const mean = (v: number[]) => v.reduce((s, x) => s + x, 0) / v.length;
  const [ma, mb] = [mean(ra), mean(rb)];
  let [c, va, vb] = [0, 0, 0];
  ra.forEach((x, i) => {
    c += (x - ma) * (rb[i]! - mb);
    va += (x - ma) ** 2;
    vb += (rb[i]! - mb) ** 2;
  });
  return c / Math.sqrt(va * vb);
}
const spearmanAt = (xs: Row[], w: number) =>
  spearman(
    xs.map((x) => judge(x, w, DEFAULT_THRESHOLDS.encoderDuplicate).score),
    xs.map((x) => Number(x.label)),
  );

const CUTS = Array.from({ length: 41 }, (_, i) => 0.55 + i * 0.0075);
const WEIGHTS = { lexical: [0], "lexical + encoder": [0.2, 0.3, 0.4, 0.5, 0.6] };
function choose(xs: Row[], ws: number[], metric: (xs: Row[], w: number, t: number) => number) {
  let best = { w: 0, t: 0, v: -1 };
  for (const w of ws) for (const t of CUTS) if (metric(xs, w, t) > best.v) best = { w, t, v: metric(xs, w, t) };
  return best;
}

let seed = 20240601;
const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const splits = Array.from({ length: 10 }, () => {
  const perm = R.stsb.map((_, i) => i).sort(() => rand() - 0.5);
  const half = perm.length >> 1;
  return [perm.slice(0, half), perm.slice(half)] as const;
}).flatMap(([x, y]): Array<[number[], number[]]> => [
  [x, y],
  [y, x],
]);
const pick = (idx: number[]) => idx.map((i) => R.stsb[i]!);

for (const [name, ws] of Object.entries(WEIGHTS)) {
  const m = choose(R.mrpcTrain, ws, accuracy);
  let [sumF1, sumRho] = [0, 0];
  for (const [fit, test] of splits) {
    const c = choose(pick(fit), ws, f1);
    sumF1 += f1(pick(test), c.w, c.t);
    const w = ws.reduce((b, x) => (spearmanAt(pick(fit), x) > spearmanAt(pick(fit), b) ? x : b), ws[0]!);
    sumRho += spearmanAt(pick(test), w);
  }
  const valAccuracy = accuracy(R.mrpcVal, m.w, m.t).toFixed(3);
  const [heldF1, heldRho] = [(sumF1 / splits.length).toFixed(3), (sumRho / splits.length).toFixed(3)];
  console.log(
    `${name}: MRPC chosen on train (w ${m.w}, t ${m.t.toFixed(3)}) -> val accuracy ${valAccuracy}; ` +
      `STS-B held-out duplicate F1 ${heldF1}, Spearman ${heldRho}`,
  );
}

const [w, t] = [DEFAULT_THRESHOLDS.encoderWeight, DEFAULT_THRESHOLDS.encoderDuplicate];
const share = (xs: Row[], label: string, verdict: string, w0: number, t0: number) => {
  const of = xs.filter((x) => x.label === label);
  const n = of.filter((x) => judge(x, w0, t0).verdict === verdict).length;
  return `${n}/${of.length} (${((100 * n) / of.length).toFixed(1)} %)`;
};
for (const [name, w0, t0] of [
  ["lexical only", 0, DEFAULT_THRESHOLDS.duplicate],
  ["with the encoder", w, t],
] as const) {
  console.log(
    `Defaults, ${name} (w ${w0}, t ${t0}): MRPC val accuracy ${accuracy(R.mrpcVal, w0, t0).toFixed(3)}, ` +
      `paraphrases called contradicts ${share(R.mrpcVal, "1", "contradicts", w0, t0)}; ` +
      `MRPC train accuracy ${accuracy(R.mrpcTrain, w0, t0).toFixed(3)}; ` +
      `STS-B Spearman ${spearmanAt(R.stsb, w0).toFixed(3)}, F1 ${f1(R.stsb, w0, t0).toFixed(3)}; ` +
      `SICK train: CONTRADICTION called duplicate ${share(R.sick, "CONTRADICTION", "duplicate", w0, t0)}, ` +
      `NEUTRAL called duplicate ${share(R.sick, "NEUTRAL", "duplicate", w0, t0)}, ` +
      `ENTAILMENT called contradicts ${share(R.sick, "ENTAILMENT", "contradicts", w0, t0)}`,
  );
}
