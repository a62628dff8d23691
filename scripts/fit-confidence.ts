/**
 * Fits the offline extractor's confidence models (lib/extraction/offline/confidence.ts) and reports how well
 * each is calibrated on groups it was not fitted on. Usage: npx tsx scripts/fit-confidence.ts [--write]
 *
 * Rows: candidates of the offline extractor (before the density cap), each with its features now.
 *  - Personal preset, LoCoMo dev sessions: correct = it finds a gold observation (README's content match:
 *    inside the observation's evidence turn, token-F1 ≥ 0.3). Held out: one conversation at a time.
 *  - Meeting preset, two corpora. QMSum val: the hand-labelled sample (scripts/labels/, rubric in its README),
 *    matched to today's candidates by span, fitted on round 1; round 2, drawn from what an earlier model showed
 *    and labelled before this one existed, is a fresh check. LoCoMo dev sessions run with the meeting preset,
 *    labelled by the same content match as above: the clean text QMSum lacks. Held out: one QMSum meeting
 *    series or one LoCoMo conversation at a time, reported per corpus.
 *    Two ways are compared: one pooled model (transcript noise and turn length as features, the corpora
 *    weighted alike), and a model per corpus with a rule picking one by transcript noise, then turn length.
 * --write stores the personal model and the meeting switch, each fitted on all its rows.
 */
import { writeFileSync } from "node:fs";
import { format, resolveConfig } from "prettier";
import path from "node:path";
import { predict, type FeatureName, type LogisticModel, type MeetingRoute } from "@/lib/extraction/offline/confidence";
import { PERSONAL_MODEL } from "@/lib/extraction/offline/confidence-model";
import { isLocomo, locomoSamples, meetingSamples, toRows, type Sample } from "./lib/confidence-rows";
import { auc, chooseLambda, fitLogistic, heldOutPredictions, reliability, type Row } from "./lib/logistic";
import { fitSwitch, heldOutSwitch, MEETING_L2, predictSwitch, RECORDED_FEATURES } from "./lib/meeting-route";

const GATE = 0.7;
type Scored = { p: number; y: number; group?: string };

function table(title: string, pairs: Scored[]): void {
  const { bins, ece } = reliability(pairs);
  const rate = (rows: { y: number }[]) =>
    rows.length ? (rows.reduce((n, r) => n + r.y, 0) / rows.length).toFixed(3) : "-";
  const ungated = pairs.filter((r) => r.p >= GATE);
  const share = ((100 * ungated.length) / Math.max(1, pairs.length)).toFixed(1);
  console.log(`\n${title}: ${pairs.length} candidates, ECE ${ece.toFixed(3)}, AUC ${auc(pairs).toFixed(3)}`);
  console.log(
    `  precision: all ${rate(pairs)}; ungated (≥ ${GATE}) ${rate(ungated)} of ${ungated.length} (${share} % ungated)`,
  );
  console.log("  predicted bin   n      mean predicted  observed");
  for (const b of bins) {
    const row = b.n
      ? `${b.predicted.toFixed(3).padStart(14)}  ${b.observed.toFixed(3).padStart(8)}`
      : "             -         -";
    console.log(`  ${b.from.toFixed(1)}–${b.to.toFixed(1)}      ${String(b.n).padStart(5)}  ${row}`);
  }
}

function perFold(held: Scored[]): void {
  console.log("  held-out ECE per fold (mean predicted / observed):");
  for (const g of [...new Set(held.map((r) => r.group!))].sort()) {
    const fold = held.filter((r) => r.group === g);
    const mean = (v: (r: Scored) => number) => (fold.reduce((n, r) => n + v(r), 0) / fold.length).toFixed(2);
    const ece = reliability(fold).ece.toFixed(3);
    console.log(
      `    ${g.padEnd(16)} n ${String(fold.length).padStart(5)}  ECE ${ece}  ${mean((r) => r.p)} / ${mean((r) => r.y)}`,
    );
  }
}

/** Held-out (or in-sample) predictions of both meeting corpora, reported one corpus at a time. */
function byCorpus(title: string, held: Scored[], folds = true): void {
  for (const [corpus, own] of [
    ["QMSum val round 1", held.filter((r) => !isLocomo({ group: r.group! }))],
    ["LoCoMo as meetings", held.filter((r) => isLocomo({ group: r.group! }))],
  ] as const) {
    table(`${title}, ${corpus}`, own);
    if (folds) perFold(own);
  }
}

function weightsOf(name: string, model: LogisticModel): void {
  const w = model.features.map((n, i) => `${n} ${model.weights[i]!.toFixed(3)}`).join(", ");
  console.log(`${name}: ${w}; bias ${model.bias.toFixed(3)}`);
}

function personalModel(): LogisticModel {
  const features = PERSONAL_MODEL.features;
  const rows = toRows(locomoSamples("personal"), features);
  console.log(`\n=== LoCoMo, personal preset: ${rows.length} rows, ${rows.filter((r) => r.y).length} correct`);
  const held = heldOutPredictions(rows, [1]);
  table("HELD-OUT LoCoMo, personal preset (leave one conversation out)", held);
  perFold(held);
  const fitted = fitLogistic(rows, chooseLambda(rows, [1]));
  table(
    "IN-SAMPLE LoCoMo, personal preset",
    rows.map((r) => ({ p: predict(fitted, r.x), y: r.y })),
  );
  const model = { features: [...features], ...fitted };
  weightsOf("personal", model);
  return model;
}

function describe(samples: Sample[]): void {
  console.log("\nTranscripts: noise (words blanked per 100) and mean words per speaker turn, per group (min–max)");
  for (const g of [...new Set(samples.map((s) => s.group))]) {
    const own = samples.filter((s) => s.group === g);
    const range = (v: (s: Sample) => number) =>
      `${Math.min(...own.map(v)).toFixed(2)}–${Math.max(...own.map(v)).toFixed(2)}`;
    const pos = own.filter((s) => s.y).length;
    console.log(
      `  ${g.padEnd(16)} n ${String(own.length).padStart(4)}  correct ${pos}  noise ${range((s) => s.features.noise)}` +
        `  turn words ${range((s) => s.features.turnWords)}`,
    );
  }
}

/** One model for both corpora; each corpus weighs as much in the fit as the other, whatever its size. */
const POOLED_FEATURES: FeatureName[] = [...RECORDED_FEATURES, "turnWords"];
function pooled(samples: Sample[]): void {
  const size = (locomo: boolean) => samples.filter((s) => isLocomo(s) === locomo).length;
  for (const weighted of [true, false]) {
    const rows: Row[] = toRows(samples, POOLED_FEATURES, weighted ? (s) => 1000 / size(isLocomo(s)) : undefined);
    const held = heldOutPredictions(rows, MEETING_L2);
    const label = weighted ? "corpora weighted alike" : "unweighted";
    if (weighted) byCorpus(`HELD-OUT POOLED (${label})`, held);
    else
      for (const locomo of [false, true]) {
        const own = held.filter((r) => isLocomo(r) === locomo);
        const ece = reliability(own).ece.toFixed(3);
        console.log(
          `\nHELD-OUT POOLED (${label}), ${locomo ? "LoCoMo" : "QMSum"}: ECE ${ece}, AUC ${auc(own).toFixed(3)}`,
        );
      }
  }
}

const round = (v: number) => Math.round(v * 1e4) / 1e4;

function routeSource(name: string, doc: string, route: MeetingRoute): string {
  const fields = Object.entries(route).map(([k, v]) => `${k}: ${round(v)}`);
  return `/** ${doc} */\nexport const ${name}: MeetingRoute = { ${fields.join(", ")} };\n`;
}

function source(name: string, doc: string, value: LogisticModel): string {
  return (
    `/** ${doc} */\nexport const ${name}: LogisticModel = {\n` +
    `  features: [${value.features.map((f) => JSON.stringify(f)).join(", ")}],\n` +
    `  bias: ${round(value.bias)},\n  weights: [${value.weights.map(round).join(", ")}],\n};\n`
  );
}

async function main(): Promise<void> {
  const personal = personalModel();
  const samples = [...meetingSamples(1), ...locomoSamples("meeting")];
  console.log(`\n=== Meeting preset: QMSum val round 1 and LoCoMo run as meetings`);
  describe(samples);
  pooled(samples);
  const held = heldOutSwitch(samples);
  byCorpus("HELD-OUT SWITCH (model per corpus, picked by noise then turn length)", held);
  const misrouted = held.filter((r) => r.recorded === isLocomo(r)).length;
  console.log(`\nheld-out routing: ${misrouted} of ${held.length} candidates scored by the other corpus's model`);
  const shipped = fitSwitch(samples);
  byCorpus(
    "IN-SAMPLE SWITCH (fitted on every group)",
    samples.map((s) => ({ p: predictSwitch(shipped, s).p, y: s.y, group: s.group })),
    false,
  );
  weightsOf("\nrecorded meetings", shipped.recorded);
  weightsOf("clean conversation", shipped.conversation);
  console.log(`route: recorded when noise ≥ ${shipped.route.noise} or turn words ≥ ${shipped.route.turnWords}`);
  const fresh = meetingSamples(2);
  table(
    "FRESH CHECK QMSum val round 2 (labelled before this model existed; the switch as shipped)",
    fresh.map((s) => ({ p: predictSwitch(shipped, s).p, y: s.y })),
  );
  if (process.argv.includes("--write")) {
    const file = path.resolve(import.meta.dirname, "../lib/extraction/offline/confidence-model.ts");
    const code =
      `import type { LogisticModel, MeetingRoute } from "@/lib/extraction/offline/confidence";\n\n` +
      `// Written by \`npx tsx scripts/fit-confidence.ts --write\`.\n\n` +
      source("PERSONAL_MODEL", "Chat about people: fitted on LoCoMo's gold observations (5 conversations).", personal) +
      "\n" +
      source(
        "MEETING_MODEL",
        "Recorded meetings: fitted on hand labels of QMSum val candidates (scripts/labels/qmsum-val-candidates.jsonl).",
        shipped.recorded,
      ) +
      "\n" +
      source(
        "CONVERSATION_MODEL",
        "Meetings as clean conversation: fitted on LoCoMo's gold observations, extracted with the meeting preset.",
        shipped.conversation,
      ) +
      "\n" +
      routeSource("MEETING_ROUTE", "From which noise or mean turn length a meeting is recorded speech.", shipped.route);
    // Prettier's layout, so the written file passes `npm run format:check` as it is.
    writeFileSync(file, await format(code, { ...(await resolveConfig(file)), filepath: file }));
    console.log(`\nwrote ${path.relative(process.cwd(), file)}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
