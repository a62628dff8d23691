import "server-only";
import type { TokenUsage } from "@/lib/extraction/types";

/** A chat model's price per million tokens (SIFT_LLM_PRICE_PER_MTOK); cache reads and writes apart. */
export interface ModelPrice {
  input: number;
  output: number;
  cacheRead?: number;
  cacheWrite?: number;
}

/**
 * What a run's tokens cost, in US dollars; null without a chat price or without usage. Prompt tokens read from or
 * written to the provider's cache are priced at their own rate (the input price when none is given); embedding
 * tokens at `embeddingPrice`, else not at all (they are counted, and cost a small fraction of chat tokens).
 */
export function costOfUsage(
  usage: TokenUsage | null | undefined,
  price: ModelPrice | undefined,
  embeddingPrice?: number,
): number | null {
  if (!usage || !price) return null;
  const read = usage.cacheReadTokens ?? 0;
  const written = usage.cacheWriteTokens ?? 0;
  const plain = Math.max(0, usage.inputTokens - read - written);
  const dollars =
    plain * price.input +
    read * (price.cacheRead ?? price.input) +
    written * (price.cacheWrite ?? price.input) +
    usage.outputTokens * price.output +
    (usage.embeddingTokens ?? 0) * (embeddingPrice ?? 0);
  return dollars / 1_000_000;
}
