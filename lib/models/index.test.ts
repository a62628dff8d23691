import { describe, expect, it } from "vitest";
import { buildRunPayload, type RunPayload } from "@/lib/chain/payload";
import { parseEnv } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { configuredModelId, extractorForNewRun, extractorForRun } from "@/lib/models";
import { DEFAULT_SETTINGS } from "@/lib/settings/schema";

const env = (vars: Record<string, string> = {}) => parseEnv(vars);
const openai = { OPENAI_API_KEY: "sk-a", SIFT_LLM_MODEL: "gpt-4o-mini" };

function payload(
  extractor: RunPayload["extractor"] & { mode: "offline" | "llm" },
  promptTemplate: string | null = null,
) {
  return buildRunPayload({
    source: { origin: "paste" },
    extractor,
    settings: { ...DEFAULT_SETTINGS, promptTemplate, knownFactsLimit: 4 },
    knownFacts: [],
    chunkTokens: 3_000,
  });
}

describe("extractorForNewRun", () => {
  it("is the offline extractor when no model is configured", () => {
    expect(extractorForNewRun({ env: env() })).toEqual({ mode: "offline", modelId: null });
    expect(configuredModelId(env())).toBeNull();
  });

  it("is the LLM, named after its model, when one is configured", () => {
    expect(extractorForNewRun({ env: env(openai) })).toEqual({ mode: "llm", modelId: "openai:gpt-4o-mini" });
  });

  it("runs offline when asked to, even with a model configured or half-configured", () => {
    expect(extractorForNewRun({ env: env(openai), mode: "offline" }).mode).toBe("offline");
    expect(extractorForNewRun({ env: env({ SIFT_LLM_MODEL: "gpt-4o-mini" }), mode: "offline" }).mode).toBe("offline");
  });

  it("refuses the LLM without a model, and a half-configured model, saying what to set", () => {
    expect(() => extractorForNewRun({ env: env(), mode: "llm" })).toThrow(/set SIFT_LLM_MODEL/);
    expect(() => extractorForNewRun({ env: env({ SIFT_LLM_MODEL: "gpt-4o-mini" }) })).toThrow(AppError);
  });
});

describe("extractorForRun", () => {
  it("builds the run's own extractor from its payload", () => {
    const offline = extractorForRun({
      env: env(openai),
      payload: payload({ mode: "offline", modelId: null }),
      offThread: false,
    });
    expect(offline).toMatchObject({ name: "offline", modelId: null });
    const llm = extractorForRun({
      env: env(openai),
      payload: payload({ mode: "llm", modelId: "openai:gpt-4o-mini" }),
      offThread: false,
    });
    expect(llm).toMatchObject({ name: "llm", modelId: "openai:gpt-4o-mini", promptVersion: "extract-v5" });
  });

  it("stamps the payload's custom prompt template's own version on the extractor", () => {
    const custom = payload({ mode: "llm", modelId: "openai:gpt-4o-mini" }, "Extract facts.");
    expect(extractorForRun({ env: env(openai), payload: custom, offThread: false }).promptVersion).toMatch(
      /^custom-[0-9a-f]{8}$/,
    );
  });

  it("returns an agent's proposed facts, with the first chunk only", async () => {
    const facts = [{ content: "Ann owns the launch.", kind: "decision", confidence: 0.8 }];
    const agent = buildRunPayload({
      source: { origin: "agent" },
      agentFacts: facts.map((f) => ({ ...f, importance: 0.5, temporal: "present" as const, speaker: null })),
      extractor: { mode: "offline", modelId: null },
      settings: DEFAULT_SETTINGS,
      knownFacts: [],
      chunkTokens: 3_000,
    });
    const extractor = extractorForRun({ env: env(), payload: agent, offThread: false });
    const input = { text: "Ann owns the launch.", segments: [], kinds: [] };
    const first = await extractor.extractChunk(input, { index: 0, start: 0, end: 20, segments: [] });
    const second = await extractor.extractChunk(input, { index: 1, start: 0, end: 20, segments: [] });
    expect(first.facts.map((f) => f.content)).toEqual(["Ann owns the launch."]);
    expect(second.facts).toEqual([]);
  });

  it("refuses to finish a run with another model, or with none, naming the one it started with", () => {
    const started = payload({ mode: "llm", modelId: "openai:gpt-4o-mini" });
    const other = env({ OPENAI_API_KEY: "sk-a", SIFT_LLM_MODEL: "gpt-4.1" });
    expect(() => extractorForRun({ env: other, payload: started, offThread: false })).toThrow(
      /started with openai:gpt-4o-mini and the server now uses openai:gpt-4\.1/,
    );
    expect(() => extractorForRun({ env: env(), payload: started, offThread: false })).toThrow(
      /extracts with openai:gpt-4o-mini, and no model is configured now/,
    );
  });
});
