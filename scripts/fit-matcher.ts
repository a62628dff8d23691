/**
 * Fits the matcher's duplicate model (lib/matcher/model.ts) on public sentence pairs and reports it on
 * pairs it was not fitted on. Usage: npx tsx scripts/fit-matcher.ts [--write] [--no-encoder] [--weights]
 *
 * Data (../shared/eval or $SIFT_EVAL_DIR, read in place): MRPC train, SICK train and STS-B train are the
 * training pool; "duplicate" is a paraphrase (MRPC), an entailment (SICK), gold ≥ 4 (STS-B). Each corpus
 * weighs the same in the fit. Features: lib/matcher/features.ts, the guards' findings among them.
 *  - Held out: 5 folds of the pool (MRPC train and STS-B train in a seeded shuffle, SICK by pair_ID in
 *    blocks); every pool pair is predicted by a model fitted on the other four folds. The L2 strength and the
 *    duplicate / related cut-offs are chosen on those out-of-fold predictions (duplicate: the best mean of
 *    MRPC accuracy, STS-B F1 and SICK accuracy among cut-offs that merge no more of SICK's neutral pairs than
 *    the matcher before the model, 11.2 %; related: best F1 for STS-B gold ≥ 3).
 *  - Never seen by the fit or the choices: MRPC val, STS-B dev and STS-B test (model fitted on the whole
 *    pool); the must-never fixtures.
 * The encoder model adds the sentence encoder's cosine (USE lite, SIFT_SENTENCE_ENCODER); encodings are
 * cached in $SIFT_CACHE_DIR or the OS temp directory (~15 min to encode the ~26k sentences on one core).
 * --write stores both models and the cut-offs in lib/matcher/model-weights.ts, each fitted on the whole pool;
 * with --no-encoder it refits the lexical model and keeps the committed encoder model and its cut-off.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { format, resolveConfig } from "prettier";
import { loadSentenceEncoder, loadWordVectors } from "@/lib/matcher";
import { FEATURE_NAMES, type FeatureName } from "@/lib/matcher/features";
import { decidePair, withEncoder, type PairResult } from "@/lib/matcher/matcher";
import type { FittedModels, PairModel } from "@/lib/matcher/model";
import { FITTED } from "@/lib/matcher/model-weights";
import { DEFAULT_THRESHOLDS, type Thresholds } from "@/lib/matcher/thresholds";
import { cosineSimilarity } from "@/lib/matcher/vectors";
import { fitPairLogistic } from "./lib/pair-logistic";
import { compareAll, FOLDS } from "./lib/pair-rows";
import { SETS, type LabelledPair, type SetName } from "./lib/pair-data";
import { accuracy, prf } from "./lib/pair-metrics";
import { report, type Item } from "./lib/fit-matcher-report";
import { writtenModels } from "./lib/written-models";

const argv = process.argv.slice(2);
const useEncoder = !argv.includes("--no-encoder");
const root = path.resolve(import.meta.dirname, "..");
const POOL: SetName[] = process.env.FIT_POOL
  ? (process.env.FIT_POOL.split(",") as SetName[])
  : ["mrpcTrain", "sick", "stsbTrain"];
const LAMBDAS = [0.3, 3, 30];

const vectors = loadWordVectors();
const pairs = Object.fromEntries(Object.entries(SETS).map(([k, load]) => [k, load()])) as Record<
  SetName,
  LabelledPair[]
>;

const encodings = useEncoder ? await loadEncodings() : null;

const t0 = performance.now();
const items: Item[] = compareAll(pairs, POOL, vectors, (a, b) =>
  encodings ? cosineSimilarity(encodings[a] ?? [], encodings[b] ?? []) : 0,
);
console.log(`compared ${items.length} pairs in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

// FIT_DROP=a,b leaves features out, to measure what each adds (an ablation; --write then ships without them).
const dropped = new Set((process.env.FIT_DROP ?? "").split(",").filter(Boolean));
const used = FEATURE_NAMES.filter((n) => !dropped.has(n));
const featureSets = {
  lexical: [...used] as FeatureName[],
  encoder: [...used, "encoder"] as FeatureName[],
};
type Kind = keyof typeof featureSets;
const xOf = (it: Item, names: FeatureName[]) =>
  names.map((n) => (n === "encoder" ? it.enc : it.ev ? it.ev.features[n] : 1));

/** Corpus-weighted rows, similarities standardised, each corpus its own intercept (scripts/lib/pair-logistic.ts). */
const fit = (train: Item[], names: FeatureName[], lambda: number): PairModel =>
  fitPairLogistic(
    train.map((it) => ({ set: it.set, y: it.y, x: xOf(it, names) })),
    names,
    lambda,
  );

/** The runtime's verdict: the lexical model, then (for the encoder kind) the encoder's rescoring. */
function judge(it: Item, kind: Kind, models: Record<Kind, PairModel>, t: Thresholds): PairResult {
  if (!it.ev) return { score: 1, verdict: "duplicate", stage: "hash", reason: "Same text", differences: [] };
  const lexical = decidePair(it.ev, t, models.lexical);
  return kind === "encoder" ? withEncoder(lexical, it.enc, t, models.encoder) : lexical;
}

const pool = items.filter((it) => it.fold >= 0);
const logLoss = (ps: Array<{ p: number; y: boolean; w: number }>) =>
  -ps.reduce((s, r) => s + r.w * Math.log(Math.max(1e-9, r.y ? r.p : 1 - r.p)), 0) / ps.reduce((s, r) => s + r.w, 0);

/** Out-of-fold models: for each pool pair, the model fitted without its fold. */
function outOfFold(kind: Kind, lambda: number): Map<number, Record<Kind, PairModel>> {
  const byFold = new Map<number, Record<Kind, PairModel>>();
  for (let f = 0; f < FOLDS; f++) {
    const train = pool.filter((it) => it.fold !== f);
    const lexical = fit(train, featureSets.lexical, lambda);
    byFold.set(f, { lexical, encoder: kind === "encoder" ? fit(train, featureSets.encoder, lambda) : lexical });
  }
  return byFold;
}

const sigmoidScore = (m: PairModel, it: Item) => {
  const x = xOf(it, m.features);
  return 1 / (1 + Math.exp(-(m.bias + m.weights.reduce((s, w, j) => s + w * (x[j] as number), 0))));
};

function chooseLambda(kind: Kind): { lambda: number; folds: Map<number, Record<Kind, PairModel>> } {
  let best: { lambda: number; loss: number; folds: Map<number, Record<Kind, PairModel>> } | null = null;
  const counts = new Map<SetName, number>();
  for (const it of pool) counts.set(it.set, (counts.get(it.set) ?? 0) + 1);
  for (const lambda of LAMBDAS) {
    const folds = outOfFold(kind, lambda);
    const loss = logLoss(
      pool.map((it) => ({
        p: sigmoidScore((folds.get(it.fold) as Record<Kind, PairModel>)[kind], it),
        y: it.y,
        w: 1 / (counts.get(it.set) as number),
      })),
    );
    console.log(`  ${kind}: L2 ${lambda} -> out-of-fold log-loss ${loss.toFixed(4)}`);
    if (!best || loss < best.loss) best = { lambda, loss, folds };
  }
  return best as { lambda: number; folds: Map<number, Record<Kind, PairModel>> };
}

const grid = Array.from({ length: 90 }, (_, i) => 0.05 + i * 0.01);
const MAX_NEUTRAL_MERGED = 0.112;
/** Cut-offs chosen on the pool's out-of-fold verdicts. */
function chooseCutoffs(kind: Kind, folds: Map<number, Record<Kind, PairModel>>) {
  const key = kind === "encoder" ? "encoderDuplicate" : "duplicate";
  const curve = grid.map((t) => {
    const th: Thresholds = { ...DEFAULT_THRESHOLDS, related: Math.min(0.01, t / 2), [key]: t, duplicate: t };
    const dup = (set: SetName) => {
      const xs = pool.filter((it) => it.set === set);
      const v = xs.map(
        (it) => judge(it, kind, folds.get(it.fold) as Record<Kind, PairModel>, th).verdict === "duplicate",
      );
      return { pred: v, gold: xs.map((it) => it.y) };
    };
    const m = dup("mrpcTrain");
    const s = dup("stsbTrain");
    const k = dup("sick");
    const sickPairs = pool.filter((it) => it.set === "sick");
    const neutral = sickPairs.filter((it, i) => it.pair.label === "NEUTRAL" && k.pred[i]).length;
    const figures = {
      mrpc: accuracy(m.pred, m.gold),
      stsb: prf(s.pred, s.gold).f1,
      sick: accuracy(k.pred, k.gold),
      neutral: neutral / Math.max(1, sickPairs.filter((it) => it.pair.label === "NEUTRAL").length),
    };
    return { t, ...figures, mean: (figures.mrpc + figures.stsb + figures.sick) / 3 };
  });
  // No more different statements merged than before the model: the lexical matcher merged 11.2 % of SICK's
  // neutral pairs (README); a cut-off that merges more is not a candidate.
  const allowed = curve.filter((c) => c.neutral <= MAX_NEUTRAL_MERGED);
  const best = (allowed.length > 0 ? allowed : curve).reduce((x, y) => (y.mean > x.mean ? y : x));
  if (argv.includes("--curve"))
    for (const c of curve.filter((_, i) => i % 5 === 0))
      console.log(
        `    t ${c.t.toFixed(2)}: MRPC acc ${c.mrpc.toFixed(3)}, STS-B F1 ${c.stsb.toFixed(3)}, ` +
          `SICK acc ${c.sick.toFixed(3)}, SICK neutral merged ${(100 * c.neutral).toFixed(1)} %`,
      );
  // Related: close but not the same statement, STS-B's "roughly equivalent" (gold ≥ 3) and up.
  const sts = pool.filter((it) => it.set === "stsbTrain");
  const scores = sts.map((it) => sigmoidScore((folds.get(it.fold) as Record<Kind, PairModel>)[kind], it));
  const gold3 = sts.map((it) => Number(it.pair.label) >= 3);
  const related = grid
    .filter((t) => t < best.t)
    .map((t) => ({
      t,
      f1: prf(
        scores.map((s) => s >= t),
        gold3,
      ).f1,
    }))
    .reduce((x, y) => (y.f1 > x.f1 ? y : x));
  return { duplicate: best.t, related: related.t, curve, best };
}

const chosen = {} as Record<Kind, { lambda: number; duplicate: number; related: number }>;
const oof = {} as Record<Kind, Map<number, Record<Kind, PairModel>>>;
for (const kind of useEncoder ? (["lexical", "encoder"] as Kind[]) : (["lexical"] as Kind[])) {
  const { lambda, folds } = chooseLambda(kind);
  const c = chooseCutoffs(kind, folds);
  console.log(
    `  ${kind}: L2 ${lambda}; duplicate at ${c.duplicate.toFixed(2)} ` +
      `(out-of-fold MRPC acc ${c.best.mrpc.toFixed(3)}, ` +
      `STS-B F1 ${c.best.stsb.toFixed(3)}, SICK acc ${c.best.sick.toFixed(3)}); related at ${c.related.toFixed(2)}`,
  );
  chosen[kind] = { lambda, duplicate: c.duplicate, related: c.related };
  oof[kind] = folds;
}

const final: Record<Kind, PairModel> = {
  lexical: fit(pool, featureSets.lexical, chosen.lexical.lambda),
  encoder: useEncoder ? fit(pool, featureSets.encoder, chosen.encoder.lambda) : fit(pool, featureSets.lexical, 1),
};
const thresholds: FittedModels["thresholds"] = {
  duplicate: chosen.lexical.duplicate,
  related: chosen.lexical.related,
  encoderDuplicate: useEncoder ? chosen.encoder.duplicate : chosen.lexical.duplicate,
};
const shipped: Thresholds = { ...DEFAULT_THRESHOLDS, ...thresholds };

report({ items, judge, final, oof, thresholds: shipped, kinds: useEncoder ? ["lexical", "encoder"] : ["lexical"] });

if (argv.includes("--weights"))
  for (const kind of Object.keys(final) as Kind[])
    console.log(
      `${kind}: bias ${final[kind].bias.toFixed(3)}\n` +
        final[kind].features.map((f, j) => `  ${f.padEnd(18)} ${final[kind].weights[j]?.toFixed(3)}`).join("\n"),
    );

if (argv.includes("--write")) {
  const out = writtenModels(
    final,
    thresholds,
    useEncoder ? null : { encoder: FITTED.encoder, encoderDuplicate: FITTED.thresholds.encoderDuplicate },
  );
  const file = path.join(root, "lib/matcher/model-weights.ts");
  const text =
    `import type { FittedModels } from "./model";\n\n` +
    `// Written by \`npx tsx scripts/fit-matcher.ts --write\` from MRPC train, SICK train and STS-B train\n` +
    `// (../shared/eval); L2 ${chosen.lexical.lambda} / ${useEncoder ? chosen.encoder.lambda : "kept"}, cut-offs ` +
    `chosen on 5-fold out-of-fold verdicts.\n` +
    (useEncoder ? "" : `// --no-encoder: the encoder model and its cut-off are the ones committed before.\n`) +
    `export const FITTED: FittedModels = ${JSON.stringify(out)};\n`;
  writeFileSync(file, await format(text, { ...(await resolveConfig(file)), filepath: file }));
  console.log(`wrote ${path.relative(root, file)}`);
}

async function loadEncodings(): Promise<Record<string, number[]>> {
  const file = path.join(process.env.SIFT_CACHE_DIR?.trim() || os.tmpdir(), "sift-matcher-encodings-v1.json");
  const cached: Record<string, number[]> = existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : {};
  const texts = [...new Set(Object.values(pairs).flatMap((ps) => ps.flatMap((p) => [p.a, p.b])))];
  const missing = texts.filter((t) => !cached[t]);
  if (missing.length === 0) return cached;
  process.env.SIFT_SENTENCE_ENCODER = "on";
  const encoder = await loadSentenceEncoder();
  if (!encoder) throw new Error("The sentence encoder did not load (run with --no-encoder to fit the lexical model)");
  console.log(`encoding ${missing.length} sentences (cached in ${file})`);
  for (let i = 0; i < missing.length; i += 64) {
    const batch = missing.slice(i, i + 64);
    (await encoder(batch)).forEach((v, j) => (cached[batch[j] as string] = v.map((x) => Math.round(x * 1e5) / 1e5)));
  }
  writeFileSync(file, JSON.stringify(cached));
  return cached;
}
