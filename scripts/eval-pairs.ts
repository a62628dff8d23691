// MRPC and SICK evaluation of the shipped matcher's verdicts (README of ../shared/eval for the data and metrics):
// - MRPC: accuracy of the duplicate verdict against the paraphrase label, per split, beside the
//   all-duplicate baseline; paraphrases (label 1) called *contradicts*.
// - SICK train: contradictions called duplicate (must be 0), neutral pairs called duplicate (≤ 5 %),
//   entailments called contradicts (≤ 1 %).
// The duplicate model was fitted on MRPC train and SICK train (scripts/fit-matcher.ts): their figures here
// are in-sample; MRPC val is held out. fit-matcher.ts reports MRPC train and SICK out-of-fold.
// - `--list N`: print N paraphrases of MRPC train called contradicts, with their reasons, to read one by one.
// Data is read from ../shared/eval (or $SIFT_EVAL_DIR); nothing is copied into the repo.
// Usage: npx tsx scripts/eval-pairs.ts [--list 20]
import { readFileSync } from "node:fs";
import path from "node:path";
import { analyze, scoreAnalyses, DEFAULT_THRESHOLDS, loadWordVectors, type Verdict } from "@/lib/matcher";

const root = path.resolve(import.meta.dirname, "..");
const evalDir = process.env.SIFT_EVAL_DIR ?? path.resolve(root, "../shared/eval");
const vectors = loadWordVectors();

interface Pair {
  a: string;
  b: string;
  label: string;
}

function readTsv(file: string, cols: [number, number, number]): Pair[] {
  // Quoting off: MRPC strings contain bare double quotes.
  const lines = readFileSync(path.join(evalDir, file), "utf8").split(/\r?\n/).slice(1);
  return lines
    .map((l) => l.split("\t"))
    .filter((f) => f.length > Math.max(...cols))
    .map((f) => ({ a: f[cols[0]] as string, b: f[cols[1]] as string, label: f[cols[2]] as string }));
}

const mrpc = {
  train: readTsv("mrpc/msr-para-train.tsv", [3, 4, 0]),
  val: readTsv("mrpc/msr-para-val.tsv", [3, 4, 0]),
};
const sick = readTsv("sick/SICK_train.txt", [1, 2, 4]);

type Analysed = { pair: Pair; a: ReturnType<typeof analyze>; b: ReturnType<typeof analyze> };
const prep = (pairs: Pair[]): Analysed[] => pairs.map((pair) => ({ pair, a: analyze(pair.a), b: analyze(pair.b) }));

function verdicts(set: Analysed[]) {
  return set.map((x) => scoreAnalyses(x.a, x.b, DEFAULT_THRESHOLDS, vectors));
}

const share = (n: number, d: number) => `${n}/${d} (${((100 * n) / Math.max(1, d)).toFixed(1)} %)`;

function mrpcFigures(set: Analysed[], vs: Verdict[]) {
  const pos = set.filter((x) => x.pair.label === "1").length;
  const correct = set.filter((x, i) => (vs[i] === "duplicate") === (x.pair.label === "1")).length;
  const falseContra = set.filter((x, i) => x.pair.label === "1" && vs[i] === "contradicts").length;
  return { acc: correct / set.length, baseline: pos / set.length, falseContra, pos };
}

const t0 = performance.now();
const sets = { train: prep(mrpc.train), val: prep(mrpc.val) };
const sickSet = prep(sick);
console.log(
  `analysed ${mrpc.train.length + mrpc.val.length + sick.length} pairs in ${(performance.now() - t0).toFixed(0)} ms`,
);

for (const name of ["train", "val"] as const) {
  const rs = verdicts(sets[name]);
  const f = mrpcFigures(
    sets[name],
    rs.map((r) => r.verdict),
  );
  console.log(
    `MRPC ${name} (${name === "val" ? "held out" : "in-sample"}) @ duplicate ${DEFAULT_THRESHOLDS.duplicate}: ` +
      `accuracy ${f.acc.toFixed(3)} ` +
      `(all-duplicate ${f.baseline.toFixed(3)}); paraphrases called contradicts ${share(f.falseContra, f.pos)}`,
  );
}

const sickRs = verdicts(sickSet);
const count = (label: string, verdict: Verdict) =>
  sickSet.filter((x, i) => x.pair.label === label && sickRs[i]?.verdict === verdict).length;
const total = (label: string) => sickSet.filter((x) => x.pair.label === label).length;
console.log(
  `SICK train (in-sample): CONTRADICTION called duplicate ` +
    `${share(count("CONTRADICTION", "duplicate"), total("CONTRADICTION"))}, ` +
    `called contradicts ${share(count("CONTRADICTION", "contradicts"), total("CONTRADICTION"))}; ` +
    `NEUTRAL called duplicate ${share(count("NEUTRAL", "duplicate"), total("NEUTRAL"))}; ` +
    `ENTAILMENT called contradicts ${share(count("ENTAILMENT", "contradicts"), total("ENTAILMENT"))}, ` +
    `called duplicate ${share(count("ENTAILMENT", "duplicate"), total("ENTAILMENT"))}`,
);

const listAt = process.argv.indexOf("--list");
if (listAt >= 0) {
  const n = Number(process.argv[listAt + 1] ?? 20);
  const rs = verdicts(sets.train);
  const hits = sets.train
    .map((x, i) => ({ x, r: rs[i] }))
    .filter(({ x, r }) => x.pair.label === "1" && r?.verdict === "contradicts");
  for (const { x, r } of hits.slice(0, n)) console.log(`- ${r?.reason}\n    A: ${x.pair.a}\n    B: ${x.pair.b}`);
}
