import {
  APICallError,
  extractJsonMiddleware,
  generateText,
  JSONParseError,
  NoObjectGeneratedError,
  NoOutputGeneratedError,
  Output,
  RetryError,
  TypeValidationError,
  wrapLanguageModel,
  type LanguageModel,
  type LanguageModelMiddleware,
  type ModelMessage,
} from "ai";
import { AppError } from "@/lib/errors";
import { factsOutputSchema, SchemaMismatch } from "@/lib/extraction/llm/output";
import {
  DEFAULT_KNOWN_FACTS_LIMIT,
  DEFAULT_MAX_FACTS,
  DEFAULT_TEMPLATE,
  EXAMPLES_PER_CHUNK,
  promptVersion,
  renderPrompt,
  renderUserMessage,
} from "@/lib/extraction/llm/prompt";
import { ProviderLimiter } from "@/lib/extraction/llm/rate-limit";
import { mostRelevant } from "@/lib/extraction/llm/relevance";
import { reaskMessages, repairFactsJson } from "@/lib/extraction/llm/repair";
import { RateLimitExhausted, RequestTimeout, sendLimited, type RequestStats } from "@/lib/extraction/llm/request";
import { mergeResults, splitChunk } from "@/lib/extraction/llm/split";
import type { Chunk, ChunkResult, ExtractionInput, Extractor, TokenUsage } from "@/lib/extraction/types";
import { addUsage } from "@/lib/extraction/usage";
import { estimatedUsage, fromSdkUsage, fromV3Usage } from "@/lib/extraction/llm/usage";

/**
 * The LLM extractor: one structured-output request per chunk. The AI SDK retries what HTTP says is
 * transient (its `maxRetries`: 408, 409, 5xx and network errors, after 2 s then 4 s, or after the
 * provider's Retry-After). What it cannot do stays here: a reply that is not JSON is asked for once more
 * (the SDK only retries failed HTTP calls), and every request goes through the provider's shared limiter
 * with its own timeout (lib/extraction/llm/request.ts: 429s waited out while the run's time budget lasts,
 * one retry after a timeout).
 */

type V3Model = Extract<LanguageModel, { specificationVersion: "v3" }>;

export interface LlmExtractorOptions {
  /** An AI SDK v3 model object, as every provider in provider.ts returns. */
  model: LanguageModel;
  modelId: string;
  /** Replaces DEFAULT_TEMPLATE; the prompt version becomes `custom-<sha8>`. */
  template?: string;
  /**
   * Per model request, not per chunk: each retry gets the full time again. A request that times out is
   * sent once more, so a model that never answers fails its chunk after 2 × timeoutMs.
   */
  timeoutMs: number;
  /** The AI SDK's maxRetries: retries after the first request for 408, 409, 5xx and network errors. */
  maxRetries: number;
  /** The provider's limiter (models/index.ts: one per provider in the process); default: one of its own. */
  limiter?: ProviderLimiter;
  /** How long from now 429s are waited out before a chunk fails for them (SIFT_LLM_RUN_BUDGET_MS). */
  runBudgetMs?: number;
  /** A wait for the provider's rate limit begins, of `ms`: the run shows it. */
  onRateLimitWait?: (ms: number) => void;
  knownFactsLimit?: number;
}

/** What a thrown chunk error carries besides its message, for the run log. */
export interface ChunkErrorDetails {
  /** Requests sent to the model for this chunk: the SDK's retries and our one re-ask included. */
  attempts: number;
  usage: TokenUsage;
  rateLimit?: { hits: number; waitedMs: number };
}

interface Failure {
  /** "malformed" is asked again once; "cancelled" gets no attempt count in its message. */
  kind: "malformed" | "cutoff" | "cancelled" | "final";
  message: string;
}

/** A reply that stopped at its token limit (finish_reason "length"): what it holds is part of an answer. */
class CutOff extends Error {
  override name = "CutOff";
  constructor(readonly usage: TokenUsage) {
    super("the model's reply was cut off at its token limit");
  }
}

/** Output tokens allowed per request: room for the cap of facts (~120 tokens each) and the wrapping. */
export function maxOutputTokens(maxFacts = DEFAULT_MAX_FACTS): number {
  return maxFacts * 120 + 200;
}

/** How many times a cut-off chunk is halved and asked again (so a chunk becomes at most 4 requests). */
const MAX_SPLITS = 2;

/** Default of SIFT_LLM_RUN_BUDGET_MS: 30 minutes. */
export const DEFAULT_RUN_BUDGET_MS = 30 * 60_000;

export function createLlmExtractor(options: LlmExtractorOptions): Extractor {
  const template = options.template ?? DEFAULT_TEMPLATE;
  const version = promptVersion(options.template);
  const baseModel = asV3Model(options.model);
  const budgetMs = options.runBudgetMs ?? DEFAULT_RUN_BUDGET_MS;
  const knownLimit = options.knownFactsLimit ?? DEFAULT_KNOWN_FACTS_LIMIT;
  const policy = {
    limiter: options.limiter ?? new ProviderLimiter(Number.POSITIVE_INFINITY),
    timeoutMs: options.timeoutMs,
    deadline: Date.now() + budgetMs,
    budgetMs,
    onWait: options.onRateLimitWait,
  };

  async function extractChunk(input: ExtractionInput, chunk: Chunk, splits = 0): Promise<ChunkResult> {
    const text = input.text.slice(chunk.start, chunk.end);
    if (text.trim().length === 0) return { facts: [], usage: { inputTokens: 0, outputTokens: 0 }, attempts: 0 };
    const vars = {
      kinds: input.kinds,
      contextHints: input.contextHints,
      sourceDate: input.sourceDate,
      // The known facts and examples most about this chunk, not the latest: lib/extraction/llm/relevance.ts.
      knownFacts: mostRelevant(text, input.knownFacts ?? [], (f) => f, { limit: knownLimit, fill: true }),
      knownFactsLimit: knownLimit,
      examples: mostRelevant(text, input.examples ?? [], (e) => e.content, { limit: EXAMPLES_PER_CHUNK, fill: false }),
      maxFacts: input.maxFacts,
    };
    const system = renderPrompt(template, vars);
    const user = renderUserMessage(template, { ...vars, text });
    const schema = factsOutputSchema(
      input.kinds.map((k) => k.id),
      input.maxFacts,
    );
    const usage: TokenUsage = { inputTokens: 0, outputTokens: 0 };
    // The SDK does not report how many requests its retries made, so they are counted where it calls the model.
    const stats: RequestStats = { attempts: 0, rateLimited: 0, waitedMs: 0 };
    const perRequest: LanguageModelMiddleware = {
      specificationVersion: "v3",
      wrapGenerate: async ({ model, params }) => {
        const result = await sendLimited(policy, stats, params.abortSignal, async (abortSignal) => {
          try {
            return await model.doGenerate({ ...params, abortSignal });
          } catch (error) {
            // Timed out (the provider may have answered in full after we hung up), or a 200 whose body broke off:
            // billed, never reported. Each such attempt is estimated (docs/configuration.md).
            const timedOut = abortSignal.aborted && !params.abortSignal?.aborted;
            if (timedOut || (APICallError.isInstance(error) && isSuccess(error.statusCode))) {
              addUsage(usage, estimatedUsage(params));
            }
            throw error;
          }
        });
        if (result.finishReason.unified === "length") {
          // Billed up to the limit: what the provider reported, else the request and max_tokens, estimated.
          throw new CutOff(fromV3Usage(result.usage) ?? estimatedUsage(params));
        }
        return result;
      },
    };
    // Models wrap JSON in prose, fences and trailing commas even when asked not to: unwrapped before parsing.
    const model = wrapLanguageModel({
      model: baseModel,
      middleware: [extractJsonMiddleware({ transform: repairFactsJson }), perRequest],
    });

    // The re-ask after an unparsable reply shows the model its reply and why it could not be read.
    let reask: ModelMessage[] = [];
    for (let ask = 1; ; ask++) {
      try {
        const result = await generateText({
          model,
          // The stable prefix (rules, kinds, cap) marked for Anthropic's prompt cache; other providers ignore it.
          system: { role: "system", content: system, providerOptions: CACHE_SYSTEM },
          messages: [{ role: "user", content: user }, ...reask],
          output: Output.object({ schema, name: "facts" }),
          maxRetries: options.maxRetries,
          maxOutputTokens: maxOutputTokens(input.maxFacts),
          abortSignal: input.signal,
        });
        addUsage(usage, fromSdkUsage(result.usage));
        const { facts, refused } = result.output;
        return { facts, usage, attempts: stats.attempts, refused, rateLimit: rateLimitOf(stats) };
      } catch (error) {
        if (NoObjectGeneratedError.isInstance(error) && error.usage) addUsage(usage, fromSdkUsage(error.usage));
        const cause = RetryError.isInstance(error) ? error.lastError : error;
        if (cause instanceof CutOff) addUsage(usage, cause.usage);
        const failure = classify(error, { cancelled: input.signal?.aborted === true, timeoutMs: options.timeoutMs });
        // A reply cut off at its token limit: the same text in two halves, each with room for its answer.
        if (failure.kind === "cutoff" && splits < MAX_SPLITS) {
          const halves = splitChunk(input.text, chunk);
          if (halves)
            return mergeResults(await Promise.all(halves.map((h) => extractChunk(input, h, splits + 1))), {
              usage,
              attempts: stats.attempts,
              rateLimit: rateLimitOf(stats),
            });
        }
        // Unparsable output is often a one-off sample (chatty, a stray bracket): asked once more, with the error.
        // A reply that parses but has the wrong shape is the model misreading the task, and fails at once.
        if (failure.kind === "malformed" && ask === 1) {
          reask = reaskMessages(error);
          continue;
        }
        throw chunkError(failure, stats, usage);
      }
    }
  }

  return { name: "llm", modelId: options.modelId, promptVersion: version, extractChunk };
}

function asV3Model(model: LanguageModel): V3Model {
  if (typeof model === "object" && model.specificationVersion === "v3") return model;
  // A gateway id string or a v2 model could not be wrapped for the per-request timeout.
  throw new AppError("CONFIG", "The configured model is not supported: an AI SDK v3 language model is needed");
}

function chunkError(failure: Failure, stats: RequestStats, usage: TokenUsage): AppError & ChunkErrorDetails {
  const { attempts } = stats;
  const tries = attempts > 1 && failure.kind !== "cancelled" ? ` (after ${attempts} attempts)` : "";
  const error = new AppError("MODEL_ERROR", `${failure.message}${tries}`);
  return Object.assign(error, { attempts, usage: { ...usage }, rateLimit: rateLimitOf(stats) });
}

/** What the chunk's log entry says about the provider's rate limit; undefined when it never met one. */
function rateLimitOf(stats: RequestStats): { hits: number; waitedMs: number } | undefined {
  return stats.rateLimited > 0 || stats.waitedMs > 0
    ? { hits: stats.rateLimited, waitedMs: Math.round(stats.waitedMs) }
    : undefined;
}

/**
 * Maps whatever the SDK or provider threw to a message written by us. Provider error bodies and
 * request details are never copied into it: they can echo prompts or (with some proxies) headers.
 */
export function classify(error: unknown, ctx: { cancelled: boolean; timeoutMs: number }): Failure {
  if (ctx.cancelled) return { kind: "cancelled", message: "Extraction was cancelled" };
  // After more than one try the SDK throws a RetryError; what the user needs is why the last one failed.
  const cause = RetryError.isInstance(error) ? error.lastError : error;
  if (cause instanceof CutOff) {
    return { kind: "cutoff", message: "The model's reply was cut off at its token limit" };
  }
  if (cause instanceof RateLimitExhausted) {
    return {
      kind: "final",
      message:
        `The model provider is still rate limiting requests (HTTP 429) past the run's time budget of ` +
        `${formatMinutes(cause.budgetMs)} (SIFT_LLM_RUN_BUDGET_MS): what was extracted is kept; Retry runs the rest`,
    };
  }
  if (cause instanceof RequestTimeout) {
    return { kind: "final", message: `The model timed out after ${formatSeconds(ctx.timeoutMs)} s` };
  }

  if (NoObjectGeneratedError.isInstance(cause)) {
    if (JSONParseError.isInstance(cause.cause)) {
      return { kind: "malformed", message: "The model returned malformed JSON instead of the requested facts" };
    }
    if (TypeValidationError.isInstance(cause.cause)) {
      const detail = cause.cause.cause instanceof SchemaMismatch ? `: ${cause.cause.cause.message}` : "";
      return { kind: "final", message: `The model's reply did not match the expected format${detail}` };
    }
    return { kind: "malformed", message: "The model returned no usable output" };
  }
  // An empty reply that did not finish normally (e.g. cut off at the token limit).
  if (NoOutputGeneratedError.isInstance(cause)) {
    return { kind: "malformed", message: "The model returned no usable output" };
  }

  if (APICallError.isInstance(cause)) {
    const status = cause.statusCode;
    // A 200 whose body broke off mid-way: the connection failed, not the request.
    if (status === undefined || isSuccess(status)) {
      return { kind: "final", message: "Could not reach the model endpoint (network error)" };
    }
    if (status === 429) {
      return { kind: "final", message: "The model provider is rate limiting requests (HTTP 429)" };
    }
    if (status === 408 || status >= 500) {
      return { kind: "final", message: `The model provider had a server error (HTTP ${status})` };
    }
    if (status === 401 || status === 403) {
      return {
        kind: "final",
        message: `The model provider rejected the credentials (HTTP ${status}): check the API key`,
      };
    }
    if (status === 404) {
      return {
        kind: "final",
        message: "The model or endpoint was not found (HTTP 404): check SIFT_LLM_MODEL and SIFT_LLM_BASE_URL",
      };
    }
    return { kind: "final", message: `The model provider rejected the request (HTTP ${status})` };
  }

  // Timeouts the provider's own HTTP stack raised (e.g. undici's header timeout), not ours.
  if (cause instanceof Error && (cause.name === "TimeoutError" || cause.name === "AbortError")) {
    return { kind: "final", message: `The model timed out after ${formatSeconds(ctx.timeoutMs)} s` };
  }
  if (cause instanceof TypeError && /fetch failed|network/i.test(cause.message)) {
    return { kind: "final", message: "Could not reach the model endpoint (network error)" };
  }
  return { kind: "final", message: "The model call failed unexpectedly" };
}

/** No status (the connection failed) or a 2xx whose body broke off: a network error, not a refusal. */
function isSuccess(status: number | undefined): boolean {
  return status === undefined || (status >= 200 && status < 300);
}

const CACHE_SYSTEM = { anthropic: { cacheControl: { type: "ephemeral" } } } as const;

function formatMinutes(ms: number): string {
  return ms >= 60_000 ? `${Number((ms / 60_000).toFixed(1))} min` : `${formatSeconds(ms)} s`;
}

function formatSeconds(ms: number): string {
  return String(Number((ms / 1000).toFixed(2)));
}
