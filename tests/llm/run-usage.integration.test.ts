import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { toApiRun } from "@/lib/api/runs";
import { getRunProgress } from "@/lib/db/runs";
import { parseEnv } from "@/lib/env";
import { maxOutputTokens } from "@/lib/extraction/llm/extractor";
import { formatRunUsage } from "@/lib/format";
import { executeExtractionRun } from "@/lib/jobs/extraction";
import { createQueuedRun } from "@/lib/jobs/start-extraction";
import { costOfUsage } from "@/lib/models/cost";
import { parseSource } from "@/lib/sources/parse";
import { createTestDb, truncateAll, type TestDb } from "@/tests/db";
import { isJudgeRequest, startFakeOpenAI, type FakeOpenAI, type FakeRequest } from "@/tests/fake-openai-server";

/**
 * Every call counted (issue 26 item 6): a run down the real chain (the LLM extractor and the matcher's judge
 * through @ai-sdk/openai-compatible against the fake server), on PGlite or on PostgreSQL with TEST_DATABASE_URL.
 */
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

/** The fake's prompt_tokens for a request: ceil(chars / 4) of what it was sent. */
const promptTokens = (r: FakeRequest) => Math.ceil((r.system.length + r.userMessage.length) / 4);

async function run(text: string, vars: Record<string, string>) {
  fake = await startFakeOpenAI();
  const env = parseEnv({
    SIFT_LLM_BASE_URL: fake.url,
    SIFT_LLM_MODEL: "fake-model",
    SIFT_LLM_PRICE_PER_MTOK: "1/4",
    SIFT_CHUNK_TOKENS: "1000",
    ...vars,
  });
  const { runId } = await createQueuedRun({
    db: db.prisma,
    env,
    source: { title: "Usage", origin: "paste", parsed: parseSource({ text, maxBytes: 1_000_000 }) },
    preset: "meeting",
    mode: "llm",
  });
  await executeExtractionRun({ db: db.prisma, env, runId, standalone: true });
  const progress = (await getRunProgress({ db: db.prisma, runId }))!;
  return { progress, env, requests: fake.requests };
}

describe("a run's tokens and cost", () => {
  it("count the matcher's LLM judge calls with the chunks' requests", async () => {
    // Two commitments alike enough for the judge's band (lexical score ~0.35), in one chunk.
    const text = ["Ann: Lee will draft the customer email by Thursday.", "Cy: Lee will write the email to customers."];
    const { progress, env, requests } = await run(text.join("\n"), {});

    const judged = requests.filter(isJudgeRequest);
    expect(judged.length).toBeGreaterThan(0);
    const extraction = requests.filter((r) => !isJudgeRequest(r));
    expect(progress.status).toBe("succeeded");
    // The run's prompt tokens are every request's, as the provider reported them: the judge's included.
    expect(progress.inputTokens).toBe(requests.reduce((n, r) => n + promptTokens(r), 0));
    expect(progress.inputTokens).toBeGreaterThan(extraction.reduce((n, r) => n + promptTokens(r), 0));
    expect(progress.usageEstimated).toBe(false);
    const usage = { inputTokens: progress.inputTokens!, outputTokens: progress.outputTokens! };
    expect(progress.costUsd).toBeCloseTo(costOfUsage(usage, env.SIFT_LLM_PRICE_PER_MTOK)!, 12);
    expect(toApiRun(progress)).toMatchObject({ usageEstimated: false, costUsd: progress.costUsd });
  });

  it("count a timed-out request at an estimate, marked as one on the run, the API and the pages", async () => {
    const { progress, requests } = await run("Ann: We decided to ship on Friday. [[HANG]]", {
      SIFT_LLM_TIMEOUT_MS: "300",
    });

    expect(progress.status).toBe("failed");
    expect(requests.length).toBeGreaterThan(0);
    // Never answered, so never reported: the prompt counted from the request (schema included, so at least what
    // the fake would have counted) and the whole max_tokens it was allowed, per request sent.
    expect(progress.outputTokens).toBe(requests.length * maxOutputTokens());
    expect(progress.inputTokens).toBeGreaterThanOrEqual(requests.reduce((n, r) => n + promptTokens(r), 0));
    expect(progress.usageEstimated).toBe(true);
    expect(progress.costUsd).toBeGreaterThan(0);
    expect(toApiRun(progress).usageEstimated).toBe(true);
    expect(formatRunUsage(progress)).toMatch(/ out tokens · \$[\d.]+ \(estimated\)$/);
  });
});
