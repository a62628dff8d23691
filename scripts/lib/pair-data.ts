// The public sentence pairs the matcher is fitted and measured on, read from ../shared/eval (or
// $SIFT_EVAL_DIR); nothing is copied into the repo. See that directory's README for sources and licences.
import { readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "csv-parse/sync";

export interface LabelledPair {
  a: string;
  b: string;
  /** the corpus's own label: "1"/"0" (MRPC), ENTAILMENT/NEUTRAL/CONTRADICTION (SICK), 0–5 (STS-B) */
  label: string;
  /** SICK's pair_ID, MRPC's row; for folds */
  id: number;
}

export const evalDir = () =>
  process.env.SIFT_EVAL_DIR ?? path.resolve(import.meta.dirname, "..", "..", "..", "shared", "eval");

function tsv(file: string, cols: { a: number; b: number; label: number; id?: number }): LabelledPair[] {
  // Quoting off: MRPC strings contain bare double quotes.
  return readFileSync(path.join(evalDir(), file), "utf8")
    .split(/\r?\n/)
    .slice(1)
    .map((l) => l.split("\t"))
    .filter((f) => f.length > Math.max(cols.a, cols.b, cols.label))
    .map((f, i) => ({
      a: f[cols.a] as string,
      b: f[cols.b] as string,
      label: f[cols.label] as string,
      id: cols.id === undefined ? i : Number(f[cols.id]),
    }));
}

function csv(file: string): LabelledPair[] {
  return (parse(readFileSync(path.join(evalDir(), file), "utf8")) as string[][])
    .filter((r) => r.length === 3)
    .map((r, i) => ({ a: r[0] as string, b: r[1] as string, label: r[2] as string, id: i }));
}

export const SETS = {
  mrpcTrain: () => tsv("mrpc/msr-para-train.tsv", { a: 3, b: 4, label: 0 }),
  mrpcVal: () => tsv("mrpc/msr-para-val.tsv", { a: 3, b: 4, label: 0 }),
  sick: () => tsv("sick/SICK_train.txt", { a: 1, b: 2, label: 4, id: 0 }),
  stsbTrain: () => csv("stsb/stsb-en-train.csv"),
  stsbDev: () => csv("stsb/stsb-en-dev.csv"),
  stsbTest: () => csv("stsb/stsb-en-test.csv"),
};
export type SetName = keyof typeof SETS;

/** What "duplicate" means in each corpus: a paraphrase (MRPC), an entailment (SICK), gold ≥ 4 (STS-B). */
export function isDuplicate(set: SetName, p: LabelledPair): boolean {
  if (set.startsWith("mrpc")) return p.label === "1";
  if (set === "sick") return p.label === "ENTAILMENT";
  return Number(p.label) >= 4;
}
