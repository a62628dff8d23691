/**
 * A 40k-word meeting through the real chain (lib/jobs/local-run.ts: PGlite in memory, the job, the chain, the
 * store, as `sift extract` runs it) with the LLM extractor against the fake OpenAI-compatible server limiting at
 * 6 requests per 10 s (429 + Retry-After in whole seconds, as OpenAI and Anthropic send it), each answer taking
 * --latency ms. Reports the chunks, the chunks failed (the target is 0, with no Retry), the 429s the provider sent,
 * the requests admitted, and the wall time against the ideal for the limit.
 *   npx tsx bench/llm-rate-limit.ts [--words 40000] [--requests 6] [--window 10] [--latency 1000] [--concurrency 3]
 *     [--retry-after seconds|ms|none] [--runs 1]
 * --runs N extracts N different meetings of that size at once, in one process.
 * --retry-after none is a provider (or proxy, or local server) whose 429 names no wait.
 * The meeting is tests/long-transcript.ts's deterministic one, cut at --words. Prints one JSON line at the end.
 */
import { arg, relaunchUnderServerCondition } from "./lib/harness";

// The judge's failures against the fake server (it answers a judge request with facts) would flood the output.
process.env.SIFT_LOG_LEVEL ??= "silent";
relaunchUnderServerCondition(import.meta.filename);

const { parseEnv } = await import("@/lib/env");
const { openLocalStore } = await import("@/lib/jobs/local-run");
const { parseSource } = await import("@/lib/sources/parse");
const { startFakeOpenAI } = await import("@/tests/fake-openai-server");
const { longTranscript } = await import("@/tests/long-transcript");

const words = Number(arg("words", "40000"));
const requests = Number(arg("requests", "6"));
const windowS = Number(arg("window", "10"));
const latencyMs = Number(arg("latency", "1000"));
const concurrency = arg("concurrency", "3");
const retryAfter = arg("retry-after", "seconds") as "seconds" | "ms" | "none";
const runs = Number(arg("runs", "1"));

function meeting(wordCount: number, seed: number): string {
  const lines = longTranscript(Math.ceil(wordCount / 8), seed).split("\n");
  const kept: string[] = [];
  let n = 0;
  for (const line of lines) {
    if (n >= wordCount) break;
    kept.push(line);
    n += line.split(/\s+/).length;
  }
  return kept.join("\n");
}

const fake = await startFakeOpenAI({
  rateLimit: { requests, windowMs: windowS * 1_000, retryAfter },
  latencyMs,
});
const env = parseEnv({
  SIFT_LLM_BASE_URL: fake.url,
  SIFT_LLM_MODEL: "fake-model",
  SIFT_LLM_CONCURRENCY: concurrency,
});
const store = await openLocalStore({ env });
const waits: number[] = [];
const began = performance.now();
try {
  // --runs meetings at once, in one process: they share the provider's limit (and, after the change, its limiter).
  const finished = await Promise.all(
    Array.from({ length: runs }, (_, i) =>
      store.extract({
        source: {
          title: `Rate limit bench ${i + 1}`,
          origin: "paste",
          parsed: parseSource({ text: meeting(words, 7 + i), maxBytes: 10_000_000 }),
        },
        preset: "meeting",
        mode: "llm",
        // Older code ignores the option (the "before" figures run this script against it).
        onRateLimitWait: (ms: number) => waits.push(ms),
      } as Parameters<typeof store.extract>[0]),
    ),
  );
  const wallMs = performance.now() - began;
  const progress = finished.map((r) => r.progress);
  const log = progress.flatMap((p) => p.chunkLog ?? []);
  const judge = fake.requests.filter((r) => r.system.startsWith("Compare two statements")).length;
  // The best any client can do with the requests it made: `requests` admitted per window, the last batch
  // answering after the latency (the chain's own work, about 40 s for one meeting here, comes on top of neither).
  const idealMs = (Math.ceil(fake.requests.length / requests) - 1) * windowS * 1_000 + latencyMs;
  const sum = (f: (p: (typeof progress)[number]) => number | null) => progress.reduce((n, p) => n + (f(p) ?? 0), 0);
  const result = {
    runs,
    wordsPerRun: words,
    retryAfter,
    latencyMs,
    chunks: sum((p) => p.chunksTotal),
    chunksFailed: sum((p) => p.chunksFailed),
    statuses: progress.map((p) => p.status),
    firstError: log.find((e) => e.status === "failed")?.error ?? null,
    http429: fake.rateLimited,
    requestsAdmitted: fake.requests.length,
    judgeRequests: judge,
    attempts: log.reduce((n, e) => n + e.attempts, 0),
    waitsShown: waits.length,
    candidates: finished.reduce((n, r) => n + r.candidates.length, 0),
    inputTokens: sum((p) => p.inputTokens),
    outputTokens: sum((p) => p.outputTokens),
    wallS: Number((wallMs / 1000).toFixed(1)),
    idealS: Number((idealMs / 1000).toFixed(1)),
  };
  console.log(
    `${runs} × ${words} words, ${result.chunks} chunks, ${result.chunksFailed} failed ` +
      `(${result.statuses.join(", ")}), ` +
      `${result.http429} × 429, ${result.requestsAdmitted} requests admitted (${judge} judge), ` +
      `${result.wallS} s wall (ideal ${result.idealS} s at ${requests}/${windowS} s)`,
  );
  if (result.firstError) console.log(`first failure: ${result.firstError}`);
  console.log(JSON.stringify(result));
} finally {
  await store.close();
  await fake.close();
}
