/**
 * Content-match eval of the offline extractor on LoCoMo dev sessions (metric as in
 * ../shared/eval/README.md), each session down the app's chain (lib/chain) into a store in memory, as
 * `sift extract` runs it. Usage: npx tsx scripts/eval-locomo.ts [--limit N] [--verbose]
 * Held-out folds (leave one conversation out): scripts/eval-locomo-cv.ts.
 * The data is read in place (license forbids copying it into the repo); SIFT_EVAL_DIR overrides.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { StoredCandidate } from "@/lib/db/candidates";
import type { Extractor } from "@/lib/extraction/types";
import type { Segment } from "@/lib/sources/schema";
import { relaunchUnderServerCondition } from "../bench/lib/harness";

interface Turn {
  speaker: string;
  dia_id: string;
  text: string;
}
export interface Session {
  sample_id: string;
  session: number;
  turns: Turn[];
  gold_observations_llm_generated: { speaker: string; text: string; evidence: string }[];
}
interface ScoredCandidate {
  content: string;
  start: number | null;
  end: number | null;
}

// Common English stop words (NLTK's list). Tokens keep apostrophes ("i'm", "caroline's"): with this
// tokenization the README's whole-turn baseline is reproduced (0.390 vs 0.388).
const STOP = new Set(
  (
    "i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers herself " +
    "it its itself they them their theirs themselves what which who whom this that these those am is are was were be " +
    "been being have has had having do does did doing a an the and but if or because as until while of at by for " +
    "with about against between into through during before after above below to from up down in out on off over " +
    "under again further then once here there when where why how all any both each few more most other some such no " +
    "nor not only own same so than too very s t can will just don should now d ll m o re ve y ain aren couldn didn " +
    "doesn hadn hasn haven isn ma mightn mustn needn shan shouldn wasn weren won wouldn"
  ).split(" "),
);

export function contentTokens(text: string): string[] {
  return (text.toLowerCase().match(/[a-z0-9']+/g) ?? []).filter((t) => !STOP.has(t));
}

export function tokenF1(a: string[], b: string[]): number {
  if (a.length === 0 || b.length === 0) return 0;
  const counts = new Map<string, number>();
  for (const t of b) counts.set(t, (counts.get(t) ?? 0) + 1);
  let common = 0;
  for (const t of a) {
    const c = counts.get(t) ?? 0;
    if (c > 0) {
      common++;
      counts.set(t, c - 1);
    }
  }
  if (common === 0) return 0;
  const p = common / a.length;
  const r = common / b.length;
  return (2 * p * r) / (p + r);
}

/** Builds the transcript text and one segment per turn, `Speaker: text`, offsets exact. */
export function buildTranscript(turns: Turn[]): {
  text: string;
  segments: Segment[];
  turnSpans: Map<string, [number, number]>;
} {
  let text = "";
  const segments: Segment[] = [];
  const turnSpans = new Map<string, [number, number]>();
  for (const turn of turns) {
    if (text.length > 0) text += "\n";
    const lineStart = text.length;
    text += `${turn.speaker}: `;
    const start = text.length;
    text += turn.text;
    segments.push({ speaker: turn.speaker, startMs: null, endMs: null, text: turn.text, start, end: text.length });
    turnSpans.set(turn.dia_id, [lineStart, text.length]);
  }
  return { text, segments, turnSpans };
}

export interface Tally {
  candidates: number;
  candidatesHit: number;
  gold: number;
  goldFound: number;
}

export function scoreSession(
  session: Session,
  turnSpans: Map<string, [number, number]>,
  candidates: ScoredCandidate[],
  tally: Tally,
): void {
  const candTokens = candidates.map((c) => contentTokens(c.content));
  const hit = new Array<boolean>(candidates.length).fill(false);
  for (const obs of session.gold_observations_llm_generated) {
    tally.gold++;
    const span = turnSpans.get(obs.evidence);
    if (!span) continue;
    const goldTokens = contentTokens(obs.text);
    let found = false;
    candidates.forEach((c, i) => {
      if (c.start === null || c.end === null || c.start < span[0] || c.end > span[1]) return;
      if (tokenF1(candTokens[i]!, goldTokens) >= 0.3) {
        found = true;
        hit[i] = true;
      }
    });
    if (found) tally.goldFound++;
  }
  tally.candidates += candidates.length;
  tally.candidatesHit += hit.filter(Boolean).length;
}

// A turn that is only a greeting/thanks/bye, e.g. "Hey Mel! Good to see you!" or "Thanks, bye!".
const GREETING_ONLY =
  /^(?:(?:hey|hi|hello|thanks|thank you|bye|see you|talk soon|good to see you)\b[^.!?]*[.!?]*\s*)+$/i;

/** The README's reference: each turn that passes a simple length/greeting filter is one fact. */
function baselineCandidates(segments: Segment[]): ScoredCandidate[] {
  return segments
    .filter((s) => s.text.trim().split(/\s+/).length >= 3 && !GREETING_ONLY.test(s.text.trim()))
    .map((s) => ({ content: s.text, start: s.start, end: s.end }));
}

export function report(name: string, t: Tally): void {
  const p = t.candidates ? t.candidatesHit / t.candidates : 0;
  const r = t.gold ? t.goldFound / t.gold : 0;
  const f1 = p + r ? (2 * p * r) / (p + r) : 0;
  console.log(
    `${name.padEnd(9)} P ${p.toFixed(3)}  R ${r.toFixed(3)}  F1 ${f1.toFixed(3)}  ` +
      `(candidates ${t.candidates}, hit ${t.candidatesHit}; gold ${t.gold}, found ${t.goldFound})`,
  );
}

export function readSessions(file: string): Session[] {
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Session);
}

/**
 * Each session as a source of its own, down the chain into one store in memory (one server holding them),
 * personal preset; `extractor` instead of the offline one the payload names (a tuned one, for the folds).
 */
export async function runSessions(sessions: Session[], extractor?: Extractor) {
  // Imported here: other scripts use this file's helpers without the server's modules.
  const { parseEnv } = await import("@/lib/env");
  const { openLocalStore } = await import("@/lib/jobs/local-run");
  const store = await openLocalStore({ env: parseEnv({ ...process.env, SIFT_CHUNK_TOKENS: "3000" }) });
  const out: Array<{ session: Session; turnSpans: Map<string, [number, number]>; candidates: StoredCandidate[] }> = [];
  try {
    for (const session of sessions) {
      const { text, segments, turnSpans } = buildTranscript(session.turns);
      const participants = [...new Set(session.turns.map((t) => t.speaker))];
      const { candidates } = await store.extract({
        source: {
          title: `${session.sample_id} session ${session.session}`,
          origin: "paste",
          parsed: { format: "text", text, segments, participants },
        },
        preset: "personal",
        mode: "offline",
        ...(extractor ? { extractor } : {}),
      });
      out.push({ session, turnSpans, candidates });
    }
  } finally {
    await store.close();
  }
  return out;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const limitAt = args.indexOf("--limit");
  const limit = limitAt >= 0 ? Number(args[limitAt + 1]) : Infinity;
  const evalDir = process.env.SIFT_EVAL_DIR ?? path.resolve(import.meta.dirname, "../../shared/eval");
  const file = path.join(evalDir, "locomo/dev-sessions.jsonl");
  const sessions = readSessions(file).slice(0, limit);

  const offline: Tally = { candidates: 0, candidatesHit: 0, gold: 0, goldFound: 0 };
  const baseline: Tally = { candidates: 0, candidatesHit: 0, gold: 0, goldFound: 0 };
  for (const { session, turnSpans, candidates } of await runSessions(sessions)) {
    scoreSession(session, turnSpans, baselineCandidates(buildTranscript(session.turns).segments), baseline);
    if (args.includes("--verbose")) for (const c of candidates) console.log(`[${c.kind}] ${c.content}  <= ${c.quote}`);
    scoreSession(session, turnSpans, candidates, offline);
  }
  console.log(`LoCoMo dev: ${sessions.length} sessions`);
  report("baseline", baseline);
  report("offline", offline);
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  relaunchUnderServerCondition(import.meta.filename);
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
