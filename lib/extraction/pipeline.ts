import pLimit from "p-limit";
import { isAppError } from "@/lib/errors";
import { chunkInput } from "@/lib/extraction/chunking";
import { groundFacts } from "@/lib/extraction/grounding";
import { readableView, type SourceView } from "@/lib/sources/view";
import { normalizeText } from "@/lib/text/normalize";
import type { Candidate } from "@/lib/extraction/schema";
import type { Chunk, ExtractionInput, Extractor, TokenUsage } from "@/lib/extraction/types";

/**
 * Runs an extractor over a whole source: chunk, call the extractor for each chunk under a
 * concurrency cap, ground every fact against the full text, de-duplicate, cap. It never touches the
 * database; `onChunk` lets the caller persist progress as chunks finish. A failed chunk does not
 * fail the run: its error is recorded and the other chunks' candidates are kept. An error marked `fatal`
 * (the extractor's thread died) rejects the run at once; chunks already reported stay saved.
 */

export interface ChunkOutcome {
  index: number;
  start: number;
  end: number;
  status: "succeeded" | "failed";
  /** Facts the extractor returned for this chunk (before grounding and de-duplication). */
  factCount: number;
  /** Readable message for a failed chunk (an AppError message; never provider internals). */
  error?: string;
  attempts: number;
  ms: number;
  usage: TokenUsage;
  warnings: string[];
}

export type ExtractionStatus = "succeeded" | "partial" | "failed";

export interface ExtractionRunResult {
  /** De-duplicated, capped at input.maxFacts, in source order (unsupported ones last). */
  candidates: Candidate[];
  /** One per chunk, ordered by chunk index. */
  chunks: ChunkOutcome[];
  usage: TokenUsage;
  status: ExtractionStatus;
}

export interface RunExtractionOptions {
  extractor: Extractor;
  input: ExtractionInput;
  tokenBudget: number;
  concurrency: number;
  /**
   * Called once per chunk as it finishes, with the run's capped candidate list so far. Awaited and
   * never run concurrently; if it throws, no further chunks start and runExtraction rejects.
   */
  onChunk?: (outcome: ChunkOutcome, candidatesSoFar: Candidate[]) => void | Promise<void>;
  /** Chunk indexes to leave out, e.g. the ones that succeeded before when retrying a partial run. */
  skipChunks?: ReadonlySet<number>;
  /**
   * What the skipped chunks proposed before (a resumed run's saved candidates): de-duplication starts from
   * them, so the chunks that run now propose what they would have in one uninterrupted run.
   */
  seed?: readonly Candidate[];
  /** Called once with the chunks before any runs, so a caller can show "0 of N chunks". */
  onStart?: (chunks: Chunk[]) => void | Promise<void>;
  /** Injectable clock for the `ms` of outcomes. */
  now?: () => number;
}

export async function runExtraction(options: RunExtractionOptions): Promise<ExtractionRunResult> {
  const { extractor } = options;
  const stored = options.input;
  // Extractors read the view (subtitles and chats as "Speaker: text" lines, markup read away); every span
  // they and grounding find is mapped back, so candidates and chunks point into the stored text.
  const view = readableView({ format: stored.format ?? "text", text: stored.text, segments: stored.segments });
  const mapped = view.text !== stored.text;
  const input: ExtractionInput = mapped ? { ...stored, text: view.text, segments: view.segments } : stored;
  const now = options.now ?? (() => performance.now());
  const allChunks = chunkInput({ text: input.text, segments: input.segments, tokenBudget: options.tokenBudget });
  await options.onStart?.(allChunks);
  const chunks = options.skipChunks ? allChunks.filter((c) => !options.skipChunks?.has(c.index)) : allChunks;
  const outcomes: ChunkOutcome[] = [];
  const byContent = new Map<string, Candidate>();
  for (const candidate of options.seed ?? []) keepBest(byContent, candidate);
  const total: TokenUsage = { inputTokens: 0, outputTokens: 0 };
  // onChunk calls are serialised so a caller persisting progress never sees them interleave.
  let reporting = Promise.resolve();

  async function runOne(chunk: Chunk): Promise<void> {
    const began = now();
    let outcome: ChunkOutcome;
    const span = chunkSpan(mapped ? view : null, chunk);
    if (input.signal?.aborted) {
      outcome = failed({ ...chunk, ...span }, "Extraction was cancelled", 0, 0, { inputTokens: 0, outputTokens: 0 });
    } else {
      try {
        const result = await extractor.extractChunk(input, chunk);
        const usage = result.usage ?? { inputTokens: 0, outputTokens: 0 };
        // The extractor's own span when it knows one (a sentence said twice stays where it was said);
        // else the chunk's middle: any occurrence inside the chunk is nearer to it than any outside.
        const middle = Math.floor((chunk.start + chunk.end) / 2);
        const grounded = groundFacts(
          input.text,
          result.facts,
          result.facts.map((_, i) => result.spans?.[i] ?? { start: middle, end: middle }),
        );
        const candidates = mapped ? grounded.map((c) => toStored(view, stored.text, c)) : grounded;
        for (const candidate of candidates) keepBest(byContent, candidate);
        outcome = {
          index: chunk.index,
          ...span,
          status: "succeeded",
          factCount: result.facts.length,
          attempts: result.attempts ?? 1,
          ms: Math.round(now() - began),
          usage,
          warnings: result.warnings ?? [],
        };
      } catch (error) {
        // The extractor itself is gone (its thread died): stop the run rather than fail chunk after chunk.
        if (isFatal(error)) throw error;
        const details = errorDetails(error);
        outcome = failed(
          { ...chunk, ...span },
          errorMessage(error),
          details.attempts,
          Math.round(now() - began),
          details.usage,
        );
      }
    }
    total.inputTokens += outcome.usage.inputTokens;
    total.outputTokens += outcome.usage.outputTokens;
    outcomes.push(outcome);
    const snapshot = selectCandidates(byContent, input.maxFacts);
    const report = reporting.then(() => options.onChunk?.(outcome, snapshot));
    reporting = report.catch(() => undefined);
    await report;
  }

  const limit = pLimit(Math.max(1, Math.floor(options.concurrency)));
  await Promise.all(
    chunks.map((chunk) =>
      limit(async () => {
        try {
          await runOne(chunk);
        } catch (error) {
          // Extractor errors are failed outcomes, so this is onChunk (e.g. the database is gone) or a fatal
          // extractor error: start nothing more. Cleared chunks never settle, but Promise.all has already
          // rejected with this error.
          limit.clearQueue();
          throw error;
        }
      }),
    ),
  );
  await reporting;

  outcomes.sort((a, b) => a.index - b.index);
  const failures = outcomes.filter((o) => o.status === "failed").length;
  const status: ExtractionStatus = failures === 0 ? "succeeded" : failures === outcomes.length ? "failed" : "partial";
  return { candidates: selectCandidates(byContent, input.maxFacts), chunks: outcomes, usage: total, status };
}

/** A candidate found in the view, placed in the stored text: its quote is the stored slice at its offsets. */
function toStored(view: SourceView, text: string, c: Candidate): Candidate {
  if (c.start === null || c.end === null) return c;
  const start = view.toStored(c.start, "start");
  const end = Math.max(start, view.toStored(c.end, "end"));
  return { ...c, start, end, quote: text.slice(start, end) };
}

function chunkSpan(view: SourceView | null, chunk: Chunk): { start: number; end: number } {
  if (!view) return { start: chunk.start, end: chunk.end };
  return { start: view.toStored(chunk.start, "start"), end: view.toStored(chunk.end, "end") };
}

function keepBest(byContent: Map<string, Candidate>, candidate: Candidate): void {
  const key = normalizeText(candidate.content);
  const existing = byContent.get(key);
  if (!existing || rank(candidate) > rank(existing)) byContent.set(key, candidate);
}

/** A grounded fact beats an ungrounded one; then confidence, then importance. */
function rank(c: Candidate): number {
  return (c.supported ? 10 : 0) + c.confidence + c.importance / 100;
}

function selectCandidates(byContent: Map<string, Candidate>, maxFacts: number | undefined): Candidate[] {
  let all = [...byContent.values()];
  if (maxFacts !== undefined && all.length > maxFacts) {
    all = all.sort((a, b) => rank(b) - rank(a)).slice(0, Math.max(0, maxFacts));
  }
  return all.sort((a, b) => (a.start ?? Number.MAX_SAFE_INTEGER) - (b.start ?? Number.MAX_SAFE_INTEGER));
}

function failed(chunk: Chunk, error: string, attempts: number, ms: number, usage: TokenUsage): ChunkOutcome {
  return {
    index: chunk.index,
    start: chunk.start,
    end: chunk.end,
    status: "failed",
    factCount: 0,
    error,
    attempts,
    ms,
    usage,
    warnings: [],
  };
}

function errorMessage(error: unknown): string {
  // Only AppError messages are written for users; anything else may carry internals.
  return isAppError(error) ? error.message : "The extractor failed unexpectedly";
}

/** An extractor that cannot go on marks its error `fatal` (worker/client.ts): no further chunk is tried. */
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
