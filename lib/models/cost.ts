import "server-only";

/** What a model's tokens cost, in US dollars, at a price per million tokens; null without a price or usage. */
export function costOfUsage(
  usage: { inputTokens: number; outputTokens: number } | null | undefined,
  price: { input: number; output: number } | undefined,
): number | null {
  if (!usage || !price) return null;
  return (usage.inputTokens * price.input + usage.outputTokens * price.output) / 1_000_000;
}
