/**
 * Fits the offline extractor's two confidence models (lib/extraction/offline/confidence.ts) and reports how
 * well each is calibrated on groups it was not fitted on. Usage: npx tsx scripts/fit-confidence.ts [--write]
 *
 * Rows: candidates of the offline extractor (before the density cap), each with its features now.
 *  - Personal preset, LoCoMo dev sessions: correct = it finds a gold observation (README's content match:
 *    inside the observation's evidence turn, token-F1 ≥ 0.3). Held out: one conversation at a time.
 *  - Meeting preset, QMSum val: the hand-labelled sample (scripts/labels/, rubric in its README), matched
 *    to today's candidates by span. Held out: one meeting series at a time (scripts/eval-qmsum.ts seriesOf).
 *    Fitted on round 1 only; round 2 was drawn from what the fitted model shows and labelled afterwards, and
 *    is reported as a fresh check of the model as shipped.
 * --write stores both models, each fitted on all its rows.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { format, resolveConfig } from "prettier";
import path from "node:path";
import { getPresetKinds } from "@/lib/extraction/kinds";
import { extractScored } from "@/lib/extraction/offline";
import { featureVector, predict, type FeatureName, type LogisticModel } from "@/lib/extraction/offline/confidence";
import { PERSONAL_MODEL } from "@/lib/extraction/offline/confidence-model";
import { buildTranscript, contentTokens, tokenF1 } from "./eval-locomo";
import { buildMeeting, seriesOf, type Meeting } from "./eval-qmsum";
import { auc, chooseLambda, fitLogistic, heldOutPredictions, reliability, type Row } from "./lib/logistic";
import { labelsByMeeting, matchLabel, readLabels, type MeetingLabel } from "./lib/meeting-labels";

const evalDir = process.env.SIFT_EVAL_DIR ?? path.resolve(import.meta.dirname, "../../shared/eval");
const GATE = 0.7;

interface Session {
  sample_id: string;
  turns: { speaker: string; dia_id: string; text: string }[];
  gold_observations_llm_generated: { text: string; evidence: string }[];
}

function locomoRows(features: readonly FeatureName[]): Row[] {
  const rows: Row[] = [];
  const kinds = getPresetKinds("personal");
  const lines = readFileSync(path.join(evalDir, "locomo/dev-sessions.jsonl"), "utf8").split("\n");
  for (const line of lines.filter((l) => l.trim())) {
    const session = JSON.parse(line) as Session;
    const { text, segments, turnSpans } = buildTranscript(session.turns);
    const gold = session.gold_observations_llm_generated.map((o) => ({
      tokens: contentTokens(o.text),
      span: turnSpans.get(o.evidence),
    }));
    for (const c of extractScored({ text, segments, kinds }, { index: 0, start: 0, end: text.length, segments })) {
      const tokens = contentTokens(c.content);
      const hit = gold.some(
        (g) => g.span && c.start! >= g.span[0] && c.end! <= g.span[1] && tokenF1(tokens, g.tokens) >= 0.3,
      );
      rows.push({ x: featureVector(c.features, features), y: hit ? 1 : 0, group: `locomo ${session.sample_id}` });
    }
  }
  return rows;
}

/** Each label matched to the current candidate (whole meeting, before the cap) whose span overlaps it most. */
function meetingRows(features: readonly FeatureName[], round: MeetingLabel["round"]): Row[] {
  const labels = readLabels().filter((l) => l.round === round);
  const kinds = getPresetKinds("meeting");
  const rows: Row[] = [];
  const dir = path.join(evalDir, "qmsum/val");
  const files = new Set(readdirSync(dir));
  for (const [file, own] of [...labelsByMeeting(labels)].sort()) {
    if (!files.has(file)) continue;
    const { text, segments } = buildMeeting(JSON.parse(readFileSync(path.join(dir, file), "utf8")) as Meeting);
    const used = new Set<MeetingLabel>();
    for (const c of extractScored({ text, segments, kinds }, { index: 0, start: 0, end: text.length, segments })) {
      const label = matchLabel(own, c.start ?? 0, c.end ?? 0);
      if (!label || used.has(label)) continue;
      used.add(label);
      rows.push({ x: featureVector(c.features, features), y: label.label, group: seriesOf(file) });
    }
  }
  console.log(
    `QMSum val round ${round}: ${labels.length} labels, ${rows.length} matched to a current candidate by span`,
  );
  return rows;
}

function table(title: string, pairs: { p: number; y: number }[]): void {
  const { bins, ece } = reliability(pairs);
  const rate = (rows: { y: number }[]) =>
    rows.length ? (rows.reduce((n, r) => n + r.y, 0) / rows.length).toFixed(3) : "-";
  const ungated = pairs.filter((r) => r.p >= GATE);
  console.log(`\n${title}: ${pairs.length} candidates, ECE ${ece.toFixed(3)}, AUC ${auc(pairs).toFixed(3)}`);
  console.log(`  precision: all ${rate(pairs)}; ungated (confidence ≥ ${GATE}) ${rate(ungated)} of ${ungated.length}`);
  console.log("  predicted bin   n      mean predicted  observed");
  for (const b of bins) {
    const row = b.n
      ? `${b.predicted.toFixed(3).padStart(14)}  ${b.observed.toFixed(3).padStart(8)}`
      : "             -         -";
    console.log(`  ${b.from.toFixed(1)}–${b.to.toFixed(1)}      ${String(b.n).padStart(5)}  ${row}`);
  }
}

function report(
  name: string,
  unit: string,
  rows: Row[],
  features: readonly FeatureName[],
  lambdas: readonly number[],
): LogisticModel {
  const positives = rows.filter((r) => r.y === 1).length;
  console.log(
    `\n=== ${name}: ${rows.length} rows, ${positives} correct (${((100 * positives) / rows.length).toFixed(1)} %)`,
  );
  const held = heldOutPredictions(rows, lambdas);
  table(`HELD-OUT ${name} (leave one ${unit} out)`, held);
  console.log("\nHELD-OUT ECE per fold:");
  for (const g of [...new Set(held.map((r) => r.group))].sort()) {
    const fold = held.filter((r) => r.group === g);
    const ece = reliability(fold).ece.toFixed(3);
    console.log(`  ${g.padEnd(18)} n ${String(fold.length).padStart(5)}  ECE ${ece}`);
  }
  const lambda = chooseLambda(rows, lambdas);
  const fitted = fitLogistic(rows, lambda);
  table(
    `IN-SAMPLE ${name} (fitted on every ${unit})`,
    rows.map((r) => ({ p: predict(fitted, r.x), y: r.y })),
  );
  console.log("\nweights:", features.map((n, i) => `${n} ${fitted.weights[i]!.toFixed(3)}`).join(", "));
  console.log(`bias ${fitted.bias.toFixed(3)}, L2 ${lambda}`);
  return { features: [...features], bias: fitted.bias, weights: fitted.weights };
}

function source(name: string, doc: string, model: LogisticModel): string {
  const round = (v: number) => Math.round(v * 1e4) / 1e4;
  return (
    `/** ${doc} */\nexport const ${name}: LogisticModel = {\n` +
    `  features: [${model.features.map((f) => JSON.stringify(f)).join(", ")}],\n` +
    `  bias: ${round(model.bias)},\n  weights: [${model.weights.map(round).join(", ")}],\n};\n`
  );
}

/**
 * What the meeting model reads: the list (cue strength, kind through its importance, length, what the
 * clause names, hedges, question form) and what a reviewer of meetings rejects on sight (a subject only the
 * room knows, a broken-off clause, pointing words, talk about oneself, disfluency). Its L2 weight is chosen
 * among MEETING_L2 by leave-one-series-out log-loss, inside each held-out fold too. The personal model keeps
 * the features and L2 it was fitted with.
 */
const MEETING_FEATURES: FeatureName[] = [
  "strong",
  "weak",
  "hedged",
  "importance",
  "words",
  "nouns",
  "specific",
  "disfluency",
  "question",
  "vagueSubject",
  "unfinished",
  "pointing",
  "self",
];
const MEETING_L2 = [0.3, 1, 3, 10, 30];

async function main(): Promise<void> {
  const personal = report(
    "LoCoMo, personal preset",
    "conversation",
    locomoRows(PERSONAL_MODEL.features),
    PERSONAL_MODEL.features,
    [1],
  );
  const meeting = report(
    "QMSum val, meeting preset",
    "meeting series",
    meetingRows(MEETING_FEATURES, 1),
    MEETING_FEATURES,
    MEETING_L2,
  );
  table(
    "FRESH CHECK QMSum val round 2 (labelled after the model was written; the model fitted on all of round 1)",
    meetingRows(MEETING_FEATURES, 2).map((r) => ({ p: predict(meeting, r.x), y: r.y })),
  );
  if (process.argv.includes("--write")) {
    const file = path.resolve(import.meta.dirname, "../lib/extraction/offline/confidence-model.ts");
    const code =
      `import type { LogisticModel } from "@/lib/extraction/offline/confidence";\n\n` +
      `// Written by \`npx tsx scripts/fit-confidence.ts --write\`.\n\n` +
      source("PERSONAL_MODEL", "Chat about people: fitted on LoCoMo's gold observations (5 conversations).", personal) +
      "\n" +
      source(
        "MEETING_MODEL",
        "Meetings: fitted on hand labels of QMSum val candidates (scripts/labels/qmsum-val-candidates.jsonl).",
        meeting,
      );
    // Prettier's layout, so the written file passes `npm run format:check` as it is.
    writeFileSync(file, await format(code, { ...(await resolveConfig(file)), filepath: file }));
    console.log(`\nwrote ${path.relative(process.cwd(), file)}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
