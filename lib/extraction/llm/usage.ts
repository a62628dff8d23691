import type { LanguageModelMiddleware, LanguageModelUsage } from "ai";
import type { TokenUsage } from "@/lib/extraction/types";
import { estimateTokens } from "@/lib/extraction/usage";

/** The AI SDK's usage shapes as a TokenUsage, and what a billed request the provider never reported on is worth. */

type CallParams = Parameters<NonNullable<LanguageModelMiddleware["wrapGenerate"]>>[0]["params"];
type V3Usage = Awaited<
  ReturnType<Parameters<NonNullable<LanguageModelMiddleware["wrapGenerate"]>>[0]["doGenerate"]>
>["usage"];

/** generateText's usage (and NoObjectGeneratedError's). */
export function fromSdkUsage(usage: LanguageModelUsage): TokenUsage {
  return withCache(
    { inputTokens: usage.inputTokens ?? 0, outputTokens: usage.outputTokens ?? 0 },
    usage.inputTokenDetails?.cacheReadTokens,
    usage.inputTokenDetails?.cacheWriteTokens,
  );
}

/** A provider's raw (v3) usage, as the middleware sees it; undefined when the provider reported none. */
export function fromV3Usage(usage: V3Usage): TokenUsage | undefined {
  if (usage.inputTokens.total === undefined && usage.outputTokens.total === undefined) return undefined;
  return withCache(
    { inputTokens: usage.inputTokens.total ?? 0, outputTokens: usage.outputTokens.total ?? 0 },
    usage.inputTokens.cacheRead,
    usage.inputTokens.cacheWrite,
  );
}

function withCache(usage: TokenUsage, read: number | undefined, write: number | undefined): TokenUsage {
  if (read) usage.cacheReadTokens = read;
  if (write) usage.cacheWriteTokens = write;
  return usage;
}

/**
 * A request billed with no usage in the reply (a timeout, a body that broke off, a cut-off reply without usage):
 * its prompt counted from what was sent, and as output the whole `max_tokens` it was allowed, since the provider
 * may have written all of it before we stopped listening. An upper bound, marked estimated, so cost is never
 * understated by a failure (docs/configuration.md, "Tokens and cost").
 */
export function estimatedUsage(params: CallParams): TokenUsage {
  const sent = params.prompt
    .map((m) =>
      typeof m.content === "string"
        ? m.content
        : m.content.map((p) => ("text" in p && typeof p.text === "string" ? p.text : "")).join(""),
    )
    .join("\n");
  const schema = params.responseFormat?.type === "json" ? JSON.stringify(params.responseFormat.schema ?? "") : "";
  return {
    inputTokens: estimateTokens(sent + schema),
    outputTokens: params.maxOutputTokens ?? 0,
    estimated: true,
  };
}
