import { describe, expect, it } from "vitest";
import { extractChunks, type ExtractedChunk } from "@/lib/chain/extract";
import { AppError } from "@/lib/errors";
import { createLlmExtractor } from "@/lib/extraction/llm/extractor";
import type { ExtractedFact } from "@/lib/extraction/schema";
import type { Chunk, ExtractionInput, Extractor, KindDefinition } from "@/lib/extraction/types";
import { fact, factsResult, promptText, scriptedModel, textResult } from "@/tests/llm/mock-models";

const kinds: KindDefinition[] = [{ id: "decision", label: "Decision", definition: "A settled choice." }];
const paragraphs = [
  "Ann: We decided to ship the beta on Friday the tenth of May.",
  "Bo: The vendor contract must be signed before the launch date.",
  "Cy: Marketing will prepare the announcement for the beta users.",
  "Di: We decided to ship the beta on Friday the tenth of May!!",
];
const text = paragraphs.join("\n\n");
const input: ExtractionInput = { text, segments: [], kinds };
/** One chunk per paragraph. */
const chunks: Chunk[] = paragraphs.map((p, index) => {
  const start = text.indexOf(p);
  return { index, start, end: start + p.length, segments: [] };
});

const f = (quote: string): ExtractedFact => ({
  content: quote,
  kind: "decision",
  confidence: 0.8,
  importance: 0.5,
  temporal: "past",
  speaker: null,
  quote,
});

function extractor(perChunk: (chunk: Chunk) => Promise<ExtractedFact[]> | ExtractedFact[]): Extractor {
  return {
    name: "fake",
    modelId: null,
    promptVersion: null,
    async extractChunk(_input, chunk) {
      return { facts: await perChunk(chunk), usage: { inputTokens: 10, outputTokens: 2 } };
    },
  };
}

/** A promise a test settles when it chooses: the order chunks finish in, without timers. */
function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

async function collect(stream: AsyncIterable<ExtractedChunk>): Promise<ExtractedChunk[]> {
  const out: ExtractedChunk[] = [];
  for await (const c of stream) out.push(c);
  return out;
}

describe("the extract stage", () => {
  it("yields every chunk in source order, whatever order they finish in, with their usage", async () => {
    const gates = chunks.map(() => deferred());
    const stream = extractChunks({
      chunks,
      extractor: extractor(async (chunk) => {
        await gates[chunk.index]!.promise;
        return [f(paragraphs[chunk.index]!.slice(5, 25))];
      }),
      input,
      concurrency: 4,
    });
    const collected = collect(stream);
    for (const i of [3, 2, 1, 0]) gates[i]!.resolve();
    const out = await collected;
    expect(out.map((c) => c.outcome.index)).toEqual([0, 1, 2, 3]);
    expect(out[0]!.outcome).toMatchObject({ status: "succeeded", factCount: 1, attempts: 1 });
    expect(out.map((c) => c.outcome.usage.inputTokens)).toEqual([10, 10, 10, 10]);
    expect(out[2]!.facts[0]!.quote).toBe(paragraphs[2]!.slice(5, 25));
  });

  it("never runs more chunks at once than the concurrency cap", async () => {
    const many = Array.from({ length: 12 }, (_, index) => ({ index, start: 0, end: 1, segments: [] }));
    let running = 0;
    let peak = 0;
    const out = await collect(
      extractChunks({
        chunks: many,
        extractor: extractor(async () => {
          running++;
          peak = Math.max(peak, running);
          await Promise.resolve();
          running--;
          return [];
        }),
        input,
        concurrency: 3,
      }),
    );
    expect(out).toHaveLength(12);
    expect(peak).toBe(3);
  });

  it("keeps going when a chunk fails, with a readable message and a generic one for non-AppErrors", async () => {
    const out = await collect(
      extractChunks({
        chunks,
        extractor: extractor((chunk) => {
          if (chunk.index === 1) throw new AppError("MODEL_ERROR", "The model timed out after 60 s");
          if (chunk.index === 2) throw new Error("socket hang up at 10.0.0.3 with key sk-secret");
          return [f("We decided")];
        }),
        input,
        concurrency: 1,
      }),
    );
    expect(out.map((c) => c.outcome.status)).toEqual(["succeeded", "failed", "failed", "succeeded"]);
    expect(out[1]!.outcome.error).toBe("The model timed out after 60 s");
    expect(out[2]!.outcome.error).toBe("The extractor failed unexpectedly");
    expect(out[1]!.facts).toEqual([]);
  });

  it("counts an LLM's malformed replies and their retries, and the tokens they cost", async () => {
    const model = scriptedModel([
      async (options) => {
        const { source } = promptText(options);
        if (source.startsWith("Bo:")) return textResult("{ not json");
        return factsResult([fact({ content: source.slice(0, 20), quote: source.slice(5, 30) })]);
      },
    ]);
    const llm = createLlmExtractor({ model, modelId: "mock", timeoutMs: 5_000, maxRetries: 1 });
    const out = await collect(extractChunks({ chunks, extractor: llm, input, concurrency: 2 }));
    expect(out[1]!.outcome).toMatchObject({ status: "failed", attempts: 2, error: expect.stringMatching(/malformed/) });
    // 4 chunks + 1 retry = 5 requests of 100 input tokens.
    expect(out.reduce((n, c) => n + c.outcome.usage.inputTokens, 0)).toBe(500);
  });

  it("ends the stream at a fatal error (the thread died), starting nothing after it", async () => {
    const started: number[] = [];
    const stream = extractChunks({
      chunks,
      extractor: extractor((chunk) => {
        started.push(chunk.index);
        if (chunk.index === 1)
          throw Object.assign(new AppError("INTERNAL", "The extraction thread stopped"), { fatal: true });
        return [];
      }),
      input,
      concurrency: 1,
    });
    await expect(collect(stream)).rejects.toThrow("The extraction thread stopped");
    expect(started).toEqual([0, 1]);
  });

  it("starts no chunk once the consumer stops", async () => {
    const started: number[] = [];
    const gates = chunks.map(() => deferred());
    const stream = extractChunks({
      chunks,
      extractor: extractor(async (chunk) => {
        started.push(chunk.index);
        await gates[chunk.index]!.promise;
        return [];
      }),
      input,
      concurrency: 2,
    });
    gates[0]!.resolve();
    for await (const chunk of stream) {
      if (chunk.outcome.index === 0) break; // as when storing chunk 0 fails
    }
    for (const g of gates) g.resolve();
    await new Promise((resolve) => setImmediate(resolve));
    // Chunk 0's slot went to chunk 2 when its request settled; after the break nothing else starts.
    expect(started).toEqual([0, 1, 2]);
  });

  it("starts the next request when one settles, while the consumer still holds the chunk before", async () => {
    const started: number[] = [];
    const stream = extractChunks({
      chunks,
      extractor: extractor((chunk) => {
        started.push(chunk.index);
        return [];
      }),
      input,
      concurrency: 1,
    });
    const first = await stream.next();
    expect(first.value?.outcome.index).toBe(0);
    // The consumer is reviewing chunk 0 (it has not pulled again): the one slot is already chunk 1's, and more.
    await new Promise((resolve) => setImmediate(resolve));
    expect(started.length).toBeGreaterThan(1);
    expect(started).toEqual([...started].sort((x, y) => x - y));
    await stream.return(undefined);
  });

  it("records the chunks not started as cancelled once the run's signal aborts", async () => {
    const controller = new AbortController();
    const out = await collect(
      extractChunks({
        chunks,
        extractor: extractor(() => {
          controller.abort();
          return [f("We decided")];
        }),
        input: { ...input, signal: controller.signal },
        concurrency: 1,
      }),
    );
    expect(out.map((c) => c.outcome.status)).toEqual(["succeeded", "failed", "failed", "failed"]);
    expect(out[3]!.outcome).toMatchObject({ error: "Extraction was cancelled", attempts: 0 });
  });
});
