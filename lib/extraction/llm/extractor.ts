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
  type LanguageModelUsage,
} from "ai";
import { AppError } from "@/lib/errors";
import { factsOutputSchema, SchemaMismatch } from "@/lib/extraction/llm/output";
import { DEFAULT_TEMPLATE, promptVersion, renderPrompt } from "@/lib/extraction/llm/prompt";
import type { Chunk, ChunkResult, ExtractionInput, Extractor, TokenUsage } from "@/lib/extraction/types";

/**
 * The LLM extractor: one structured-output request per chunk. The AI SDK retries what HTTP says is
 * transient (its `maxRetries`: 408, 409, 429, 5xx and network errors, after 2 s then 4 s, or after the
 * provider's Retry-After / retry-after-ms when that is under a minute). Two things it cannot do stay
 * here: a reply that is not JSON is asked for once more (the SDK only retries failed HTTP calls), and
 * every request gets its own timeout (the SDK's `timeout` option spans all its retries together).
 */

type V3Model = Extract<LanguageModel, { specificationVersion: "v3" }>;

export interface LlmExtractorOptions {
  /** An AI SDK v3 model object, as every provider in provider.ts returns. */
  model: LanguageModel;
  modelId: string;
  /** Replaces DEFAULT_TEMPLATE; the prompt version becomes `custom-<sha8>`. */
  template?: string;
  /**
   * Per model request, not per chunk: each retry the SDK makes gets the full time again. A request
   * that times out is not retried (the SDK never retries an aborted request), so a model that never
   * answers fails its chunk after timeoutMs.
   */
  timeoutMs: number;
  /** The AI SDK's maxRetries: retries after the first request for 408, 409, 429, 5xx and network errors. */
  maxRetries: number;
  knownFactsLimit?: number;
}

/** What a thrown chunk error carries besides its message, for the run log. */
export interface ChunkErrorDetails {
  /** Requests sent to the model for this chunk: the SDK's retries and our one re-ask included. */
  attempts: number;
  usage: TokenUsage;
}

interface Failure {
  /** "malformed" is asked again once; "cancelled" gets no attempt count in its message. */
  kind: "malformed" | "cancelled" | "final";
  message: string;
}

/** Thrown by the per-request timeout; not an APICallError, so the SDK does not retry it. */
class RequestTimeout extends Error {
  override name = "RequestTimeout";
}

export function createLlmExtractor(options: LlmExtractorOptions): Extractor {
  const template = options.template ?? DEFAULT_TEMPLATE;
  const version = promptVersion(options.template);
  const baseModel = asV3Model(options.model);

  async function extractChunk(input: ExtractionInput, chunk: Chunk): Promise<ChunkResult> {
    const text = input.text.slice(chunk.start, chunk.end);
    if (text.trim().length === 0) return { facts: [], usage: { inputTokens: 0, outputTokens: 0 }, attempts: 0 };
    const system = renderPrompt(template, {
      kinds: input.kinds,
      contextHints: input.contextHints,
      sourceDate: input.sourceDate,
      knownFacts: input.knownFacts,
      knownFactsLimit: options.knownFactsLimit,
      maxFacts: input.maxFacts,
    });
    const schema = factsOutputSchema(input.kinds.map((k) => k.id));
    const usage: TokenUsage = { inputTokens: 0, outputTokens: 0 };
    // The SDK does not report how many requests its retries made, so they are counted where it calls the model.
    let attempts = 0;
    const perRequest: LanguageModelMiddleware = {
      specificationVersion: "v3",
      wrapGenerate: async ({ model, params }) => {
        attempts++;
        // A timer rather than AbortSignal.timeout: the clock the SDK's retry waits use, which tests can fake.
        const timeout = new AbortController();
        const timer = setTimeout(
          () => timeout.abort(new DOMException("The model request timed out", "TimeoutError")),
          options.timeoutMs,
        );
        const signals = params.abortSignal ? [params.abortSignal, timeout.signal] : [timeout.signal];
        try {
          return await model.doGenerate({ ...params, abortSignal: AbortSignal.any(signals) });
        } catch (error) {
          if (timeout.signal.aborted && !params.abortSignal?.aborted) {
            throw new RequestTimeout("model request timed out");
          }
          throw error;
        } finally {
          clearTimeout(timer);
        }
      },
    };
    // Many models wrap JSON in ``` fences even when asked not to; extractJsonMiddleware strips them.
    const model = wrapLanguageModel({ model: baseModel, middleware: [extractJsonMiddleware(), perRequest] });

    for (let ask = 1; ; ask++) {
      try {
        const result = await generateText({
          model,
          system,
          prompt: text,
          output: Output.object({ schema, name: "facts" }),
          maxRetries: options.maxRetries,
          abortSignal: input.signal,
        });
        addUsage(usage, result.usage);
        const { facts, warnings } = result.output;
        return { facts, usage, attempts, warnings };
      } catch (error) {
        if (NoObjectGeneratedError.isInstance(error) && error.usage) addUsage(usage, error.usage);
        const failure = classify(error, { cancelled: input.signal?.aborted === true, timeoutMs: options.timeoutMs });
        // Unparsable output is often a one-off sample (cut off, chatty): asking once more usually works.
        // A reply that parses but has the wrong shape is the model misreading the task, and fails at once.
        if (failure.kind === "malformed" && ask === 1) continue;
        throw chunkError(failure, attempts, usage);
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

function chunkError(failure: Failure, attempts: number, usage: TokenUsage): AppError & ChunkErrorDetails {
  const tries = attempts > 1 && failure.kind !== "cancelled" ? ` (after ${attempts} attempts)` : "";
  const error = new AppError("MODEL_ERROR", `${failure.message}${tries}`);
  return Object.assign(error, { attempts, usage: { ...usage } });
}

/**
 * Maps whatever the SDK or provider threw to a message written by us. Provider error bodies and
 * request details are never copied into it: they can echo prompts or (with some proxies) headers.
 */
export function classify(error: unknown, ctx: { cancelled: boolean; timeoutMs: number }): Failure {
  if (ctx.cancelled) return { kind: "cancelled", message: "Extraction was cancelled" };
  // After more than one try the SDK throws a RetryError; what the user needs is why the last one failed.
  const cause = RetryError.isInstance(error) ? error.lastError : error;
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
    if (status === undefined) {
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

function addUsage(total: TokenUsage, usage: LanguageModelUsage): void {
  total.inputTokens += usage.inputTokens ?? 0;
  total.outputTokens += usage.outputTokens ?? 0;
}

function formatSeconds(ms: number): string {
  return String(Number((ms / 1000).toFixed(2)));
}
