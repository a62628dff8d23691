import { describe, expect, it } from "vitest";
import { parseEnv } from "@/lib/env";
import { chunkTokensFor, contextTokens } from "@/lib/models/context";

describe("a run's chunk size", () => {
  it("is 12k tokens for a model known to have a large context, 3k for any other and for the offline extractor", () => {
    const env = parseEnv({});
    expect(chunkTokensFor(env, "openai:gpt-4.1-mini")).toBe(12_000);
    expect(chunkTokensFor(env, "anthropic:claude-haiku-4-5")).toBe(12_000);
    expect(chunkTokensFor(env, "openai-compatible:openai/gpt-4o-mini")).toBe(12_000);
    // A local model's window is whatever its server was started with: only the operator knows it.
    expect(chunkTokensFor(env, "openai-compatible:llama3.1:8b")).toBe(3_000);
    expect(chunkTokensFor(env, null)).toBe(3_000);
  });

  it("follows SIFT_LLM_CONTEXT_TOKENS for the model's window, and SIFT_CHUNK_TOKENS over everything", () => {
    expect(chunkTokensFor(parseEnv({ SIFT_LLM_CONTEXT_TOKENS: "131072" }), "openai-compatible:llama3.1:8b")).toBe(
      12_000,
    );
    expect(chunkTokensFor(parseEnv({ SIFT_LLM_CONTEXT_TOKENS: "8192" }), "openai:gpt-4.1-mini")).toBe(3_000);
    expect(chunkTokensFor(parseEnv({ SIFT_CHUNK_TOKENS: "500" }), "openai:gpt-4.1-mini")).toBe(500);
    expect(contextTokens("openai:gpt-4o")).toBe(128_000);
    expect(contextTokens("openai-compatible:mistral")).toBeUndefined();
  });
});
