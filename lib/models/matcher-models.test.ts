import { MockEmbeddingModelV3, MockLanguageModelV3 } from "ai/test";
import { describe, expect, it, vi } from "vitest";
import { parseEnv } from "@/lib/env";
import { textResult } from "@/tests/llm/mock-models";
import { buildMatcherModels } from "@/lib/models";
import { createEmbedder, createJudge } from "@/lib/models/matcher-models";
import { matchCandidate } from "@/lib/matcher";
import { log } from "@/lib/log";

describe("model-backed matcher stages", () => {
  it("are off without configuration, so matching stays offline", () => {
    const env = parseEnv({});
    expect(buildMatcherModels({ env })).toEqual({});
  });

  it("an embedding model is configured from SIFT_EMBEDDING_MODEL and a compatible base URL", () => {
    const env = parseEnv({
      SIFT_EMBEDDING_MODEL: "nomic-embed-text",
      SIFT_LLM_BASE_URL: "http://127.0.0.1:11434/v1",
      SIFT_LLM_MODEL: "llama3.1",
    });
    expect(typeof buildMatcherModels({ env }).embed).toBe("function");
    expect(() =>
      buildMatcherModels({ env: parseEnv({ SIFT_EMBEDDING_MODEL: "x", ANTHROPIC_API_KEY: "sk-ant-1" }) }),
    ).toThrow(/embeddings need an OpenAI key/);
  });

  it("embeddings can lift a paraphrase the words missed to duplicate", async () => {
    const vectors: Record<string, number[]> = {
      "The new onboarding flow frustrates customers": [1, 0, 0],
      "The redesigned signup process annoys users": [0.99, 0.05, 0],
    };
    const model = new MockEmbeddingModelV3({
      maxEmbeddingsPerCall: 100,
      doEmbed: async ({ values }) => ({ embeddings: values.map((v) => vectors[v] ?? [0, 0, 1]), warnings: [] }),
    });
    const result = await matchCandidate({
      candidate: { content: "The new onboarding flow frustrates customers" },
      facts: [{ id: "f1", content: "The redesigned signup process annoys users" }],
      embed: createEmbedder({ model, timeoutMs: 5_000 }),
    });
    expect(result.matches[0]).toMatchObject({ factId: "f1", verdict: "duplicate", stage: "embedding" });
    expect(model.doEmbedCalls).toHaveLength(1);
  });

  it("an embedder names its model, so stored vectors are keyed by it", () => {
    const model = new MockEmbeddingModelV3({ modelId: "mock-embed" });
    expect(createEmbedder({ model, timeoutMs: 1_000 }).modelId).toBe("mock-embed");
    expect(createEmbedder({ model, modelId: "nomic-embed-text", timeoutMs: 1_000 }).modelId).toBe("nomic-embed-text");
    const env = parseEnv({
      SIFT_EMBEDDING_MODEL: "nomic-embed-text",
      SIFT_LLM_BASE_URL: "http://127.0.0.1:11434/v1",
      SIFT_LLM_MODEL: "llama3.1",
    });
    expect(buildMatcherModels({ env }).embed?.modelId).toBe("nomic-embed-text");
  });

  it("stored similarities lift a paraphrase to duplicate without calling a model, and never over a guard", async () => {
    const similarity = new Map([
      ["f1", 0.97],
      ["f2", 0.99],
    ]);
    const result = await matchCandidate({
      candidate: { content: "The new onboarding flow frustrates customers" },
      facts: [
        { id: "f1", content: "The redesigned signup process annoys users" },
        // Near-identical vectors, but negated: the lexical guard wins. (A date on one side only no longer
        // blocks a duplicate unless it sets a deadline: "since March 2024" is an added detail.)
        { id: "f2", content: "The new onboarding flow does not frustrate customers" },
      ],
      embeddingSimilarity: (other) => (other.factId ? similarity.get(other.factId) : undefined),
    });
    expect(result.matches.find((m) => m.factId === "f1")).toMatchObject({ verdict: "duplicate", stage: "embedding" });
    expect(result.matches.find((m) => m.factId === "f2")).toMatchObject({ stage: "lexical" });
    expect(result.matches.find((m) => m.factId === "f2")?.verdict).not.toBe("duplicate");
  });

  it("without a stored similarity a pair keeps its lexical verdict", async () => {
    const result = await matchCandidate({
      candidate: { content: "The new onboarding flow frustrates customers" },
      facts: [{ id: "f1", content: "The redesigned signup process annoys users" }],
      embeddingSimilarity: () => undefined,
    });
    expect(result).toMatchObject({ verdict: "new", stage: "lexical" });
  });

  it("a failing embedding model leaves the lexical verdict instead of failing the run", async () => {
    const warn = vi.spyOn(log, "warn");
    const model = new MockEmbeddingModelV3({ doEmbed: async () => Promise.reject(new Error("ECONNREFUSED")) });
    const embed = createEmbedder({ model, timeoutMs: 1_000 });
    await expect(embed(["a", "b"])).resolves.toEqual({ embeddings: [] });
    expect(warn).toHaveBeenCalledWith(expect.anything(), expect.stringContaining("matching on words only"));
    warn.mockRestore();
  });

  it("the LLM judge returns the model's verdict with its reason, and no verdict when the model fails", async () => {
    const model = new MockLanguageModelV3({
      doGenerate: async () => textResult(JSON.stringify({ verdict: "contradicts", reason: "Different launch months" })),
    });
    const judge = createJudge({ model, timeoutMs: 5_000 });
    await expect(judge("Launch is in May", "Launch is in June")).resolves.toEqual({
      verdict: "contradicts",
      reason: "LLM: Different launch months",
    });
    const prompt = JSON.stringify(model.doGenerateCalls[0]?.prompt);
    expect(prompt).toContain("Statement A: Launch is in May");
    expect(prompt).toContain("any different number, date, name, negation or qualifier is NOT a duplicate");

    const warn = vi.spyOn(log, "warn");
    const broken = new MockLanguageModelV3({ doGenerate: async () => textResult("not json at all") });
    await expect(createJudge({ model: broken, timeoutMs: 5_000 })("a", "b")).resolves.toBeNull();
    expect(warn).toHaveBeenCalledWith(expect.anything(), expect.stringContaining("keeping the lexical verdict"));
    warn.mockRestore();
  });
});
