import "server-only";
import type { Env } from "@/lib/env";

/**
 * How big a run's chunks are (issue 26 item 7): each chunk re-sends the prompt around it, so a model with room
 * for more gets bigger chunks, and fewer requests carry the prefix. SIFT_CHUNK_TOKENS decides when set; else a
 * model whose context window is known to be large gets LARGE_CHUNK_TOKENS, any other (the offline extractor, a
 * local model) SMALL_CHUNK_TOKENS. The window is SIFT_LLM_CONTEXT_TOKENS when set, else the table below.
 */

export const SMALL_CHUNK_TOKENS = 3_000;
export const LARGE_CHUNK_TOKENS = 12_000;
/** A 12k chunk, its prompt and a full reply (maxOutputTokens ~6k) fit in this with room to spare. */
const LARGE_CONTEXT_TOKENS = 32_000;

/**
 * Context windows of hosted model families, by the model name's prefix (first match wins). Local models are
 * left out on purpose: a server such as Ollama runs them with a window of 2k–8k whatever the model allows, so
 * only SIFT_LLM_CONTEXT_TOKENS can say a local model has room.
 */
const KNOWN_CONTEXT: [prefix: string, tokens: number][] = [
  ["gpt-4.1", 1_047_576],
  ["gpt-5", 400_000],
  ["gpt-4o", 128_000],
  ["o4-mini", 200_000],
  ["o3", 200_000],
  ["claude-", 200_000],
  ["gemini-", 1_000_000],
];

/** The context window of a model ("anthropic:claude-haiku-4-5" or its bare name); undefined when unknown. */
export function contextTokens(modelId: string, override?: number): number | undefined {
  if (override) return override;
  const name = modelId.slice(modelId.indexOf(":") + 1).toLowerCase();
  // A provider path such as "openai/gpt-4.1-mini" (OpenRouter and other gateways) names the model last.
  const bare = name.slice(name.lastIndexOf("/") + 1);
  return KNOWN_CONTEXT.find(([prefix]) => bare.startsWith(prefix))?.[1];
}

/** The chunk budget of a new run: `modelId` is the run's model, null for the offline extractor or an agent's facts. */
export function chunkTokensFor(
  env: Pick<Env, "SIFT_CHUNK_TOKENS" | "SIFT_LLM_CONTEXT_TOKENS">,
  modelId: string | null,
): number {
  if (env.SIFT_CHUNK_TOKENS) return env.SIFT_CHUNK_TOKENS;
  if (modelId === null) return SMALL_CHUNK_TOKENS;
  const window = contextTokens(modelId, env.SIFT_LLM_CONTEXT_TOKENS);
  return window !== undefined && window >= LARGE_CONTEXT_TOKENS ? LARGE_CHUNK_TOKENS : SMALL_CHUNK_TOKENS;
}
