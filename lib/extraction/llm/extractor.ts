import {
  APICallError,
  extractJsonMiddleware,
  generateText,
  JSONParseError,
  NoObjectGeneratedError,
  Output,
  TypeValidationError,
  wrapLanguageModel,
  type LanguageModel,
  type LanguageModelUsage,
} from "ai";
import { AppError } from "@/lib/errors";
import { factsOutputSchema, SchemaMismatch } from "@/lib/extraction/llm/output";
import { DEFAULT_TEMPLATE, promptVersion, renderPrompt } from "@/lib/extraction/llm/prompt";
import type { Chunk, ChunkResult, ExtractionInput, Extractor, TokenUsage } from "@/lib/extraction/types";

/**
 * The LLM extractor: one structured-output request per chunk. Retries live here rather than in the
 * AI SDK (its maxRetries is set to 0) so that timeouts and malformed replies are retried by the same
 * policy, attempts can be reported, and the sleep between attempts can be replaced in tests.
 */

export interface LlmExtractorOptions {
  model: LanguageModel;
  modelId: string;
  /** Replaces DEFAULT_TEMPLATE; the prompt version becomes `custom-<sha8>`. */
  template?: string;
  /** Per request, not per chunk: each retry gets the full time again. */
  timeoutMs: number;
  /** Retries after the first request for transient failures (timeout, 429, 5xx, network). */
  maxRetries: number;
  knownFactsLimit?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Injectable for tests; must reject when `signal` aborts. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
}

/** What a thrown chunk error carries besides its message, for the run log. */
export interface ChunkErrorDetails {
  attempts: number;
  usage: TokenUsage;
}

type FailureKind = "transient" | "timeout" | "malformed" | "permanent" | "cancelled";
interface Failure {
  kind: FailureKind;
  message: string;
  retryAfterMs?: number;
}

export function createLlmExtractor(options: LlmExtractorOptions): Extractor {
  const template = options.template ?? DEFAULT_TEMPLATE;
  const version = promptVersion(options.template);
  // Many models wrap JSON in ``` fences even when asked not to; strip them before parsing.
  const model =
    typeof options.model === "object" && options.model.specificationVersion === "v3"
      ? wrapLanguageModel({ model: options.model, middleware: extractJsonMiddleware() })
      : options.model;
  const sleep = options.sleep ?? defaultSleep;
  const random = options.random ?? Math.random;
  const baseDelayMs = options.baseDelayMs ?? 1_000;
  const maxDelayMs = options.maxDelayMs ?? 30_000;

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
    let attempts = 0;
    let malformedRetried = false;

    for (;;) {
      attempts++;
      const timeout = AbortSignal.timeout(options.timeoutMs);
      const signal = input.signal ? AbortSignal.any([input.signal, timeout]) : timeout;
      try {
        const result = await generateText({
          model,
          system,
          prompt: text,
          output: Output.object({ schema, name: "facts" }),
          maxRetries: 0,
          abortSignal: signal,
        });
        addUsage(usage, result.usage);
        const { facts, warnings } = result.output;
        return { facts, usage, attempts, warnings };
      } catch (error) {
        if (NoObjectGeneratedError.isInstance(error) && error.usage) addUsage(usage, error.usage);
        const failure = classify(error, {
          cancelled: input.signal?.aborted === true,
          timedOut: timeout.aborted,
          timeoutMs: options.timeoutMs,
        });
        const retryable =
          failure.kind === "transient" || failure.kind === "timeout"
            ? attempts <= options.maxRetries
            : failure.kind === "malformed" && !malformedRetried && attempts <= options.maxRetries;
        if (!retryable) throw chunkError(failure, attempts, usage);
        if (failure.kind === "malformed") malformedRetried = true;
        const exp = Math.min(maxDelayMs, baseDelayMs * 2 ** (attempts - 1));
        // "Equal jitter": keeps at least half the backoff while spreading concurrent chunks apart.
        const delay = Math.min(maxDelayMs, Math.max(exp / 2 + random() * (exp / 2), failure.retryAfterMs ?? 0));
        try {
          await sleep(delay, input.signal);
        } catch {
          throw chunkError({ kind: "cancelled", message: "Extraction was cancelled" }, attempts, usage);
        }
      }
    }
  }

  return { name: "llm", modelId: options.modelId, promptVersion: version, extractChunk };
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
export function classify(error: unknown, ctx: { cancelled: boolean; timedOut: boolean; timeoutMs: number }): Failure {
  if (ctx.cancelled) return { kind: "cancelled", message: "Extraction was cancelled" };
  if (ctx.timedOut) return { kind: "timeout", message: `The model timed out after ${formatSeconds(ctx.timeoutMs)} s` };

  if (NoObjectGeneratedError.isInstance(error)) {
    if (JSONParseError.isInstance(error.cause)) {
      return { kind: "malformed", message: "The model returned malformed JSON instead of the requested facts" };
    }
    if (TypeValidationError.isInstance(error.cause)) {
      const detail = error.cause.cause instanceof SchemaMismatch ? `: ${error.cause.cause.message}` : "";
      return { kind: "permanent", message: `The model's reply did not match the expected format${detail}` };
    }
    return { kind: "malformed", message: "The model returned no usable output" };
  }

  if (APICallError.isInstance(error)) {
    const status = error.statusCode;
    if (status === undefined) {
      return { kind: "transient", message: "Could not reach the model endpoint (network error)" };
    }
    if (status === 429) {
      const retryAfterMs = parseRetryAfter(error.responseHeaders?.["retry-after"]);
      return {
        kind: "transient",
        message: "The model provider is rate limiting requests (HTTP 429)",
        ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
      };
    }
    if (status === 408 || status >= 500) {
      return { kind: "transient", message: `The model provider had a server error (HTTP ${status})` };
    }
    if (status === 401 || status === 403) {
      return {
        kind: "permanent",
        message: `The model provider rejected the credentials (HTTP ${status}): check the API key`,
      };
    }
    if (status === 404) {
      return {
        kind: "permanent",
        message: "The model or endpoint was not found (HTTP 404): check SIFT_LLM_MODEL and SIFT_LLM_BASE_URL",
      };
    }
    return { kind: "permanent", message: `The model provider rejected the request (HTTP ${status})` };
  }

  if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) {
    return { kind: "timeout", message: `The model timed out after ${formatSeconds(ctx.timeoutMs)} s` };
  }
  if (error instanceof TypeError && /fetch failed|network/i.test(error.message)) {
    return { kind: "transient", message: "Could not reach the model endpoint (network error)" };
  }
  return { kind: "permanent", message: "The model call failed unexpectedly" };
}

function addUsage(total: TokenUsage, usage: LanguageModelUsage): void {
  total.inputTokens += usage.inputTokens ?? 0;
  total.outputTokens += usage.outputTokens ?? 0;
}

function formatSeconds(ms: number): string {
  return String(Number((ms / 1000).toFixed(2)));
}

function parseRetryAfter(value: string | undefined): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
