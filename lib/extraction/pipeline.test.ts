import { describe, expect, it, vi } from "vitest";
import { AppError } from "@/lib/errors";
import { createLlmExtractor } from "@/lib/extraction/llm/extractor";
import { fact, factsResult, promptText, scriptedModel, textResult } from "@/tests/llm/mock-models";
import { runExtraction, type ChunkOutcome } from "@/lib/extraction/pipeline";
import type { Candidate, ExtractedFact } from "@/lib/extraction/schema";
import type { Chunk, ExtractionInput, Extractor, KindDefinition } from "@/lib/extraction/types";

const kinds: KindDefinition[] = [{ id: "decision", label: "Decision", definition: "A settled choice." }];

/** Four paragraphs of ~60 chars; a 20-token budget puts each in its own chunk. */
const paragraphs = [
  "Ann: We decided to ship the beta on Friday the tenth of May.",
  "Bo: The vendor contract must be signed before the launch date.",
  "Cy: Marketing will prepare the announcement for the beta users.",
  "Di: We decided to ship the beta on Friday the tenth of May!!",
];
const text = paragraphs.join("\n\n");
const input: ExtractionInput = { text, segments: [], kinds };

function f(quote: string, extra: Partial<ExtractedFact> = {}): ExtractedFact {
  return {
    content: quote,
    kind: "decision",
    confidence: 0.8,
    importance: 0.5,
    temporal: "past",
    speaker: null,
    quote,
    ...extra,
  };
}

/** An extractor that quotes each chunk's text back, through a hook so tests can vary it per chunk. */
function fakeExtractor(
  perChunk: (chunk: Chunk, chunkText: string) => Promise<ExtractedFact[]> | ExtractedFact[],
): Extractor {
  return {
    name: "fake",
    modelId: null,
    promptVersion: null,
    async extractChunk(inp, chunk) {
      const facts = await perChunk(chunk, inp.text.slice(chunk.start, chunk.end).trim());
      return { facts, usage: { inputTokens: 10, outputTokens: 2 } };
    },
  };
}

/**
 * Runs a pipeline on fake timers: the waits the fake extractors below take (setTimeout) pass on the fake
 * clock, in their order, at once, so what overlaps with what is the same on any machine. Timers started
 * after the run settles run too, so nothing the pipeline still does afterwards escapes the assertions.
 */
async function onFakeClock<T>(run: () => Promise<T>): Promise<{ value?: T; error?: unknown }> {
  vi.useFakeTimers();
  try {
    const settled = run().then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    );
    await vi.runAllTimersAsync();
    return await settled;
  } finally {
    vi.useRealTimers();
  }
}

describe("runExtraction", () => {
  it("grounds each chunk's facts against the full text and sums usage", async () => {
    const result = await runExtraction({
      extractor: fakeExtractor((_, t) => [f(t.slice(t.indexOf(":") + 2).slice(0, 25))]),
      input,
      tokenBudget: 20,
      concurrency: 2,
    });
    expect(result.status).toBe("succeeded");
    expect(result.chunks).toHaveLength(4);
    expect(result.usage).toEqual({ inputTokens: 40, outputTokens: 8 });
    expect(result.candidates).toHaveLength(3); // chunk 0 and 3 share a quote and content
    for (const c of result.candidates) {
      expect(c.supported).toBe(true);
      expect(text.slice(c.start!, c.end!)).toBe(c.quote);
    }
  });

  it("locates a quote that occurs twice in the chunk it came from", async () => {
    const quote = "We decided to ship the beta on Friday";
    const result = await runExtraction({
      extractor: fakeExtractor((chunk) => (chunk.index === 3 ? [f(quote)] : [])),
      input,
      tokenBudget: 20,
      concurrency: 2,
    });
    expect(result.candidates).toHaveLength(1);
    expect(result.candidates[0]!.start).toBe(text.lastIndexOf(quote));
  });

  it("keeps the higher-confidence copy of a duplicate, comparing content ignoring case and punctuation", async () => {
    const result = await runExtraction({
      extractor: fakeExtractor((chunk) =>
        chunk.index === 0
          ? [f("We decided to ship the beta", { content: "Ann decided to ship the beta.", confidence: 0.6 })]
          : chunk.index === 3
            ? [f("We decided to ship the beta", { content: "ann DECIDED to ship the beta", confidence: 0.95 })]
            : [],
      ),
      input,
      tokenBudget: 20,
      concurrency: 4,
    });
    expect(result.candidates).toHaveLength(1);
    expect(result.candidates[0]!.confidence).toBe(0.95);
  });

  it("marks a fabricated quote from the model as unsupported", async () => {
    const model = scriptedModel([
      factsResult([
        fact({ quote: "must be signed before the launch date" }),
        fact({ content: "Bo quit.", quote: "I quit the company today, effective immediately." }),
      ]),
    ]);
    const extractor = createLlmExtractor({ model, modelId: "mock", timeoutMs: 5_000, maxRetries: 0 });
    const result = await runExtraction({ extractor, input, tokenBudget: 1_000, concurrency: 1 });
    const byContent = Object.fromEntries(result.candidates.map((c) => [c.content, c]));
    expect(byContent["Dana decided to ship on Friday."]).toMatchObject({
      supported: true,
      start: text.indexOf("must be signed"),
    });
    expect(byContent["Bo quit."]).toMatchObject({ supported: false, start: null, end: null });
  });

  it("keeps other chunks when one returns malformed output or mismatched JSON (status partial)", async () => {
    const model = scriptedModel([
      async (options) => {
        const { user } = promptText(options);
        if (user.startsWith("Bo:")) return textResult("{ not json");
        if (user.startsWith("Cy:")) return textResult(JSON.stringify({ result: "none" }));
        return factsResult([fact({ content: user.slice(0, 20), quote: user.slice(5, 30) })]);
      },
    ]);
    const extractor = createLlmExtractor({ model, modelId: "mock", timeoutMs: 5_000, maxRetries: 1 });
    const result = await runExtraction({ extractor, input, tokenBudget: 20, concurrency: 2 });
    expect(result.status).toBe("partial");
    expect(result.chunks.map((c) => c.status)).toEqual(["succeeded", "failed", "failed", "succeeded"]);
    expect(result.chunks[1]).toMatchObject({ index: 1, attempts: 2, error: expect.stringMatching(/malformed JSON/) });
    expect(result.chunks[2]).toMatchObject({
      attempts: 1,
      error: expect.stringMatching(/did not match the expected format/),
    });
    expect(result.candidates.map((c) => c.quote)).toEqual([paragraphs[0]!.slice(5, 30), paragraphs[3]!.slice(5, 30)]);
    // Failed attempts still cost tokens: 4 chunks + 1 retry = 5 requests of 100 input tokens.
    expect(result.usage.inputTokens).toBe(500);
  });

  it("reports failed when every chunk fails, with a generic message for non-AppErrors", async () => {
    let calls = 0;
    const result = await runExtraction({
      extractor: fakeExtractor(() => {
        calls++;
        if (calls === 1) throw new AppError("MODEL_ERROR", "The model timed out after 60 s");
        throw new Error("socket hang up at 10.0.0.3 with key sk-secret");
      }),
      input,
      tokenBudget: 20,
      concurrency: 1,
    });
    expect(result.status).toBe("failed");
    expect(result.candidates).toEqual([]);
    expect(result.chunks[0]!.error).toBe("The model timed out after 60 s");
    expect(result.chunks[1]!.error).toBe("The extractor failed unexpectedly");
  });

  it("never runs more chunks at once than the concurrency cap", async () => {
    const many = Array.from(
      { length: 12 },
      (_, i) => `Paragraph ${i} has some words in it, enough to fill a chunk.`,
    ).join("\n\n");
    let running = 0;
    let peak = 0;
    const { value: result } = await onFakeClock(() =>
      runExtraction({
        extractor: fakeExtractor(async () => {
          running++;
          peak = Math.max(peak, running);
          await new Promise((r) => setTimeout(r, 5));
          running--;
          return [];
        }),
        input: { ...input, text: many },
        tokenBudget: 20,
        concurrency: 3,
      }),
    );
    expect(result?.chunks).toHaveLength(12);
    expect(peak).toBe(3);
  });

  it("calls onChunk as each chunk finishes, with the candidates so far, capped at maxFacts overall", async () => {
    const calls: { outcome: ChunkOutcome; candidates: Candidate[] }[] = [];
    const result = await runExtraction({
      extractor: fakeExtractor((chunk, t) => [
        f(t.slice(5, 25), { confidence: 0.5 + chunk.index / 10 }),
        f(t.slice(30, 50), { confidence: 0.5 + chunk.index / 10 }),
      ]),
      input: { ...input, maxFacts: 3 },
      tokenBudget: 20,
      concurrency: 1,
      onChunk: (outcome, candidates) => void calls.push({ outcome, candidates }),
    });
    expect(calls.map((c) => c.outcome.index)).toEqual([0, 1, 2, 3]);
    expect(calls.map((c) => c.candidates.length)).toEqual([2, 3, 3, 3]);
    expect(calls[0]!.outcome).toMatchObject({ status: "succeeded", factCount: 2, attempts: 1 });
    expect(result.candidates).toHaveLength(3);
    // The highest-confidence facts win the cap, and they come back in source order.
    expect(result.candidates.map((c) => c.confidence)).toEqual([0.7, 0.8, 0.8]);
    expect(result.candidates.map((c) => c.start)).toEqual(
      [...result.candidates.map((c) => c.start)].sort((a, b) => a! - b!),
    );
  });

  it("stops starting chunks when onChunk throws, and rejects", async () => {
    let started = 0;
    const run = runExtraction({
      extractor: fakeExtractor(() => {
        started++;
        return [];
      }),
      input,
      tokenBudget: 20,
      concurrency: 1,
      onChunk: () => {
        throw new Error("database is gone");
      },
    });
    await expect(run).rejects.toThrow("database is gone");
    expect(started).toBe(1);
  });

  it("with chunks in flight, a failing onChunk still keeps the queued ones from starting", async () => {
    const started: number[] = [];
    // Chunk 0 finishes first and its onChunk fails while chunk 1 is in flight; every timer runs, so chunk 1
    // finishes too, and nothing may start after it.
    const { error } = await onFakeClock(() =>
      runExtraction({
        extractor: fakeExtractor(async (chunk) => {
          started.push(chunk.index);
          await new Promise((r) => setTimeout(r, chunk.index === 0 ? 5 : 30));
          return [];
        }),
        input,
        tokenBudget: 20,
        concurrency: 2,
        onChunk: () => {
          throw new Error("database is gone");
        },
      }),
    );
    expect(error).toMatchObject({ message: "database is gone" });
    expect(started).toEqual([0, 1]);
  });

  it("never runs two onChunk calls at once, even with several chunks in flight", async () => {
    let inside = 0;
    let peak = 0;
    const seen: number[] = [];
    await onFakeClock(() =>
      runExtraction({
        extractor: fakeExtractor(() => []),
        input,
        tokenBudget: 20,
        concurrency: 4,
        onChunk: async (outcome) => {
          inside++;
          peak = Math.max(peak, inside);
          await new Promise((r) => setTimeout(r, 5));
          seen.push(outcome.index);
          inside--;
        },
      }),
    );
    expect(peak).toBe(1);
    expect(seen.sort()).toEqual([0, 1, 2, 3]);
  });

  it("records chunks as cancelled once the caller's signal aborts", async () => {
    const controller = new AbortController();
    const result = await runExtraction({
      extractor: fakeExtractor(() => {
        controller.abort();
        return [f("We decided to ship the beta")];
      }),
      input: { ...input, signal: controller.signal },
      tokenBudget: 20,
      concurrency: 1,
    });
    expect(result.chunks.map((c) => c.status)).toEqual(["succeeded", "failed", "failed", "failed"]);
    expect(result.chunks[3]!.error).toBe("Extraction was cancelled");
    expect(result.status).toBe("partial");
  });

  it("a resumed run seeded with the skipped chunks' candidates proposes only what one whole run would", async () => {
    const extractor = fakeExtractor((_, t) => [f(t.slice(t.indexOf(":") + 2).slice(0, 25))]);
    const whole = await runExtraction({ extractor, input, tokenBudget: 20, concurrency: 1 });
    // Killed after chunk 1: chunks 0 and 1 are saved; chunk 3 repeats chunk 0's decision.
    const saved = whole.candidates.filter((c) => (c.start ?? 0) < text.indexOf("Cy:"));
    const resumed = await runExtraction({
      extractor,
      input,
      tokenBudget: 20,
      concurrency: 1,
      skipChunks: new Set([0, 1]),
      seed: saved,
    });
    expect(resumed.chunks.map((c) => c.index)).toEqual([2, 3]);
    expect(resumed.candidates).toEqual(whole.candidates);
    // Without the seed, chunk 3 proposes chunk 0's decision again, at its own offset: saved twice.
    const unseeded = await runExtraction({
      extractor,
      input,
      tokenBudget: 20,
      concurrency: 1,
      skipChunks: new Set([0, 1]),
    });
    const again = unseeded.candidates.find((c) => c.content === "We decided to ship the be");
    expect(again?.start).toBeGreaterThan(text.indexOf("Di:"));
  });
});
