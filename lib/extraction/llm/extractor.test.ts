import { describe, expect, it, vi } from "vitest";
import { AppError } from "@/lib/errors";
import { createLlmExtractor, type LlmExtractorOptions } from "@/lib/extraction/llm/extractor";
import { PROMPT_VERSION } from "@/lib/extraction/llm/prompt";
import {
  apiError,
  type CallOptions,
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
  return createLlmExtractor({ model, modelId: "mock:model", timeoutMs: 5_000, maxRetries: 2, ...extra });
}

/**
 * Runs one chunk under fake timers, so the SDK's real backoff (seconds) and the per-request timeouts pass
 * instantly, and returns when each model request was made relative to the first (the waits the SDK chose)
 * and when the chunk settled: times on the fake clock, the same on any machine.
 */
async function timedRun(steps: Parameters<typeof scriptedModel>[0], extra: Partial<LlmExtractorOptions> = {}) {
  vi.useFakeTimers();
  try {
    const began = Date.now();
    const times: number[] = [];
    const model = scriptedModel(
      steps.map((step) => async (options: CallOptions) => {
        times.push(Date.now());
        if (step instanceof Error) throw step;
        return typeof step === "function" ? step(options) : step;
      }),
    );
    const settled = extractor(model, extra)
      .extractChunk(input, whole)
      .then(
        (result) => ({ result, error: undefined, elapsed: Date.now() - began }),
        (error: unknown) => ({
          result: undefined,
          error: error as AppError & { attempts: number },
          elapsed: Date.now() - began,
        }),
      );
    await vi.runAllTimersAsync();
    const outcome = await settled;
    return { ...outcome, model, waits: times.slice(1).map((t, i) => t - times[i]!) };
  } finally {
    vi.useRealTimers();
  }
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
  it("sends one request: kinds, definitions, hints, date, capped known facts; the chunk as user message", async () => {
    const model = scriptedModel([factsResult([fact()])]);
    const ex = extractor(model, { knownFactsLimit: 3 });
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
    // The system message is the same for every chunk (a cacheable prefix); what varies is data in the user's.
    expect(user).toMatch(
      /<source_text id="[0-9a-f]{8}">\nDana: OK, we ship on Friday\.\n<\/source_text id="[0-9a-f]{8}">$/,
    );
    expect(system).toContain("- decision: Decision. A choice the group settled on.");
    expect(system).toContain("- action_item: Action item. A task someone committed to do.");
    expect(user).toContain("<context>\nProject Falcon weekly sync\n</context>");
    expect(user).toContain("<source_date>\n2024-05-06");
    expect(user).toContain("- Fact three.");
    expect(user).not.toContain("Fact four");
    expect(system).not.toMatch(/Project Falcon|2024-05-06|Fact three/);
    expect(system).toContain("at most 7 facts");
    // The model gets the same cleaning and multi-turn rules as the offline extractor.
    expect(system).toMatch(/leave out fillers .* transcriber tags/i);
    expect(system).toMatch(/request answered by its addressee's acceptance .* is one action item owned by them/i);
    expect(result.facts).toEqual([fact()]);
    expect(result.usage).toEqual({ inputTokens: 100, outputTokens: 20 });
    expect(ex.promptVersion).toBe(PROMPT_VERSION);
    expect(ex.modelId).toBe("mock:model");
  });

  it("asks for JSON whose kind is limited to the run's kind ids", async () => {
    const model = scriptedModel([factsResult([])]);
    await extractor(model).extractChunk(input, whole);
    const format = model.doGenerateCalls[0]!.responseFormat;
    expect(format?.type).toBe("json");
    const schema = format?.type === "json" ? JSON.stringify(format.schema) : "";
    expect(schema).toContain('"enum":["decision","action_item"]');
  });

  it("refuses a fact it cannot read with its reason, and keeps the rest", async () => {
    const model = scriptedModel([
      factsResult([fact(), fact({ kind: "gossip", content: "Someone gossiped." }), fact({ content: 3 })]),
    ]);
    const result = await extractor(model).extractChunk(input, whole);
    expect(result.facts).toEqual([fact()]);
    // This taxonomy has no catch-all kind, so an unknown kind is refused rather than filed elsewhere.
    expect(result.refused).toEqual(["kind 'gossip' is not in the taxonomy", expect.stringContaining("content:")]);
  });

  it("maps kinds spelled otherwise, word and percentage confidences; files unknown kinds as context", async () => {
    const withContext = [...kinds, { id: "context", label: "Context", definition: "Background." }];
    const model = scriptedModel([
      factsResult([
        fact({ kind: "Decision", confidence: "high" }),
        fact({ kind: "action-item", confidence: "medium", importance: "low", content: "Lee will write the notes." }),
        fact({ kind: "Action Item", confidence: "85%", content: "Lee will send the notes." }),
        fact({ kind: "risk", confidence: 70, content: "The launch may slip." }),
      ]),
    ]);
    const result = await extractor(model).extractChunk({ ...input, kinds: withContext }, whole);
    expect(result.refused).toEqual([]);
    expect(result.facts.map((f) => [f.kind, f.confidence, f.importance])).toEqual([
      ["decision", 0.9, 0.7],
      ["action_item", 0.6, 0.3],
      ["action_item", 0.85, 0.7],
      ["context", 0.7, 0.7],
    ]);
    expect(result.facts[3]!.notes).toEqual(["Kind 'risk' is not in the taxonomy: filed as 'context'"]);
  });

  it("cuts over-long content at a clause and notes it for the gate", async () => {
    const long = "Dana decided to ship on Friday, " + "after the team reviewed every open issue in detail, ".repeat(30);
    const model = scriptedModel([factsResult([fact({ content: long })])]);
    const result = await extractor(model).extractChunk(input, whole);
    const content = result.facts[0]!.content;
    expect(content.length).toBeLessThanOrEqual(1_000);
    expect(content).toMatch(/detail$/);
    expect(result.facts[0]!.notes).toEqual([`Content cut to ${content.length} of ${long.length} characters`]);
  });

  it("keeps at most maxFacts, the most important, and counts the rest as refused", async () => {
    const many = Array.from({ length: 300 }, (_, i) => fact({ content: `Fact number ${i}.`, importance: i / 300 }));
    const model = scriptedModel([factsResult(many)]);
    const result = await extractor(model).extractChunk({ ...input, maxFacts: 50 }, whole);
    expect(result.facts).toHaveLength(50);
    expect(result.facts[0]!.content).toBe("Fact number 250.");
    expect(result.refused).toHaveLength(250);
    expect(new Set(result.refused)).toEqual(new Set(["over the cap of 50 facts per chunk"]));
  });

  it("strips markdown code fences around the JSON", async () => {
    const model = scriptedModel([textResult("```json\n" + JSON.stringify({ facts: [fact()] }) + "\n```")]);
    const result = await extractor(model).extractChunk(input, whole);
    expect(result.facts).toEqual([fact()]);
  });

  it("retries malformed JSON once, then fails with a readable message", async () => {
    const model = scriptedModel([textResult('{"facts": [{"content": "cut off')]);
    const error = await failure(extractor(model).extractChunk(input, whole));
    expect(error.code).toBe("MODEL_ERROR");
    expect(error.message).toMatch(/malformed JSON/);
    expect(model.doGenerateCalls).toHaveLength(2);
    expect(error.attempts).toBe(2);
  });

  it("recovers when the retry after malformed JSON succeeds", async () => {
    const model = scriptedModel([textResult("not json at all"), factsResult([fact()])]);
    const result = await extractor(model).extractChunk(input, whole);
    expect(result.facts).toEqual([fact()]);
    expect(result.attempts).toBe(2);
    expect(result.usage).toEqual({ inputTokens: 200, outputTokens: 40 });
  });

  it("fails a schema mismatch without retrying", async () => {
    const model = scriptedModel([textResult(JSON.stringify({ items: ["Dana ships Friday"] }))]);
    const error = await failure(extractor(model).extractChunk(input, whole));
    expect(error.message).toBe('The model\'s reply did not match the expected format: the reply has no "facts" list');
    expect(model.doGenerateCalls).toHaveLength(1);
  });

  it("retries a 429 after the Retry-After the provider sent, then succeeds", async () => {
    const { result, waits, model } = await timedRun([apiError(429, { "retry-after": "3" }), factsResult([fact()])]);
    expect(result?.facts).toEqual([fact()]);
    expect(result?.attempts).toBe(2);
    expect(model.doGenerateCalls).toHaveLength(2);
    expect(waits).toEqual([3_000]); // the provider's 3 s, not the SDK's own first backoff of 2 s
  });

  it("waits out a Retry-After of 2 minutes (past what the SDK honours) and says so, then succeeds", async () => {
    const waitsShown: number[] = [];
    const { result, waits } = await timedRun([apiError(429, { "retry-after": "120" }), factsResult([fact()])], {
      onRateLimitWait: (ms) => waitsShown.push(ms),
    });
    expect(result?.facts).toEqual([fact()]);
    expect(waits).toEqual([120_000]);
    expect(waitsShown).toEqual([120_000]);
    expect(result?.rateLimit).toEqual({ hits: 1, waitedMs: 120_000 });
  });

  it("never fails a chunk for a rate limit while the run's budget lasts; no Retry-After backs off", async () => {
    const refused = Array.from({ length: 5 }, () => apiError(429));
    const { result, waits } = await timedRun([...refused, factsResult([fact()])], { maxRetries: 0 });
    expect(result?.facts).toEqual([fact()]);
    expect(result?.attempts).toBe(6);
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, 16_000]);
    expect(result?.rateLimit).toEqual({ hits: 5, waitedMs: 31_000 });
  });

  it("fails a chunk at once, saying why, when the provider's wait ends past the run's time budget", async () => {
    const { error, model, elapsed } = await timedRun([apiError(429, { "retry-after": "120" })], {
      runBudgetMs: 60_000,
    });
    expect(error?.message).toBe(
      "The model provider is still rate limiting requests (HTTP 429) past the run's time budget of 1 min " +
        "(SIFT_LLM_RUN_BUDGET_MS): what was extracted is kept; Retry runs the rest",
    );
    expect(model.doGenerateCalls).toHaveLength(1); // not retried by the SDK either
    expect(elapsed).toBe(0);
    expect((error as unknown as { rateLimit: unknown }).rateLimit).toEqual({ hits: 1, waitedMs: 0 });
  });

  it("retries a 500 twice with the SDK's backoff (2 s, then 4 s), then succeeds", async () => {
    const { result, waits } = await timedRun([apiError(500), apiError(500), factsResult([fact()])]);
    expect(result?.facts).toEqual([fact()]);
    expect(result?.attempts).toBe(3);
    expect(result?.usage).toEqual({ inputTokens: 100, outputTokens: 20 });
    expect(waits).toEqual([2_000, 4_000]);
  });

  it("gives up after maxRetries with a readable message and the number of requests made", async () => {
    const { error, model } = await timedRun([apiError(undefined)], { maxRetries: 2 });
    expect(error?.message).toBe("Could not reach the model endpoint (network error) (after 3 attempts)");
    expect(error?.attempts).toBe(3);
    expect(model.doGenerateCalls).toHaveLength(3);
  });

  it("does not retry rejected credentials, says to check the API key and never echoes provider internals", async () => {
    const { error, model } = await timedRun([apiError(401)]);
    expect(error).toBeInstanceOf(AppError);
    expect(error?.message).toBe("The model provider rejected the credentials (HTTP 401): check the API key");
    expect(error?.message).not.toMatch(/SECRET|internals/);
    expect(error?.attempts).toBe(1);
    expect(model.doGenerateCalls).toHaveLength(1);
  });

  it("reports the last failure when a retry ends in one that is not retried", async () => {
    const { error } = await timedRun([apiError(503), apiError(401)]);
    expect(error?.message).toBe(
      "The model provider rejected the credentials (HTTP 401): check the API key (after 2 attempts)",
    );
    expect(error?.message).not.toMatch(/SECRET|internals|Failed after/);
  });

  it("times out a request that never answers, sends it once more, then fails", async () => {
    const { error, model, elapsed } = await timedRun([hangingStep()], { timeoutMs: 50, maxRetries: 2 });
    expect(error?.message).toBe("The model timed out after 0.05 s (after 2 attempts)");
    expect(error?.attempts).toBe(2);
    expect(model.doGenerateCalls).toHaveLength(2);
    expect(elapsed).toBe(100);
  });

  it("retries a request that timed out once, and the retry succeeds", async () => {
    const { result, waits, elapsed } = await timedRun([hangingStep(), factsResult([fact()])], { timeoutMs: 50 });
    expect(result?.facts).toEqual([fact()]);
    expect(result?.attempts).toBe(2);
    expect(waits).toEqual([50]); // sent again as soon as the first timed out
    expect(elapsed).toBe(50);
  });

  it("gives each retry the full timeout again", async () => {
    // 150 ms then a 500; the retry hangs. A timeout per chunk would end it 200 ms after the start; one per
    // request ends it 200 ms after the retry began.
    const slow500 = async () => {
      await new Promise((r) => setTimeout(r, 150));
      throw apiError(500, { "retry-after-ms": "1" });
    };
    const { error, waits, elapsed } = await timedRun([slow500, hangingStep()], { timeoutMs: 200 });
    // The 500 is retried by the SDK; that retry times out, is sent once more and times out again.
    expect(error?.message).toBe("The model timed out after 0.2 s (after 3 attempts)");
    expect(waits[0]).toBeGreaterThanOrEqual(150);
    expect(waits[1]).toBe(200);
    expect(elapsed).toBe(waits[0]! + 400);
  });

  it("stops without retrying when the caller cancels during a request", async () => {
    const controller = new AbortController();
    const model = scriptedModel([
      async (options) => {
        controller.abort();
        return hangingStep()(options);
      },
    ]);
    const error = await failure(extractor(model).extractChunk({ ...input, signal: controller.signal }, whole));
    expect(error.message).toBe("Extraction was cancelled");
    expect(model.doGenerateCalls).toHaveLength(1);
  });

  it("stops instead of waiting to retry when the caller cancels after a 503", async () => {
    const controller = new AbortController();
    const model = scriptedModel([
      async () => {
        controller.abort();
        throw apiError(503);
      },
    ]);
    const error = await failure(extractor(model).extractChunk({ ...input, signal: controller.signal }, whole));
    expect(error.message).toBe("Extraction was cancelled");
    expect(model.doGenerateCalls).toHaveLength(1);
  });

  it("refuses a model it cannot wrap for the per-request timeout", () => {
    expect(() =>
      createLlmExtractor({ model: "openai/gpt-4.1", modelId: "x", timeoutMs: 1_000, maxRetries: 0 }),
    ).toThrow(/AI SDK v3 language model/);
  });

  it("tells the model how a meeting states decisions and commitments, and keeps the decision it returns", async () => {
    const meeting =
      "Maya: Okay, so we're going with the aluminium frame, the larger battery\nTom: Right.\n" +
      "Maya: and a matte finish on the back panel.\nTom: If we go for steel, the weight doubles.";
    const decided = fact({
      content: "The team decided on the aluminium frame, the larger battery and a matte finish on the back panel.",
      speaker: "Maya",
      quote: "we're going with the aluminium frame, the larger battery",
    });
    const model = scriptedModel([factsResult([decided])]);
    const result = await extractor(model).extractChunk(
      { ...input, text: meeting },
      { index: 0, start: 0, end: meeting.length, segments: [] },
    );
    const { system, user } = promptText(model.doGenerateCalls[0]!);
    expect(user).toContain(`">\n${meeting}\n</source_text`);
    expect(system).toMatch(/meetings state decisions in passing: "let's go for X", "so we're going with X"/i);
    expect(system).toMatch(/goes on in the speaker's next turn, so keep the whole list/i);
    expect(system).toMatch(/a hypothetical \("if we go for X, \.\.\."\) is not a decision/i);
    expect(system).toMatch(/the team's settled plans .* are commitments/i);
    expect(result.facts).toEqual([decided]);
  });

  it("makes no request for a blank chunk", async () => {
    const model = scriptedModel([factsResult([fact()])]);
    const result = await extractor(model).extractChunk(
      { ...input, text: "   \n  " },
      { index: 0, start: 0, end: 6, segments: [] },
    );
    expect(result.facts).toEqual([]);
    expect(model.doGenerateCalls).toHaveLength(0);
  });
});
