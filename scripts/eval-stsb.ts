// STS-B evaluation of the shipped matcher: Spearman of score vs gold, duplicate P/R/F1 at the default
// thresholds (gold duplicate = score >= 4), and the pairs that must never be called duplicates. The test split
// is held out: the model and its cut-offs were fitted and chosen on the training pool (scripts/fit-matcher.ts).
// Data is read from ../shared/eval (or $SIFT_EVAL_DIR); nothing is copied into the repo.
// Usage: npx tsx scripts/eval-stsb.ts [--sweep]   (--sweep prints test-split P/R/F1 per cut-off: in-sample)
//        SIFT_WORDNET=off / SIFT_WORD_VECTORS=off measure without WordNet / word vectors.
import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import path from "node:path";
import { analyze, scoreAnalyses, scorePair, DEFAULT_THRESHOLDS, loadWordNet, loadWordVectors } from "@/lib/matcher";
import { decidePair, examinePair } from "@/lib/matcher/matcher";

const root = path.resolve(import.meta.dirname, "..");
const evalDir = process.env.SIFT_EVAL_DIR ?? path.resolve(root, "../shared/eval");

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
  let c = 0,
    va = 0,
    vb = 0;
  for (let i = 0; i < n; i++) {
    const x = (a[i] as number) - ma;
    const y = (b[i] as number) - mb;
    c += x * y;
    va += x * x;
    vb += y * y;
  }
  return c / Math.sqrt(va * vb);
}

const spearman = (a: number[], b: number[]) => pearson(ranks(a), ranks(b));

function prf(pred: boolean[], gold: boolean[]) {
  let tp = 0,
    fp = 0,
    fn = 0;
  pred.forEach((p, i) => {
    if (p && gold[i]) tp++;
    else if (p) fp++;
    else if (gold[i]) fn++;
  });
  const p = tp / Math.max(1, tp + fp);
  const r = tp / Math.max(1, tp + fn);
  return { p, r, f1: p + r === 0 ? 0 : (2 * p * r) / (p + r) };
}

const vectors = loadWordVectors();
const wordnet = loadWordNet();
const rows = (parse(readFileSync(path.join(evalDir, "stsb", "stsb-en-test.csv"), "utf8")) as string[][]).filter(
  (r) => r.length === 3,
);
const gold = rows.map((r) => Number(r[2]));
const goldDup = gold.map((g) => g >= 4);
const t0 = performance.now();
const analyses = rows.map((r) => [analyze(r[0] as string), analyze(r[1] as string)] as const);
const results = analyses.map(([a, b]) => scoreAnalyses(a, b, DEFAULT_THRESHOLDS, vectors));
const ms = performance.now() - t0;
const scores = results.map((r) => r.score);
const dup = prf(
  results.map((r) => r.verdict === "duplicate"),
  goldDup,
);

console.log(
  `STS-B test: ${rows.length} pairs (${goldDup.filter(Boolean).length} gold duplicates), ` +
    `word vectors: ${vectors ? "on" : "off"}, WordNet: ${wordnet ? "on" : "off"}, ` +
    `${(ms / rows.length).toFixed(3)} ms/pair incl. analysis`,
);
console.log(`Spearman(score, gold) = ${spearman(scores, gold).toFixed(4)}   (reference 0.490, target >= 0.75)`);
const defaultThresholds = {
  duplicate: DEFAULT_THRESHOLDS.duplicate,
  related: DEFAULT_THRESHOLDS.related,
  contradicts: DEFAULT_THRESHOLDS.contradicts,
};
console.log(
  `Duplicate @ default thresholds ${JSON.stringify(defaultThresholds)} (held out): ` +
    `P ${dup.p.toFixed(3)} R ${dup.r.toFixed(3)} F1 ${dup.f1.toFixed(3)}   (reference F1 0.493, target >= 0.70)`,
);

if (process.argv.includes("--sweep")) {
  // The real verdict at cut-off t (vetoes included), each pair compared once.
  const evidence = analyses.map(([a, b]) => (a.hash === b.hash ? null : examinePair(a, b, vectors)));
  for (const t of Array.from({ length: 19 }, (_, i) => 0.05 + i * 0.05)) {
    const th = { ...DEFAULT_THRESHOLDS, duplicate: t, related: Math.min(DEFAULT_THRESHOLDS.related, t - 0.01) };
    const s = prf(
      evidence.map((ev) => !ev || decidePair(ev, th).verdict === "duplicate"),
      goldDup,
    );
    console.log(`  t=${t.toFixed(2)} P ${s.p.toFixed(3)} R ${s.r.toFixed(3)} F1 ${s.f1.toFixed(3)}`);
  }
}

const mustNever: Array<[string, string]> = [
  ["Melanie has two younger sisters.", "Melanie has two younger brothers."],
  ["We will ship by end of Q3.", "We will ship by end of Q4."],
  ["The man is smiling.", "There is no man smiling."],
];
const fixture = readFileSync(path.join(root, "lib/matcher/__fixtures__/contradictions.jsonl"), "utf8")
  .split("\n")
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l) as { a: string; b: string; kind: string });
let duplicates = 0;
let contradicts = 0;
const misses: string[] = [];
// A swapped thing ("identity queue" / "backup queue") is expected as related: a second fact, not a correction;
// so is an amount, a modality or a deadline on one side only (kind "related").
for (const [a, b, kind] of [
  ...mustNever.map(([a, b]) => [a, b, ""]),
  ...fixture.map((f) => [f.a, f.b, f.kind]),
] as Array<[string, string, string]>) {
  const r = scorePair(a, b);
  if (r.verdict === "duplicate") duplicates++;
  if (r.verdict === (kind === "thing" || kind === "related" ? "related" : "contradicts")) contradicts++;
  else
    misses.push(`  ${r.verdict === "duplicate" ? "DUPLICATE (must never be)" : r.verdict}: ${a} | ${b} (${r.reason})`);
}
const total = mustNever.length + fixture.length;
console.log(
  `Must-never + contradiction pairs: ${total}; duplicates ${duplicates} (must be 0); ` +
    `as expected (contradicts; related for a swapped thing or a one-sided guard) ${contradicts}/${total}`,
);
if (misses.length) console.log(misses.join("\n"));
process.exitCode = duplicates > 0 ? 1 : 0;
