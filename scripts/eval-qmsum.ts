/**
 * The offline extractor on real recorded meetings: QMSum val (metrics as in ../shared/eval/README.md).
 * Usage: npx tsx scripts/eval-qmsum.ts [--verbose] [--decisions] [--limit N] (it runs itself again under the
 * react-server condition, which the app's server modules need)
 * Reports, per meeting series, per corpus (AMI, ICSI, committee) and overall: load (candidates per 1,000
 * words, all and ungated), noise (share of candidates whose content keeps fillers or transcriber tags) and
 * decision recall, through the app's own chain (lib/chain: chunking, the offline extractor, grounding, the run's
 * de-duplication, matching and gate) into a store in memory, as `sift extract` runs it. Nothing is
 * fitted here; but the cleaning rules were written while reading these meetings' output, so treat the
 * figures as in-sample. A diagnostic (not the README's metric) says why each decision query is missed;
 * `--decisions` prints it per query (scripts/lib/decision-diagnosis.ts).
 * The data is read in place (its licenses forbid copying it into the repo); SIFT_EVAL_DIR overrides.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { chunkInput } from "@/lib/extraction/chunking";
import { getPresetKinds } from "@/lib/extraction/kinds";
import { extractScored } from "@/lib/extraction/offline";
import type { Candidate } from "@/lib/extraction/schema";
import { QUEUE_FOLD_AT } from "@/lib/queue/schema";
import { relaunchUnderServerCondition } from "../bench/lib/harness";
import type { Segment } from "@/lib/sources/schema";
import { contentTokens, tokenF1 } from "./eval-locomo";
import { auc } from "./eval-meetings";
import { diagnose, REASONS, type Diagnosis } from "./lib/decision-diagnosis";
import { labelsByMeeting, matchLabel, readLabels, type MeetingLabel } from "./lib/meeting-labels";

export interface Meeting {
  meeting_transcripts: { speaker: string; content: string }[];
  specific_query_list: { query: string; answer: string; relevant_text_span: [string, string][] }[];
}

const GATE = 0.7;
const DECISION_QUERY = /\b(decid\w*|decision\w*|agree\w*|conclu\w*)\b/i;
/** Fillers and markup a reviewer should never read in a candidate's content. */
export const NOISE =
  /\{[a-z]+\}|\[[^\]]*\]|\((?:inaudible|laughs?|laughter|crosstalk)\)|\b(?:uh+|um+|er|erm|hmm+|mm+)\b/i;

/** The meeting series a file belongs to: "ES2006b" → "ES2006", "covid_2" → "covid", "Bmr005" → "Bmr". */
export function seriesOf(file: string): string {
  const name = path.basename(file, ".json");
  return /^[A-Z]{2}\d{4}/.exec(name)?.[0] ?? /^[A-Za-z]+/.exec(name)?.[0] ?? name;
}

/** The corpus a series comes from: the folds rules are written on and checked against. */
function corpusOf(series: string): string {
  if (/^[A-Z]{2}\d{4}$/.test(series)) return "AMI";
  return /^B[a-z]{2}$/.test(series) ? "ICSI" : "committee";
}

/** `speaker: content` per turn, one segment per turn, and each turn's span in the text. */
export function buildMeeting(meeting: Meeting): { text: string; segments: Segment[]; turnSpans: [number, number][] } {
  let text = "";
  const segments: Segment[] = [];
  const turnSpans: [number, number][] = [];
  for (const turn of meeting.meeting_transcripts) {
    if (text.length > 0) text += "\n";
    const lineStart = text.length;
    text += `${turn.speaker}: `;
    const start = text.length;
    text += turn.content;
    segments.push({ speaker: turn.speaker, startMs: null, endMs: null, text: turn.content, start, end: text.length });
    turnSpans.push([lineStart, text.length]);
  }
  return { text, segments, turnSpans };
}

interface Tally {
  words: number;
  candidates: number;
  ungated: number;
  noisy: number;
  decisions: number;
  decisionsFound: number;
  /** Decision queries answered by any candidate, and by one of the meeting's top TOP (by rank). */
  decisionsFoundAll: number;
  decisionsFoundTop: number;
  /** Cards the queue shows before its fold (QUEUE_FOLD_AT of the ranked list). */
  shown: number;
  /** Sum of confidence: the correct candidates expected if it is calibrated. */
  expected: number;
  /** Candidates a hand label matches (scripts/labels/), and how many of those are labelled correct. */
  labelled: number;
  correct: number;
  labelledUngated: number;
  correctUngated: number;
}
const empty = (): Tally => ({
  words: 0,
  candidates: 0,
  ungated: 0,
  noisy: 0,
  decisions: 0,
  decisionsFound: 0,
  decisionsFoundAll: 0,
  decisionsFoundTop: 0,
  shown: 0,
  expected: 0,
  labelled: 0,
  correct: 0,
  labelledUngated: 0,
  correctUngated: 0,
});

function add(into: Tally, t: Tally): void {
  for (const key of Object.keys(into) as (keyof Tally)[]) into[key] += t[key];
}

/** Each labelled candidate's rank, label, label round and series: the ranking's AUC (round 2 is held out). */
export const rankedLabels: { score: number; positive: boolean; round: 1 | 2; series: string }[] = [];

/** The brief's "top 20": decision recall among each meeting's best-ranked candidates. */
const TOP = 20;

export function scoreMeeting(
  meeting: Meeting,
  candidates: (Candidate & { rank?: number })[],
  turnSpans: [number, number][],
  labels: MeetingLabel[] = [],
): Tally {
  const words = meeting.meeting_transcripts.reduce((n, t) => n + t.content.split(/\s+/).filter(Boolean).length, 0);
  const ungated = candidates.filter((c) => c.confidence >= GATE);
  const tally: Tally = {
    ...empty(),
    words,
    candidates: candidates.length,
    ungated: ungated.length,
    shown: Math.min(QUEUE_FOLD_AT, candidates.length),
    noisy: candidates.filter((c) => NOISE.test(c.content)).length,
    expected: candidates.reduce((n, c) => n + c.confidence, 0),
  };
  const rank = (c: Candidate & { rank?: number }) => c.rank ?? c.confidence * c.importance;
  const top = [...candidates].sort((a, b) => rank(b) - rank(a)).slice(0, TOP);
  const used = new Set<MeetingLabel>();
  for (const c of candidates) {
    const label = matchLabel(labels, c.start ?? 0, c.end ?? 0);
    if (!label || used.has(label)) continue;
    used.add(label);
    rankedLabels.push({
      score: rank(c),
      positive: label.label === 1,
      round: label.round,
      series: seriesOf(label.meeting),
    });
    tally.labelled++;
    tally.correct += label.label;
    if (c.confidence >= GATE) {
      tally.labelledUngated++;
      tally.correctUngated += label.label;
    }
  }
  for (const q of meeting.specific_query_list) {
    if (!DECISION_QUERY.test(q.query)) continue;
    tally.decisions++;
    const answer = contentTokens(q.answer);
    const answers = (c: Candidate) =>
      q.relevant_text_span.some(([from, to]) => {
        const a = turnSpans[Number(from)]?.[0];
        const b = turnSpans[Number(to)]?.[1];
        if (a === undefined || b === undefined || c.start === null || c.end === null) return false;
        return c.start >= a && c.end <= b && tokenF1(contentTokens(c.content), answer) >= 0.25;
      });
    const found = ungated.some(answers);
    if (candidates.some(answers)) tally.decisionsFoundAll++;
    if (top.some(answers)) tally.decisionsFoundTop++;
    if (found) tally.decisionsFound++;
  }
  return tally;
}

function line(name: string, t: Tally): string {
  const per1k = (n: number) => ((1000 * n) / Math.max(1, t.words)).toFixed(2);
  const share = t.candidates ? (t.noisy / t.candidates).toFixed(3) : "-";
  const ratio = (a: number, b: number) => (b ? `${(a / b).toFixed(2)} (${a}/${b})` : "-");
  return (
    `${name.padEnd(10)} words ${String(t.words).padStart(7)}  per 1k: all ${per1k(t.candidates).padStart(6)}, ` +
    `shown before the fold ${per1k(t.shown).padStart(5)}, ungated ${per1k(t.ungated).padStart(5)}  noise ${share}  ` +
    `decision recall: ungated ${ratio(t.decisionsFound, t.decisions)}, ` +
    `all ${ratio(t.decisionsFoundAll, t.decisions)}, top ${TOP} ${ratio(t.decisionsFoundTop, t.decisions)}`
  );
}

/** Precision as the hand labels see it, beside what the confidence promises (its mean). */
function precisionLine(name: string, t: Tally): string {
  const ratio = (a: number, b: number) => (b ? `${(a / b).toFixed(2)} (${a}/${b})` : "-");
  const expected = t.candidates ? (t.expected / t.candidates).toFixed(2) : "-";
  return (
    `${name.padEnd(10)} mean confidence ${expected}  labelled precision: all ${ratio(t.correct, t.labelled)}, ` +
    `ungated ${ratio(t.correctUngated, t.labelledUngated)}`
  );
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const limitAt = args.indexOf("--limit");
  const limit = limitAt >= 0 ? Number(args[limitAt + 1]) : Infinity;
  const evalDir = process.env.SIFT_EVAL_DIR ?? path.resolve(import.meta.dirname, "../../shared/eval");
  const dir = path.join(evalDir, "qmsum/val");
  const files = readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .slice(0, limit);
  const kinds = getPresetKinds("meeting");
  const diagnoses: Diagnosis[] = [];
  const labels = labelsByMeeting(readLabels());
  const bySeries = new Map<string, Tally>();
  const total = empty();
  const began = performance.now();
  // The app's own chain, chunks of SIFT_CHUNK_TOKENS' default, the offline extractor: one store for the
  // evaluation, as one server would hold these meetings. (Imported here: other scripts use this file's helpers
  // without the server's modules.)
  const { parseEnv } = await import("@/lib/env");
  const { openLocalStore } = await import("@/lib/jobs/local-run");
  const store = await openLocalStore({ env: parseEnv({ ...process.env, SIFT_CHUNK_TOKENS: "3000" }) });
  for (const file of files) {
    const meeting = JSON.parse(readFileSync(path.join(dir, file), "utf8")) as Meeting;
    const { text, segments, turnSpans } = buildMeeting(meeting);
    const participants = [...new Set(segments.flatMap((s) => (s.speaker ? [s.speaker] : [])))];
    const { candidates } = await store.extract({
      source: { title: file, origin: "paste", parsed: { format: "text", text, segments, participants } },
      preset: "meeting",
      mode: "offline",
    });
    if (args.includes("--verbose")) {
      for (const c of candidates) console.log(`${file} [${c.kind} ${c.confidence}] ${c.content}`);
    }
    const tally = scoreMeeting(meeting, candidates, turnSpans, labels.get(file));
    const decisionQueries = meeting.specific_query_list.filter((q) => DECISION_QUERY.test(q.query));
    if (decisionQueries.length > 0) {
      // Before the density cap: what the extractor made, so the diagnosis can tell "capped" from "never made".
      const made = chunkInput({ text, segments, tokenBudget: 3000 }).flatMap((c) =>
        extractScored({ text, segments, kinds }, c),
      );
      const turns = meeting.meeting_transcripts.map((t) => t.content);
      for (const q of decisionQueries) {
        diagnoses.push({ ...diagnose(q, turns, turnSpans, candidates, made), query: `${file}: ${q.query}` });
      }
    }
    const series = seriesOf(file);
    const into = bySeries.get(series) ?? empty();
    add(into, tally);
    bySeries.set(series, into);
    add(total, tally);
  }
  await store.close();
  console.log(`QMSum val: ${files.length} meetings, ${Math.round(performance.now() - began)} ms`);
  const byCorpus = new Map<string, Tally>();
  for (const [series, t] of [...bySeries].sort()) {
    console.log(line(series, t));
    const into = byCorpus.get(corpusOf(series)) ?? empty();
    add(into, t);
    byCorpus.set(corpusOf(series), into);
  }
  for (const [corpus, t] of byCorpus) console.log(line(corpus, t));
  console.log(line("all", total));
  if (args.includes("--decisions")) {
    for (const d of diagnoses) {
      const f = (n: number) => n.toFixed(2);
      console.log(
        `${d.reason.padEnd(19)} F1 ungated ${f(d.ungated)}, kept ${f(d.kept)}, made ${f(d.made)}, ` +
          `best sentence ${f(d.sentence)}  ${d.query}`,
      );
    }
  }
  const counts = REASONS.map((r) => `${r} ${diagnoses.filter((d) => d.reason === r).length}`).join(", ");
  console.log(`decision queries, why missed (diagnostic, not the README metric): ${counts}`);
  console.log("\nPrecision (hand labels of a sample, matched by span; rubric in scripts/labels/README.md):");
  for (const [series, t] of [...bySeries].sort()) console.log(precisionLine(series, t));
  console.log(precisionLine("all", total));
  // The confidence model was fitted on round 1's labels: its AUC is in-sample; round 2 was labelled afterwards.
  console.log("\nRanking (Candidate.rank) AUC on the labelled candidates:");
  for (const round of [1, 2] as const) {
    const rows = rankedLabels.filter((r) => r.round === round);
    const a = auc(rows);
    const what = round === 1 ? "round 1 (in-sample: the confidence model was fitted on it)" : "round 2 (held out)";
    console.log(`${what}: ${rows.length} candidates, AUC ${a === null ? "-" : a.toFixed(2)}`);
    for (const series of [...new Set(rows.map((r) => r.series))].sort()) {
      const of = rows.filter((r) => r.series === series);
      const sa = auc(of);
      console.log(`  ${series.padEnd(8)} n ${String(of.length).padStart(3)}  AUC ${sa === null ? "-" : sa.toFixed(2)}`);
    }
  }
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  relaunchUnderServerCondition(import.meta.filename);
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
