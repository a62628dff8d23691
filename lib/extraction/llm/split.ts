import type { Chunk, ChunkResult, RateLimitMet, TokenUsage } from "@/lib/extraction/types";
import { addUsage } from "@/lib/extraction/usage";

/* A chunk whose reply was cut off at the token limit is asked again in halves (lib/extraction/llm/extractor.ts). */

/** The chunk in two at the line break nearest its middle (else the middle); undefined when too small to split. */
export function splitChunk(text: string, chunk: Chunk): [Chunk, Chunk] | undefined {
  if (chunk.end - chunk.start < 40) return undefined;
  const middle = Math.floor((chunk.start + chunk.end) / 2);
  const before = text.lastIndexOf("\n", middle);
  const after = text.indexOf("\n", middle);
  const candidates = [before, after].filter((i) => i > chunk.start && i < chunk.end - 1);
  const cut = candidates.sort((a, b) => Math.abs(a - middle) - Math.abs(b - middle))[0] ?? middle;
  const at = cut === middle ? middle : cut + 1;
  const part = (start: number, end: number): Chunk => ({
    index: chunk.index,
    start,
    end,
    segments: chunk.segments.filter((s) => s.end > start && s.start < end),
  });
  return [part(chunk.start, at), part(at, chunk.end)];
}

export function mergeResults(
  parts: ChunkResult[],
  before: { usage: TokenUsage; attempts: number; rateLimit?: RateLimitMet },
): ChunkResult {
  // The cut-off parent was billed too: its usage stays in the chunk's, with the halves' added.
  const usage = addUsage({ inputTokens: 0, outputTokens: 0 }, before.usage);
  let attempts = before.attempts;
  const rateLimit = { hits: before.rateLimit?.hits ?? 0, waitedMs: before.rateLimit?.waitedMs ?? 0 };
  for (const p of parts) {
    addUsage(usage, p.usage);
    attempts += p.attempts ?? 0;
    rateLimit.hits += p.rateLimit?.hits ?? 0;
    rateLimit.waitedMs += p.rateLimit?.waitedMs ?? 0;
  }
  return {
    facts: parts.flatMap((p) => p.facts),
    refused: parts.flatMap((p) => p.refused ?? []),
    usage,
    attempts,
    ...(rateLimit.hits > 0 || rateLimit.waitedMs > 0 ? { rateLimit } : {}),
  };
}
