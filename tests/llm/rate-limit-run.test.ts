import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getApiRun } from "@/lib/api/runs";
import { claimRunForRetry } from "@/lib/db/runs";
import { parseEnv } from "@/lib/env";
import { executeExtractionRun } from "@/lib/jobs/extraction";
import { createQueuedRun } from "@/lib/jobs/start-extraction";
import { parseSource } from "@/lib/sources/parse";
import { createTestDb, truncateAll, type TestDb } from "@/tests/db";
import { startFakeOpenAI, type FakeOpenAI, type FakeOpenAIOptions } from "@/tests/fake-openai-server";

/**
 * A run as the server executes it (the job, the chain, the store) against a provider that rate limits: the
 * wait is on the run while it lasts, and a limit past the run's budget fails its chunks, keeps the rest, and
 * Retry finishes them.
 */

const TRANSCRIPT = Array.from({ length: 6 }, (_, i) => `Ann: We decided to ship part ${i} this week.`).join("\n");

let db: TestDb;
let fake: FakeOpenAI | undefined;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(async () => db?.close());
beforeEach(async () => truncateAll(db.prisma));
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function serve(options: FakeOpenAIOptions, budgetMs = 60_000) {
  fake = await startFakeOpenAI(options);
  // Each test's server is a new base URL, so a limiter of its own (lib/models limiterKey).
  return parseEnv({
    SIFT_LLM_BASE_URL: fake.url,
    SIFT_LLM_MODEL: "fake-model",
    SIFT_CHUNK_TOKENS: "20",
    SIFT_LLM_CONCURRENCY: "2",
    SIFT_LLM_RUN_BUDGET_MS: String(budgetMs),
  });
}

async function queue(env: ReturnType<typeof parseEnv>) {
  const { runId } = await createQueuedRun({
    db: db.prisma,
    env,
    source: { title: "Limits", origin: "paste", parsed: parseSource({ text: TRANSCRIPT, maxBytes: 1_000_000 }) },
    preset: "meeting",
    mode: "llm",
  });
  return runId;
}

describe("a run against a provider's rate limit", () => {
  it("says it is waiting while a chunk waits out a 429, then finishes every chunk", async () => {
    const env = await serve({ rateLimit: { requests: 2, windowMs: 1_500 } });
    const runId = await queue(env);
    const done = executeExtractionRun({ db: db.prisma, env, runId });
    await expect
      .poll(async () => (await getApiRun({ db: db.prisma, runId })).waiting?.text, { timeout: 10_000, interval: 50 })
      .toMatch(/^waiting [12] s: the provider's rate limit$/);
    await done;

    const run = await getApiRun({ db: db.prisma, runId });
    expect(run.status).toBe("succeeded");
    expect(run.chunksFailed).toBe(0);
    expect(run.chunksDone).toBe(run.chunksTotal);
    expect(run.chunksTotal).toBeGreaterThan(2);
    expect(run.waiting).toBeNull();
    expect(run.rateLimit?.hits).toBe(fake!.rateLimited);
    expect(run.rateLimit?.text).toMatch(/^waited \d+ s for the provider's rate limit \(\d+ × HTTP 429\)$/);
    expect(run.candidates).toBe(6);
  });

  it("fails the chunks a limit outlasts the budget for, keeps the rest, and Retry finishes them", async () => {
    // One request a minute, and a 429 asking for two: past the 5 s budget, so the chunks after the first fail.
    const limited = await serve({ rateLimit: { requests: 1, windowMs: 60_000, retryAfter: 120 } }, 5_000);
    const runId = await queue(limited);
    await executeExtractionRun({ db: db.prisma, env: limited, runId });
    const partial = await getApiRun({ db: db.prisma, runId });
    expect(partial.status).toBe("partial");
    expect(partial.chunksDone).toBe(1);
    expect(partial.error).toContain(
      "chunks failed: The model provider is still rate limiting requests (HTTP 429) past the run's time budget of 5 s",
    );
    const kept = partial.candidates;
    expect(kept).toBeGreaterThan(0);

    // The provider lets requests through again (a new endpoint, so a new limiter): Retry runs only the rest.
    await fake!.close();
    const free = await serve({}, 5_000);
    await claimRunForRetry({ db: db.prisma, runId });
    await executeExtractionRun({ db: db.prisma, env: free, runId });
    const retried = await getApiRun({ db: db.prisma, runId });
    expect(retried.status).toBe("succeeded");
    expect(retried.chunksDone).toBe(retried.chunksTotal);
    expect(retried.candidates).toBe(6);
    expect(fake!.requests).toHaveLength(retried.chunksTotal - 1);
  });
});
