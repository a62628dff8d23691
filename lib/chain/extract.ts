import { isAppError } from "@/lib/errors";
import type { SpanHint } from "@/lib/extraction/grounding";
import type { ExtractedFact } from "@/lib/extraction/schema";
import type { Chunk, ExtractionInput, Extractor, RateLimitMet, TokenUsage } from "@/lib/extraction/types";
import { addUsage, NO_USAGE } from "@/lib/extraction/usage";

/**
 * The extract stage: each chunk through the extractor, up to `concurrency` at once, yielded in chunk order
 * (so what follows — de-duplication first — sees the source in order, whatever finished first). A chunk
 * that fails is a failed outcome and the others go on; an error marked `fatal` (the extraction thread
 * died) ends the stream with that error. A slot frees when its request settles, so requests go on while the
 * consumer reviews; nothing new starts once the consumer stops (returns) or a few chunks wait for it.
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
  /** Items of the reply not kept, one reason each; stored in the run's log and shown. */
  refused: string[];
  /** The provider's rate limit this chunk waited out, when it met one; stored in the run's log and shown. */
  rateLimit?: RateLimitMet;
  /** Candidates the extractor ranked under its floor and left out, counted (the offline extractor's). */
  belowFloor?: { count: number; floor: number };
  /** Summary items the extractor joined to the candidates they repeat, counted (the offline extractor's). */
  joined?: number;
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
  const slots = Math.max(1, Math.floor(concurrency));
  // Started, in chunk order, until the consumer takes them. Each settles to a value, so no rejection goes
  // unhandled while it waits its turn.
  const window: Promise<Settled>[] = [];
  let inFlight = 0;
  let stopped = false;
  // A slot is freed when its request settles, not when the stages after this one are done with the chunk: the
  // next request starts at once while the chunk is grounded, matched and stored (issue 26: review held the slot).
  // At most AHEAD × slots chunks wait for the consumer, so a slow store bounds what is held in memory.
  const startNext = () => {
    while (!stopped && inFlight < slots && window.length < slots * AHEAD) {
      const next = pending.next();
      if (next.done) return;
      inFlight++;
      window.push(
        extractOne(next.value).then((settled) => {
          inFlight--;
          if ("fatal" in settled) stopped = true;
          startNext();
          return settled;
        }),
      );
    }
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
            refused: result.refused ?? [],
            ...(result.rateLimit ? { rateLimit: result.rateLimit } : {}),
            ...(result.belowFloor ? { belowFloor: result.belowFloor } : {}),
            ...(result.joined ? { joined: result.joined } : {}),
          },
        },
      };
    } catch (error) {
      if (isFatal(error)) return { fatal: error };
      const details = errorDetails(error);
      const value = failed(chunk, errorMessage(error), details.attempts, Math.round(now() - began), details.usage);
      if (details.rateLimit) value.outcome.rateLimit = details.rateLimit;
      return { value };
    }
  }

  startNext();
  try {
    while (window.length > 0) {
      const settled = await window.shift()!;
      if ("fatal" in settled) throw settled.fatal;
      startNext();
      yield settled.value;
    }
  } finally {
    // The consumer stopped (an error downstream, the claim lost): nothing new starts.
    stopped = true;
  }
}

/** How many chunks' worth of slots may wait, extracted, for the stages after this one. */
const AHEAD = 3;

function failed(chunk: Chunk, error: string, attempts: number, ms: number, usage: TokenUsage): ExtractedChunk {
  return {
    chunk,
    facts: [],
    spans: [],
    outcome: { index: chunk.index, status: "failed", factCount: 0, error, attempts, ms, usage, refused: [] },
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
function errorDetails(error: unknown): { attempts: number; usage: TokenUsage; rateLimit?: RateLimitMet } {
  const e = (typeof error === "object" && error !== null ? error : {}) as {
    attempts?: unknown;
    usage?: unknown;
    rateLimit?: unknown;
  };
  const usage = (typeof e.usage === "object" && e.usage !== null ? e.usage : {}) as Partial<TokenUsage>;
  const rateLimit = e.rateLimit as Partial<RateLimitMet> | undefined;
  const count = (n: unknown) => (typeof n === "number" && Number.isFinite(n) ? n : 0);
  return {
    ...(typeof rateLimit?.hits === "number" && typeof rateLimit.waitedMs === "number"
      ? { rateLimit: { hits: rateLimit.hits, waitedMs: rateLimit.waitedMs } }
      : {}),
    attempts: typeof e.attempts === "number" ? e.attempts : 1,
    usage: addUsage(
      { inputTokens: 0, outputTokens: 0 },
      {
        inputTokens: count(usage.inputTokens),
        outputTokens: count(usage.outputTokens),
        cacheReadTokens: count(usage.cacheReadTokens),
        cacheWriteTokens: count(usage.cacheWriteTokens),
        estimated: usage.estimated === true,
      },
    ),
  };
}
