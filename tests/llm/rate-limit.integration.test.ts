import { afterEach, describe, expect, it } from "vitest";
import { parseEnv } from "@/lib/env";
import { getPresetKinds } from "@/lib/extraction/kinds";
import { createLlmExtractor, type LlmExtractorOptions } from "@/lib/extraction/llm/extractor";
import { ProviderLimiter } from "@/lib/extraction/llm/rate-limit";
import type { ExtractionInput } from "@/lib/extraction/types";
import { resolveLanguageModel } from "@/lib/models/language-model";
import { resolveJudge } from "@/lib/models/matcher-models";
import { proposeCandidates } from "@/tests/chain/propose";
import { startFakeOpenAI, type FakeOpenAI, type FakeOpenAIOptions } from "@/tests/fake-openai-server";
import { transcriptOf } from "@/tests/transcript";

/**
 * The provider's limits over HTTP: the real @ai-sdk/openai-compatible provider against the fake server limiting
 * N requests per window (small windows, so nothing sleeps long), answering late, or asking for a wait past the
 * run's budget.
 */

let fake: FakeOpenAI | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function serve(options: FakeOpenAIOptions) {
  fake = await startFakeOpenAI(options);
  const resolved = resolveLanguageModel(parseEnv({ SIFT_LLM_BASE_URL: fake.url, SIFT_LLM_MODEL: "fake-model" }))!;
  const extractor = (extra: Partial<LlmExtractorOptions> = {}) =>
    createLlmExtractor({
      model: resolved.model,
      modelId: resolved.modelId,
      timeoutMs: 10_000,
      maxRetries: 2,
      ...extra,
    });
  return { fake, extractor };
}

function meeting(prefix: string, lines: number): ExtractionInput {
  const turns = Array.from({ length: lines }, (_, i): [string, string] => [
    i % 2 ? "Bo" : "Ann",
    `${prefix} item ${i}: we decided to ship part ${i}.`,
  ]);
  return { ...transcriptOf(turns), kinds: getPresetKinds("meeting"), sourceDate: "2024-05-06" };
}

describe("the provider's rate limit, shared", () => {
  it("finishes every chunk of two concurrent runs against a limit of 2 requests per 400 ms, no Retry", async () => {
    const windowMs = 400;
    const { fake, extractor } = await serve({ rateLimit: { requests: 2, windowMs, retryAfter: "ms" } });
    // The two runs' extractors share the provider's limiter, as extractorForRun gives them (lib/models).
    const limiter = new ProviderLimiter(3);
    const waits: number[] = [];
    const runs = await Promise.all(
      ["first", "second"].map((name) =>
        proposeCandidates({
          extractor: extractor({ limiter, onRateLimitWait: (ms) => waits.push(ms) }),
          input: meeting(name, 4),
          tokenBudget: 15,
          concurrency: 3,
        }),
      ),
    );

    for (const run of runs) {
      expect(run.status).toBe("succeeded");
      expect(run.chunks.map((c) => c.status)).toEqual(run.chunks.map(() => "succeeded"));
    }
    const chunks = runs.flatMap((r) => r.chunks);
    expect(chunks.length).toBeGreaterThanOrEqual(6);
    expect(fake.requests).toHaveLength(chunks.length); // each chunk admitted once: nothing was asked twice
    expect(fake.rateLimited).toBeGreaterThan(0); // the limit was met, and waited out
    // What the chunks' log entries say: the 429s each met and the time it waited.
    const hits = chunks.reduce((n, c) => n + (c.rateLimit?.hits ?? 0), 0);
    expect(hits).toBe(fake.rateLimited);
    expect(chunks.some((c) => (c.rateLimit?.waitedMs ?? 0) > 0)).toBe(true);
    expect(waits.length).toBeGreaterThan(0);
    // After the 429s the bound was lowered for both runs at once.
    expect(limiter.limit).toBeLessThan(3);
    expect(runs.flatMap((r) => r.candidates.map((c) => c.quote))).toHaveLength(8);
  });

  it("waits out a 1 s Retry-After in whole seconds, as real providers send it", async () => {
    const { fake, extractor } = await serve({ rateLimit: { requests: 1, windowMs: 300 } });
    const began = Date.now();
    const run = await proposeCandidates({
      extractor: extractor(),
      input: meeting("solo", 2),
      tokenBudget: 15,
      concurrency: 2,
    });
    expect(run.status).toBe("succeeded");
    expect(fake.rateLimited).toBe(1);
    expect(Date.now() - began).toBeGreaterThanOrEqual(1_000);
    expect(run.chunks.find((c) => c.rateLimit)?.rateLimit?.hits).toBe(1);
  });

  it("fails clearly past the run's time budget and keeps what was extracted (the rest is retryable)", async () => {
    // One request a minute, and a 429 that asks for two: past a 5 s budget, so no chunk waits in vain.
    const { fake, extractor } = await serve({ rateLimit: { requests: 1, windowMs: 60_000, retryAfter: 120 } });
    const run = await proposeCandidates({
      extractor: extractor({ runBudgetMs: 5_000 }),
      input: meeting("budget", 3),
      tokenBudget: 15,
      concurrency: 1,
    });
    expect(run.status).toBe("partial");
    expect(run.chunks[0]!.status).toBe("succeeded");
    const failed = run.chunks.slice(1);
    expect(failed.map((c) => c.status)).toEqual(failed.map(() => "failed"));
    for (const chunk of failed) {
      expect(chunk.error).toBe(
        "The model provider is still rate limiting requests (HTTP 429) past the run's time budget of 5 s " +
          "(SIFT_LLM_RUN_BUDGET_MS): what was extracted is kept; Retry runs the rest",
      );
    }
    // The first chunk's facts are kept; the second met the 429, the third the pause it set, and neither waited.
    expect(run.candidates.map((c) => c.quote)).toEqual(["budget item 0: we decided to ship part 0."]);
    expect(fake.rateLimited).toBe(1);
  });
});

describe("the matcher's judge", () => {
  it("goes through the provider's limiter: five judgments at once, 1 request per 200 ms, all answer", async () => {
    fake = await startFakeOpenAI({
      rateLimit: { requests: 1, windowMs: 200, retryAfter: "ms" },
      respond: () => ({ content: JSON.stringify({ verdict: "related", reason: "Same subject." }) }),
    });
    const judge = resolveJudge(parseEnv({ SIFT_LLM_BASE_URL: fake.url, SIFT_LLM_MODEL: "fake-model" }))!;
    const verdicts = await Promise.all([1, 2, 3, 4, 5].map((i) => judge(`Statement ${i}`, "Another statement")));
    // Without the shared limiter each call retried on its own, twice, and the last ones fell back to words only.
    expect(verdicts.map((v) => v?.verdict)).toEqual(["related", "related", "related", "related", "related"]);
    expect(fake.rateLimited).toBeGreaterThan(0);
  });
});

describe("slow answers", () => {
  it("sends a request that timed out once more, and keeps the retry's answer", async () => {
    const { fake, extractor } = await serve({
      respond: (request, n) => (n === 1 ? { after: 1_000, reply: { facts: [] } } : { facts: [] }),
    });
    const run = await proposeCandidates({
      extractor: extractor({ timeoutMs: 200 }),
      input: meeting("slow", 1),
      tokenBudget: 100,
      concurrency: 1,
    });
    expect(run.status).toBe("succeeded");
    expect(run.chunks[0]!.attempts).toBe(2);
    expect(fake.requests).toHaveLength(2);
  });
});
