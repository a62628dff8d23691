import { afterEach, describe, expect, it } from "vitest";
import { parseEnv } from "@/lib/env";
import { getPresetKinds } from "@/lib/extraction/kinds";
import { createLlmExtractor } from "@/lib/extraction/llm/extractor";
import type { ExtractionInput } from "@/lib/extraction/types";
import { resolveLanguageModel } from "@/lib/models/language-model";
import { proposeCandidates } from "@/tests/chain/propose";
import { startFakeOpenAI, type AnthropicBody, type FakeOpenAI } from "@/tests/fake-openai-server";
import { transcriptOf } from "@/tests/transcript";

/**
 * The real @ai-sdk/anthropic provider over HTTP against the fake server's Messages API (issue 26 item 7): the
 * stable system prefix goes marked for the prompt cache, and the cache tokens the provider reports are counted.
 */
let fake: FakeOpenAI | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const API_KEY = "sk-ant-test-DO-NOT-LEAK";
const input: ExtractionInput = {
  ...transcriptOf([
    ["Ann", "After a long debate we decided to drop the Android beta."],
    ["Bo", "The security review must finish before launch."],
    ["Cy", "Lee will draft the customer email by Thursday."],
  ]),
  kinds: getPresetKinds("meeting"),
  sourceDate: "2024-05-06",
};

describe("LLM extraction over HTTP (anthropic → fake Messages API)", () => {
  it("marks the system prefix for the cache and counts the cache tokens reported", async () => {
    fake = await startFakeOpenAI({ apiKey: API_KEY });
    const resolved = resolveLanguageModel(
      parseEnv({
        SIFT_LLM_PROVIDER: "anthropic",
        SIFT_LLM_BASE_URL: fake.url,
        SIFT_LLM_MODEL: "claude-haiku-4-5",
        SIFT_LLM_API_KEY: API_KEY,
      }),
    )!;
    const extractor = createLlmExtractor({ ...resolved, timeoutMs: 10_000, maxRetries: 0 });
    // One chunk per turn, one at a time: the first request writes the cache, the next two read it.
    const result = await proposeCandidates({ extractor, input, tokenBudget: 20, concurrency: 1 });

    expect(result.status).toBe("succeeded");
    expect(result.candidates.filter((c) => c.supported).map((c) => c.kind)).toEqual([
      "decision",
      "constraint",
      "action_item",
    ]);
    expect(fake.requests).toHaveLength(3);
    const bodies = fake.requests.map((r) => r.body as AnthropicBody);
    for (const body of bodies) {
      expect(body.system).toEqual([
        { type: "text", text: expect.stringContaining("- decision: "), cache_control: { type: "ephemeral" } },
      ]);
    }
    // The date and the chunk are not in the cached prefix: it is the same for every chunk.
    const prefix = fake.requests[0]!.system;
    expect(prefix).not.toContain("2024-05-06");
    expect(fake.requests.every((r) => r.system === prefix)).toBe(true);

    const prefixTokens = Math.ceil(prefix.length / 4);
    expect(result.usage.cacheWriteTokens).toBe(prefixTokens);
    expect(result.usage.cacheReadTokens).toBe(2 * prefixTokens);
    // Cached tokens are part of the prompt tokens, as the provider bills them.
    const sent = fake.requests.reduce((n, r) => n + Math.ceil((r.system.length + r.userMessage.length) / 4), 0);
    expect(result.usage.inputTokens).toBe(sent);
  });
});
