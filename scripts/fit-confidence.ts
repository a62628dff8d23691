/**
 * Fits the offline extractor's confidence (lib/extraction/offline/confidence.ts) and reports how well it
 * is calibrated on folds it was not fitted on. Usage: npx tsx scripts/fit-confidence.ts [--write]
 *
 * Rows: every candidate the offline extractor proposes (before the density cap) on
 *  - LoCoMo dev sessions (personal preset); correct = it finds a gold observation (README's content match:
 *    inside the observation's evidence turn, token-F1 ≥ 0.3);
 *  - QMSum val meetings (meeting preset); correct = it lies inside the relevant turns of a question people
 *    asked of the meeting and has token-F1 ≥ 0.25 with the answer (README's decision-recall match, over
 *    all specific questions).
 * The model is fitted on LoCoMo only, whose gold observations cover every turn: each conversation is
 * predicted by a model fitted on the other four (held-out); --write stores the model fitted on all five.
 * QMSum's answers summarise only the parts someone asked about, so a correct fact elsewhere counts as
 * wrong there: the meetings are reported as a check of the confidence shipped for meetings (cue-based),
 * whose observed rate is a lower bound.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { getPresetKinds } from "@/lib/extraction/kinds";
import { extractScored } from "@/lib/extraction/offline";
import { FEATURE_NAMES, featureVector, predict } from "@/lib/extraction/offline/confidence";
import { buildTranscript, contentTokens, tokenF1 } from "./eval-locomo";
import { buildMeeting, type Meeting } from "./eval-qmsum";
import { fitLogistic, heldOutPredictions, reliability, type Row } from "./lib/logistic";

const evalDir = process.env.SIFT_EVAL_DIR ?? path.resolve(import.meta.dirname, "../../shared/eval");
const GATE = 0.7;

interface Session {
  sample_id: string;
  turns: { speaker: string; dia_id: string; text: string }[];
  gold_observations_llm_generated: { text: string; evidence: string }[];
}

function locomoRows(): Row[] {
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
      rows.push({ x: featureVector(c.features), y: hit ? 1 : 0, group: `locomo ${session.sample_id}` });
    }
  }
  return rows;
}

/**
 * A meeting candidate is correct when the people who summarised that part of the meeting said the same:
 * at least half of its content words (and three or more) are in the answer. Token-F1 against an answer
 * of 40–80 words cannot reach 0.25 for a one-clause fact, so F1 would call nearly every fact wrong.
 */
function supportedBy(tokens: string[], answer: string[]): boolean {
  if (tokens.length < 3) return false;
  const have = new Set(answer);
  return tokens.filter((t) => have.has(t)).length / tokens.length >= 0.5;
}

/** Each meeting candidate's confidence as shipped (cue-based for meetings) and its proxy label. */
function qmsumPairs(): { p: number; y: number }[] {
  const rows: { p: number; y: number }[] = [];
  const kinds = getPresetKinds("meeting");
  const dir = path.join(evalDir, "qmsum/val");
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".json"))) {
    const meeting = JSON.parse(readFileSync(path.join(dir, file), "utf8")) as Meeting;
    const { text, segments, turnSpans } = buildMeeting(meeting);
    const answers = meeting.specific_query_list.flatMap((q) =>
      q.relevant_text_span.map(([a, b]) => ({
        tokens: contentTokens(q.answer),
        from: turnSpans[Number(a)]?.[0] ?? Infinity,
        to: turnSpans[Number(b)]?.[1] ?? -Infinity,
      })),
    );
    for (const c of extractScored({ text, segments, kinds }, { index: 0, start: 0, end: text.length, segments })) {
      const tokens = contentTokens(c.content);
      const hit = answers.some((a) => c.start! >= a.from && c.end! <= a.to && supportedBy(tokens, a.tokens));
      rows.push({ p: c.confidence, y: hit ? 1 : 0 });
    }
  }
  return rows;
}

function table(title: string, pairs: { p: number; y: number }[]): void {
  const { bins, ece } = reliability(pairs);
  const gated = pairs.filter((r) => r.p >= GATE);
  const prec = gated.length ? (gated.reduce((n, r) => n + r.y, 0) / gated.length).toFixed(3) : "-";
  console.log(`\n${title}: ${pairs.length} candidates, ECE ${ece.toFixed(3)}`);
  console.log(`  at confidence ≥ ${GATE} (ungated): ${gated.length}, precision ${prec}`);
  console.log("  predicted bin   n      mean predicted  observed");
  for (const b of bins) {
    const row = b.n
      ? `${b.predicted.toFixed(3).padStart(14)}  ${b.observed.toFixed(3).padStart(8)}`
      : "             -         -";
    console.log(`  ${b.from.toFixed(1)}–${b.to.toFixed(1)}      ${String(b.n).padStart(5)}  ${row}`);
  }
}

function main(): void {
  const rows = locomoRows();
  const positives = rows.filter((r) => r.y === 1).length;
  console.log(
    `LoCoMo: ${rows.length} candidates, ${positives} correct (${((100 * positives) / rows.length).toFixed(1)} %)`,
  );

  const held = heldOutPredictions(rows);
  table("HELD-OUT LoCoMo (leave one conversation out)", held);
  console.log("\nHELD-OUT ECE per fold:");
  for (const g of [...new Set(held.map((r) => r.group))]) {
    const fold = held.filter((r) => r.group === g);
    console.log(`  ${g.padEnd(18)} n ${String(fold.length).padStart(5)}  ECE ${reliability(fold).ece.toFixed(3)}`);
  }

  const model = fitLogistic(rows);
  table(
    "IN-SAMPLE LoCoMo (fitted on every conversation)",
    rows.map((r) => ({ p: predict(model, r.x), y: r.y })),
  );
  table(
    "QMSum val meetings, the shipped cue-based confidence (labels a lower bound: only asked-about parts summarised)",
    qmsumPairs(),
  );
  console.log("\nweights:", FEATURE_NAMES.map((n, i) => `${n} ${model.weights[i]!.toFixed(3)}`).join(", "));
  console.log(`bias ${model.bias.toFixed(3)}`);
  if (process.argv.includes("--write")) {
    const round = (v: number) => Math.round(v * 1e4) / 1e4;
    const file = path.resolve(import.meta.dirname, "../lib/extraction/offline/confidence-model.ts");
    writeFileSync(
      file,
      `import type { LogisticModel } from "@/lib/extraction/offline/confidence";\n\n` +
        `/** Written by \`npx tsx scripts/fit-confidence.ts --write\`; weights in FEATURE_NAMES order. */\n` +
        `export const CONFIDENCE_MODEL: LogisticModel = {\n  bias: ${round(model.bias)},\n` +
        `  weights: [${model.weights.map(round).join(", ")}],\n};\n`,
    );
    console.log(`wrote ${path.relative(process.cwd(), file)}`);
  }
}

main();
