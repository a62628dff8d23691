/**
 * Draws the sample of meeting candidates that scripts/labels/qmsum-val-candidates.jsonl labels by hand.
 * Usage: npx tsx scripts/sample-meeting-candidates.ts OUT.jsonl [--per-meeting 14] [--seed 10] [--fresh]
 * The candidates a reviewer sees (the app's chain into a store in memory, meeting preset) on each QMSum val meeting,
 * stratified by confidence: the meeting's quota is dealt round-robin over the confidence levels present,
 * drawn at random (seeded) within each, so low and high confidence are both labelled. --fresh draws instead
 * uniformly among the candidates no label matches yet (a check of a model fitted on the labels so far).
 * Each row carries the turn around the quote (and the turn before) for the labeller; the stored labels keep
 * only the span.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Candidate } from "@/lib/extraction/schema";
import { relaunchUnderServerCondition } from "../bench/lib/harness";
import { buildMeeting, type Meeting } from "./eval-qmsum";
import { labelsByMeeting, matchLabel, readLabels } from "./lib/meeting-labels";
import { mulberry32 } from "@/lib/random";

function stratified(candidates: Candidate[], quota: number, random: () => number, fresh: boolean): Candidate[] {
  const strata = new Map<number, Candidate[]>();
  for (const c of candidates) {
    const stratum = fresh ? 0 : c.confidence;
    strata.set(stratum, [...(strata.get(stratum) ?? []), c]);
  }
  const pools = [...strata.values()].map((pool) => {
    for (let i = pool.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [pool[i], pool[j]] = [pool[j]!, pool[i]!];
    }
    return pool;
  });
  const out: Candidate[] = [];
  while (out.length < quota && pools.some((p) => p.length > 0)) {
    for (const pool of pools) if (out.length < quota && pool.length > 0) out.push(pool.pop()!);
  }
  return out.sort((a, b) => (a.start ?? 0) - (b.start ?? 0));
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const option = (name: string, fallback: number) =>
    args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback;
  const out = args[0];
  if (!out) throw new Error("usage: sample-meeting-candidates.ts OUT.jsonl [--per-meeting N] [--seed N]");
  const random = mulberry32(option("--seed", 10));
  const evalDir = process.env.SIFT_EVAL_DIR ?? path.resolve(import.meta.dirname, "../../shared/eval");
  const dir = path.join(evalDir, "qmsum/val");
  const fresh = args.includes("--fresh");
  const labels = labelsByMeeting(fresh ? readLabels() : []);
  const rows: string[] = [];
  const { parseEnv } = await import("@/lib/env");
  const { openLocalStore } = await import("@/lib/jobs/local-run");
  const store = await openLocalStore({ env: parseEnv({ ...process.env, SIFT_CHUNK_TOKENS: "3000" }) });
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()) {
    const meeting = JSON.parse(readFileSync(path.join(dir, file), "utf8")) as Meeting;
    const { text, segments } = buildMeeting(meeting);
    const participants = [...new Set(segments.flatMap((s) => (s.speaker ? [s.speaker] : [])))];
    const { candidates } = await store.extract({
      source: { title: file, origin: "paste", parsed: { format: "text", text, segments, participants } },
      preset: "meeting",
      mode: "offline",
    });
    const unlabelled = candidates.filter((c) => !matchLabel(labels.get(file), c.start ?? 0, c.end ?? 0));
    for (const c of stratified(unlabelled, option("--per-meeting", 14), random, fresh)) {
      const at = segments.findIndex((s) => s.start <= c.start! && c.start! < s.end);
      const row = {
        meeting: file,
        start: c.start,
        end: c.end,
        kind: c.kind,
        confidence: c.confidence,
        content: c.content,
        quote: c.quote,
        before: at > 0 ? `${segments[at - 1]!.speaker}: ${segments[at - 1]!.text.slice(-300)}` : "",
        turn: at >= 0 ? `${segments[at]!.speaker}: ${segments[at]!.text}` : "",
      };
      rows.push(JSON.stringify(row));
    }
  }
  await store.close();
  writeFileSync(out, rows.join("\n") + "\n");
  console.log(`${rows.length} candidates → ${out}`);
}

relaunchUnderServerCondition(import.meta.filename);
main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
