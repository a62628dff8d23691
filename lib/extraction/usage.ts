import { CHARS_PER_TOKEN } from "@/lib/extraction/chunking";
import type { TokenUsage } from "@/lib/extraction/types";

/** Adding up token usage: a chunk's requests, a run's chunks and its matcher calls (lib/models/usage-meter.ts). */

export const NO_USAGE: Readonly<TokenUsage> = Object.freeze({ inputTokens: 0, outputTokens: 0 });

/** `total` plus `part`, in place; the optional counts appear only once one of them is non-zero. */
export function addUsage(total: TokenUsage, part: TokenUsage | null | undefined): TokenUsage {
  if (!part) return total;
  total.inputTokens += part.inputTokens;
  total.outputTokens += part.outputTokens;
  for (const key of ["cacheReadTokens", "cacheWriteTokens", "embeddingTokens"] as const) {
    const n = part[key] ?? 0;
    if (n > 0) total[key] = (total[key] ?? 0) + n;
  }
  if (part.estimated) total.estimated = true;
  return total;
}

export function sumUsage(parts: Iterable<TokenUsage | null | undefined>): TokenUsage {
  const total: TokenUsage = { inputTokens: 0, outputTokens: 0 };
  for (const p of parts) addUsage(total, p);
  return total;
}

/**
 * Tokens counted by us, for a request the provider billed without saying how much: the same rough chars / 4 the
 * chunker plans with (lib/extraction/chunking.ts), so an estimate is as good as a chunk's budget, no better.
 */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / CHARS_PER_TOKEN);
}
