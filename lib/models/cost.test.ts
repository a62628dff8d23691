import { describe, expect, it } from "vitest";
import { parseEnv } from "@/lib/env";
import { costOfUsage } from "@/lib/models/cost";

describe("a run's cost", () => {
  it("prices input and output tokens at SIFT_LLM_PRICE_PER_MTOK (dollars per million)", () => {
    const price = parseEnv({ SIFT_LLM_PRICE_PER_MTOK: "2.5/10" }).SIFT_LLM_PRICE_PER_MTOK;
    expect(price).toEqual({ input: 2.5, output: 10 });
    expect(costOfUsage({ inputTokens: 12_000, outputTokens: 1_500 }, price)).toBeCloseTo(0.045, 10);
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
