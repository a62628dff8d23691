import { describe, expect, it } from "vitest";
import { parseEnv } from "@/lib/env";
import { costOfUsage } from "@/lib/models/cost";

describe("a run's cost", () => {
  it("prices input and output tokens at SIFT_LLM_PRICE_PER_MTOK (dollars per million)", () => {
    const price = parseEnv({ SIFT_LLM_PRICE_PER_MTOK: "2.5/10" }).SIFT_LLM_PRICE_PER_MTOK;
    // Cache reads and writes at the input price unless priced apart: never understated.
    expect(price).toEqual({ input: 2.5, output: 10, cacheRead: 2.5, cacheWrite: 2.5 });
    expect(costOfUsage({ inputTokens: 12_000, outputTokens: 1_500 }, price)).toBeCloseTo(0.045, 10);
  });

  it("prices cache reads and writes at their own rate, and embedding tokens at theirs", () => {
    const price = parseEnv({ SIFT_LLM_PRICE_PER_MTOK: "1/5/0.1/1.25" }).SIFT_LLM_PRICE_PER_MTOK;
    expect(price).toEqual({ input: 1, output: 5, cacheRead: 0.1, cacheWrite: 1.25 });
    // 10,000 in of which 6,000 read and 1,000 written: 3,000 × 1 + 6,000 × 0.1 + 1,000 × 1.25 + 500 × 5.
    const usage = { inputTokens: 10_000, outputTokens: 500, cacheReadTokens: 6_000, cacheWriteTokens: 1_000 };
    expect(costOfUsage(usage, price)).toBeCloseTo(0.00735, 10);
    expect(costOfUsage({ ...usage, embeddingTokens: 50_000 }, price, 0.02)).toBeCloseTo(0.00835, 10);
    expect(parseEnv({ SIFT_EMBEDDING_PRICE_PER_MTOK: "0.02" }).SIFT_EMBEDDING_PRICE_PER_MTOK).toBe(0.02);
  });

  it("is unknown without a price or without counted tokens", () => {
    expect(costOfUsage({ inputTokens: 12_000, outputTokens: 1_500 }, undefined)).toBeNull();
    expect(costOfUsage(null, { input: 1, output: 1 })).toBeNull();
  });

  it("refuses a price written another way, naming the variable and the form", () => {
    expect(() => parseEnv({ SIFT_LLM_PRICE_PER_MTOK: "$2.50" })).toThrow(
      /SIFT_LLM_PRICE_PER_MTOK: must be "input\/output" in US dollars per million tokens/,
    );
  });
});
