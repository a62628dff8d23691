/**
 * What a model run costs beyond the transcript, issue 26 item 7: a ~40k-word meeting (the six meetings of
 * ../shared/eval/meetings as "Speaker: text" lines, strung together until 40,000 words, so deterministic) down
 * the real chain (createQueuedRun + executeExtractionRun, the LLM extractor through @ai-sdk/openai-compatible,
 * the matcher's LLM judge) against the local fake server, which answers every request after --delay ms.
 * Reports prompt tokens / transcript tokens (the fake counts ceil(chars / 4), the transcript the same way),
 * wall time / ideal (ideal: ceil(extraction requests / concurrency) × delay, the time the model alone needs),
 * judge calls, total tokens and cost at SIFT_LLM_PRICE_PER_MTOK (default here 1/4 $ per Mtok in/out).
 *   npx tsx bench/llm-overhead.ts [--db pglite|postgres] [--words 40000] [--delay 1000] [--concurrency 3]
 *     [--model gpt-4.1-mini]
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { arg, forEachBenchDatabase, relaunchUnderServerCondition } from "./lib/harness";

relaunchUnderServerCondition(import.meta.filename);

const { startFakeOpenAI, defaultReply } = await import("@/tests/fake-openai-server");
type FakeFact = import("@/tests/fake-openai-server").FakeFact;
const TRIGGERS = /\b(we'll|I'll|going to|agreed|need to|should)\b/gi;
const MARK = "will\u2063 ";
const { parseSource } = await import("@/lib/sources/parse");

const WORDS = Number(arg("words", "40000"));
const DELAY_MS = Number(arg("delay", "1000"));
const CONCURRENCY = Number(arg("concurrency", "3"));
const MEETINGS = path.resolve(import.meta.dirname, "..", "..", "..", "shared", "eval", "meetings");

/** The meetings as "Speaker: text" lines (VTT and plain alike), repeated in file order until `words` words. */
function meetingText(words: number): string {
  const files = readdirSync(MEETINGS)
    .filter((f) => /\.(txt|vtt)$/.test(f) && !f.startsWith("README"))
    .sort();
  const lines = files.flatMap((f) => {
    const parsed = parseSource({ text: readFileSync(path.join(MEETINGS, f), "utf8"), maxBytes: 10 * 1024 * 1024 });
    return parsed.segments.map((s) => `${s.speaker ?? "Someone"}: ${s.text.replace(/\s+/g, " ").trim()}`);
  });
  const out: string[] = [];
  let count = 0;
  for (let i = 0; count < words; i++) {
    const line = lines[i % lines.length]!;
    out.push(line);
    count += line.split(/\s+/).length;
  }
  return out.join("\n");
}

const text = meetingText(WORDS);
let judgeCalls = 0;
let extractCalls = 0;
const fake = await startFakeOpenAI({
  respond: async (request) => {
    await new Promise((resolve) => setTimeout(resolve, DELAY_MS));
    // The matcher's judge (lib/models/matcher-models.ts) gets a verdict; everything else the default facts.
    if (request.system.startsWith("Compare two statements")) {
      judgeCalls++;
      if (process.env.BENCH_TRACE) console.log(`judge ${judgeCalls} at ${(performance.now() / 1000).toFixed(1)} s`);
      return { content: JSON.stringify({ verdict: "related", reason: "Same subject, different claims." }) };
    }
    extractCalls++;
    if (process.env.BENCH_TRACE) console.log(`request ${extractCalls} at ${(performance.now() / 1000).toFixed(1)} s`);
    // A fact per sentence saying what someone decided, will do or must: the fake's trigger words plus the ways
    // these meetings say it. The marker makes the fake's rule fire and is taken out of quote and content again.
    const reply = defaultReply({ ...request, user: request.user.replace(TRIGGERS, `${MARK}$1`) });
    if (!("facts" in reply)) return reply;
    const clean = (s: string) => s.replaceAll(MARK, "");
    return {
      facts: (reply.facts as FakeFact[]).map((f) => ({ ...f, quote: clean(f.quote), content: clean(f.content) })),
    };
  },
});

process.env.SIFT_LLM_PROVIDER = "openai-compatible";
process.env.SIFT_LLM_BASE_URL = fake.url;
process.env.SIFT_LLM_MODEL = arg("model", "gpt-4.1-mini");
process.env.SIFT_LLM_CONCURRENCY = String(CONCURRENCY);
process.env.SIFT_LLM_PRICE_PER_MTOK ??= "1/4";
const { getEnv } = await import("@/lib/env");
const { executeExtractionRun } = await import("@/lib/jobs/extraction");
const { createQueuedRun } = await import("@/lib/jobs/start-extraction");
const { getRunProgress } = await import("@/lib/db/runs");

try {
  await forEachBenchDatabase(arg("db", "pglite"), async (opened, label) => {
    const db = opened.prisma;
    judgeCalls = 0;
    extractCalls = 0;
    fake.requests.length = 0;
    const env = getEnv();
    const parsed = parseSource({ text, maxBytes: 10 * 1024 * 1024 });
    const { runId } = await createQueuedRun({
      db,
      env,
      source: { title: "LLM overhead bench", origin: "paste", parsed },
      preset: "meeting",
      mode: "llm",
    });
    const t = performance.now();
    if (process.env.BENCH_TRACE) console.log(`run starts at ${(t / 1000).toFixed(1)} s`);
    // CPU time too: the review of each chunk (grounding, the sentence encoder, PGlite) runs on this thread.
    const cpu = process.cpuUsage();
    await executeExtractionRun({ db, env, runId, standalone: true });
    const wallMs = performance.now() - t;
    const used = process.cpuUsage(cpu);
    const p = await getRunProgress({ db, runId });
    const extraction = fake.requests.filter((r) => !r.system.startsWith("Compare two statements"));
    const promptTokens = extraction.reduce(
      (sum, r) => sum + Math.ceil((r.system.length + r.userMessage.length) / 4),
      0,
    );
    const transcriptTokens = Math.ceil(parsed.text.length / 4);
    const idealMs = Math.ceil(extractCalls / CONCURRENCY) * DELAY_MS;
    const candidates = await db.candidate.count({ where: { runId } });
    console.log(
      [
        `${label}, ${WORDS} words (${transcriptTokens} transcript tokens), model ${env.SIFT_LLM_MODEL}, ` +
          `concurrency ${CONCURRENCY}, ${DELAY_MS} ms per request`,
        `  run ${p?.status}: ${p?.chunksTotal} chunks, ${extractCalls} extraction requests, ` +
          `${judgeCalls} judge calls, ${candidates} candidates, ` +
          `${(p?.chunkLog ?? []).reduce((n, e) => n + (e.refused?.length ?? 0), 0)} refused`,
        `  prompt tokens / transcript tokens: ${promptTokens} / ${transcriptTokens} = ` +
          `${(promptTokens / transcriptTokens).toFixed(2)}x (target <= 1.15x)`,
        `  wall time / ideal: ${(wallMs / 1000).toFixed(1)} s / ${(idealMs / 1000).toFixed(1)} s = ` +
          `${(wallMs / idealMs).toFixed(2)}x (target <= 1.2x); this process's CPU ` +
          `${((used.user + used.system) / 1000 / 1000).toFixed(1)} s; judge calls one after another ` +
          `${((judgeCalls * DELAY_MS) / 1000).toFixed(1)} s`,
        `  run's tokens: ${p?.inputTokens} in / ${p?.outputTokens} out; ` +
          `cost $${p?.costUsd?.toFixed(4)} at ${process.env.SIFT_LLM_PRICE_PER_MTOK} $/Mtok`,
      ].join("\n"),
    );
  });
} finally {
  await fake.close();
}
