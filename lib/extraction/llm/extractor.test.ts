import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { createLlmExtractor, type LlmExtractorOptions } from "@/lib/extraction/llm/extractor";
import { PROMPT_VERSION } from "@/lib/extraction/llm/prompt";
import {
  apiError,
  fact,
  factsResult,
  hangingStep,
  promptText,
  scriptedModel,
  textResult,
} from "@/tests/llm/mock-models";
import type { Chunk, ExtractionInput, KindDefinition } from "@/lib/extraction/types";

const kinds: KindDefinition[] = [
  { id: "decision", label: "Decision", definition: "A choice the group settled on." },
  { id: "action_item", label: "Action item", definition: "A task someone committed to do." },
];
const text = "Dana: OK, we ship on Friday.\nLee: I will write the release notes by Thursday.";
const input: ExtractionInput = { text, segments: [], kinds };
const whole: Chunk = { index: 0, start: 0, end: text.length, segments: [] };

function extractor(model: ReturnType<typeof scriptedModel>, extra: Partial<LlmExtractorOptions> = {}) {
  const sleeps: number[] = [];
  const ex = createLlmExtractor({
    model,
    modelId: "mock:model",
    timeoutMs: 5_000,
    maxRetries: 2,
    sleep: async (ms) => void sleeps.push(ms),
    random: () => 0.5,
    ...extra,
  });
  return { ex, sleeps };
}

async function failure(promise: Promise<unknown>): Promise<AppError & { attempts: number }> {
  const error = await promise.then(
    () => expect.fail("expected the chunk to fail"),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError & { attempts: number };
}

describe("createLlmExtractor", () => {
  it("sends one request with kinds, definitions, hints, date and capped known facts, and the chunk as the user message", async () => {
    const model = scriptedModel([factsResult([fact()])]);
    const { ex } = extractor(model, { knownFactsLimit: 3 });
    const known = ["Fact one.", "Fact two.", "Fact three.", "Fact four is past the cap."];
    const result = await ex.extractChunk(
      {
        ...input,
        contextHints: "Project Falcon weekly sync",
        sourceDate: "2024-05-06",
        knownFacts: known,
        maxFacts: 7,
      },
      { index: 0, start: 0, end: 28, segments: [] },
    );

    expect(model.doGenerateCalls).toHaveLength(1);
    const { system, user } = promptText(model.doGenerateCalls[0]!);
    expect(user).toBe("Dana: OK, we ship on Friday.");
    expect(system).toContain("- decision: Decision. A choice the group settled on.");
    expect(system).toContain("- action_item: Action item. A task someone committed to do.");
    expect(system).toContain("Project Falcon weekly sync");
    expect(system).toContain("2024-05-06");
    expect(system).toContain("- Fact three.");
    expect(system).not.toContain("Fact four");
    expect(system).toContain("at most 7 facts");
    expect(result.facts).toEqual([fact()]);
    expect(result.usage).toEqual({ inputTokens: 100, outputTokens: 20 });
    expect(ex.promptVersion).toBe(PROMPT_VERSION);
    expect(ex.modelId).toBe("mock:model");
  });

  it("asks for JSON whose kind is limited to the run's kind ids", async () => {
    const model = scriptedModel([factsResult([])]);
    await extractor(model).ex.extractChunk(input, whole);
    const format = model.doGenerateCalls[0]!.responseFormat;
    expect(format?.type).toBe("json");
    const schema = format?.type === "json" ? JSON.stringify(format.schema) : "";
    expect(schema).toContain('"enum":["decision","action_item"]');
  });

  it("drops facts with unknown kinds or bad fields with a warning instead of failing the chunk", async () => {
    const model = scriptedModel([
      factsResult([fact(), fact({ kind: "gossip", content: "Someone gossiped." }), fact({ confidence: 3 })]),
    ]);
    const result = await extractor(model).ex.extractChunk(input, whole);
    expect(result.facts).toEqual([fact()]);
    expect(result.warnings).toEqual([
      'dropped fact 2: unknown kind "gossip"',
      expect.stringContaining("dropped fact 3: confidence"),
    ]);
  });

  it("strips markdown code fences around the JSON", async () => {
    const model = scriptedModel([textResult("```json\n" + JSON.stringify({ facts: [fact()] }) + "\n```")]);
    const result = await extractor(model).ex.extractChunk(input, whole);
    expect(result.facts).toEqual([fact()]);
  });

  it("retries malformed JSON once, then fails with a readable message", async () => {
    const model = scriptedModel([textResult('{"facts": [{"content": "cut off')]);
    const error = await failure(extractor(model).ex.extractChunk(input, whole));
    expect(error.code).toBe("MODEL_ERROR");
    expect(error.message).toMatch(/malformed JSON/);
    expect(model.doGenerateCalls).toHaveLength(2);
    expect(error.attempts).toBe(2);
  });

  it("recovers when the retry after malformed JSON succeeds", async () => {
    const model = scriptedModel([textResult("not json at all"), factsResult([fact()])]);
    const result = await extractor(model).ex.extractChunk(input, whole);
    expect(result.facts).toEqual([fact()]);
    expect(result.attempts).toBe(2);
    expect(result.usage).toEqual({ inputTokens: 200, outputTokens: 40 });
  });

  it("fails a schema mismatch without retrying", async () => {
    const model = scriptedModel([textResult(JSON.stringify({ items: ["Dana ships Friday"] }))]);
    const error = await failure(extractor(model).ex.extractChunk(input, whole));
    expect(error.message).toBe('The model\'s reply did not match the expected format: the reply has no "facts" list');
    expect(model.doGenerateCalls).toHaveLength(1);
  });

  it("retries 429 and 5xx with growing jittered backoff, then succeeds", async () => {
    const model = scriptedModel([apiError(429), apiError(503), factsResult([fact()])]);
    const { ex, sleeps } = extractor(model, { baseDelayMs: 1_000 });
    const result = await ex.extractChunk(input, whole);
    expect(result.facts).toHaveLength(1);
    expect(result.attempts).toBe(3);
    // random() = 0.5 → 75% of 1 s, then 75% of 2 s
    expect(sleeps).toEqual([750, 1_500]);
  });

  it("honours Retry-After on 429 when it is longer than the backoff", async () => {
    const model = scriptedModel([apiError(429, { "retry-after": "4" }), factsResult([])]);
    const { ex, sleeps } = extractor(model, { baseDelayMs: 100 });
    await ex.extractChunk(input, whole);
    expect(sleeps).toEqual([4_000]);
  });

  it("retries network errors and gives up after maxRetries with the attempt count", async () => {
    const model = scriptedModel([apiError(undefined)]);
    const error = await failure(extractor(model, { maxRetries: 2 }).ex.extractChunk(input, whole));
    expect(error.message).toBe("Could not reach the model endpoint (network error) (after 3 attempts)");
    expect(model.doGenerateCalls).toHaveLength(3);
  });

  it("does not retry rejected credentials and never echoes provider internals", async () => {
    const model = scriptedModel([apiError(401)]);
    const error = await failure(extractor(model).ex.extractChunk(input, whole));
    expect(error.message).toBe("The model provider rejected the credentials (HTTP 401): check the API key");
    expect(error.message).not.toMatch(/SECRET|internals/);
    expect(model.doGenerateCalls).toHaveLength(1);
  });

  it("times out a request that never answers, retries, and reports 'timed out after N s'", async () => {
    const model = scriptedModel([hangingStep()]);
    const error = await failure(extractor(model, { timeoutMs: 50, maxRetries: 1 }).ex.extractChunk(input, whole));
    expect(error.message).toBe("The model timed out after 0.05 s (after 2 attempts)");
    expect(model.doGenerateCalls).toHaveLength(2);
  });

  it("stops without retrying when the caller cancels", async () => {
    const controller = new AbortController();
    const model = scriptedModel([
      async (options) => {
        controller.abort();
        return hangingStep()(options);
      },
    ]);
    const error = await failure(extractor(model).ex.extractChunk({ ...input, signal: controller.signal }, whole));
    expect(error.message).toBe("Extraction was cancelled");
    expect(model.doGenerateCalls).toHaveLength(1);
  });

  it("makes no request for a blank chunk", async () => {
    const model = scriptedModel([factsResult([fact()])]);
    const result = await extractor(model).ex.extractChunk(
      { ...input, text: "   \n  " },
      { index: 0, start: 0, end: 6, segments: [] },
    );
    expect(result.facts).toEqual([]);
    expect(model.doGenerateCalls).toHaveLength(0);
  });
});
