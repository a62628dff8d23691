import { isAppError } from "@/lib/errors";
import type { SpanHint } from "@/lib/extraction/grounding";
import type { ExtractedFact } from "@/lib/extraction/schema";
import type { Chunk, ExtractionInput, Extractor, TokenUsage } from "@/lib/extraction/types";

/**
 * The extract stage: each chunk through the extractor, up to `concurrency` at once, yielded in chunk order
 * (so what follows — de-duplication first — sees the source in order, whatever finished first). A chunk
 * that fails is a failed outcome and the others go on; an error marked `fatal` (the extraction thread
 * died) ends the stream with that error. Nothing new starts once the consumer stops pulling.
 */

/** One chunk's outcome, as the run's log records it. */
export interface ChunkOutcome {
  index: number;
  status: "succeeded" | "failed";
  /** Facts the extractor returned for this chunk (before grounding and de-duplication). */
  factCount: number;
  /** Readable message for a failed chunk (an AppError message; never provider internals). */
  error?: string;
  attempts: number;
  ms: number;
  usage: TokenUsage;
  /** Facts dropped from the reply (unknown kind, malformed item). */
  warnings: string[];
}

export interface ExtractedChunk {
  /** Offsets into the view. */
  chunk: Chunk;
  outcome: ChunkOutcome;
  facts: ExtractedFact[];
  /** Where each fact's quote is in the view, when the extractor knows (the offline one does). */
  spans: (SpanHint | undefined)[];
}

type Settled = { value: ExtractedChunk } | { fatal: unknown };

export async function* extractChunks({
  chunks,
  extractor,
  input,
  concurrency,
  now = () => performance.now(),
}: {
  chunks: Iterable<Chunk>;
  extractor: Extractor;
  /** The view's text and turns (lib/chain/view.ts extractorInput); its signal cancels the chunks not started. */
  input: ExtractionInput;
  concurrency: number;
  now?: () => number;
}): AsyncGenerator<ExtractedChunk> {
  const pending = chunks[Symbol.iterator]();
  // In flight, in chunk order. Each settles to a value, so no rejection goes unhandled while it waits its turn.
  const window: Promise<Settled>[] = [];
  const startNext = () => {
    const next = pending.next();
    if (!next.done) window.push(extractOne(next.value));
  };
  async function extractOne(chunk: Chunk): Promise<Settled> {
    const began = now();
    if (input.signal?.aborted) return { value: failed(chunk, "Extraction was cancelled", 0, 0, NO_USAGE) };
    try {
      const result = await extractor.extractChunk(input, chunk);
      return {
        value: {
          chunk,
          facts: result.facts,
          spans: result.facts.map((_, i) => result.spans?.[i]),
          outcome: {
            index: chunk.index,
            status: "succeeded",
            factCount: result.facts.length,
            attempts: result.attempts ?? 1,
            ms: Math.round(now() - began),
            usage: result.usage ?? NO_USAGE,
            warnings: result.warnings ?? [],
          },
        },
      };
    } catch (error) {
      if (isFatal(error)) return { fatal: error };
      const details = errorDetails(error);
      return { value: failed(chunk, errorMessage(error), details.attempts, Math.round(now() - began), details.usage) };
    }
  }

  for (let i = 0; i < Math.max(1, Math.floor(concurrency)); i++) startNext();
  while (window.length > 0) {
    const settled = await window.shift()!;
    if ("fatal" in settled) throw settled.fatal;
    startNext();
    yield settled.value;
  }
}

const NO_USAGE: TokenUsage = { inputTokens: 0, outputTokens: 0 };

function failed(chunk: Chunk, error: string, attempts: number, ms: number, usage: TokenUsage): ExtractedChunk {
  return {
    chunk,
    facts: [],
    spans: [],
    outcome: { index: chunk.index, status: "failed", factCount: 0, error, attempts, ms, usage, warnings: [] },
  };
}

function errorMessage(error: unknown): string {
  // Only AppError messages are written for users; anything else may carry internals.
  return isAppError(error) ? error.message : "The extractor failed unexpectedly";
}

/** An extractor that cannot go on marks its error `fatal` (lib/extraction/thread/client.ts). */
function isFatal(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { fatal?: unknown }).fatal === true;
}

/** Extractors may attach `attempts` and `usage` to a thrown error (see llm/extractor.ts). */
function errorDetails(error: unknown): { attempts: number; usage: TokenUsage } {
  const e = (typeof error === "object" && error !== null ? error : {}) as { attempts?: unknown; usage?: unknown };
  const usage = e.usage as Partial<TokenUsage> | undefined;
  return {
    attempts: typeof e.attempts === "number" ? e.attempts : 1,
    usage: {
      inputTokens: typeof usage?.inputTokens === "number" ? usage.inputTokens : 0,
      outputTokens: typeof usage?.outputTokens === "number" ? usage.outputTokens : 0,
    },
  };
}
