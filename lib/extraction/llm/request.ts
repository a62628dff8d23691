import { APICallError, wrapLanguageModel, type LanguageModel } from "ai";
import { RateLimitPastDeadline, retryAfterMs, type ProviderLimiter } from "@/lib/extraction/llm/rate-limit";

/**
 * One model request as the extractor sends it: through the provider's limiter (lib/extraction/llm/rate-limit.ts),
 * with its own timeout. A 429 is waited out here, for every user of the provider at once, as long as the run's
 * time budget lasts: the SDK's own retries (two, on their own, with no shared backoff) lost chunks to a provider
 * limit. A request that times out is sent once more: one slow answer is common, two in a row is a model that is
 * down. Anything else is thrown for the SDK (which retries 5xx and network errors) and the extractor to handle.
 */

/** Thrown by the per-request timeout; not an APICallError, so the SDK does not retry it again. */
export class RequestTimeout extends Error {
  override name = "RequestTimeout";
}

/** The provider still rate limits past the run's time budget; not an APICallError, so the SDK does not retry it. */
export class RateLimitExhausted extends Error {
  override name = "RateLimitExhausted";
  constructor(readonly budgetMs: number) {
    super("the provider's rate limit outlasted the run's time budget");
  }
}

/** What a chunk's requests met, for its log entry; summed over the SDK's retries and the extractor's re-asks. */
export interface RequestStats {
  /** Requests sent to the model. */
  attempts: number;
  /** 429 replies waited out. */
  rateLimited: number;
  /** Time spent waiting out the provider's pauses (its own 429s and other chunks'). */
  waitedMs: number;
}

export interface RequestPolicy {
  limiter: ProviderLimiter;
  timeoutMs: number;
  /** Epoch ms after which a rate limit fails the chunk (the run's time budget ends). */
  deadline: number;
  budgetMs: number;
  /** A wait for the provider's rate limit begins, of `ms` (shown on the run while it lasts). */
  onWait?: (ms: number) => void;
}

/** A request that times out once is sent once more; a second timeout fails the chunk. */
const TIMEOUT_RETRIES = 1;

export async function sendLimited<T>(
  policy: RequestPolicy,
  stats: RequestStats,
  signal: AbortSignal | undefined,
  send: (signal: AbortSignal) => PromiseLike<T>,
): Promise<T> {
  let timeouts = 0;
  for (;;) {
    const slot = await policy.limiter
      .acquire({ signal, deadline: policy.deadline, onWait: policy.onWait })
      .catch((error: unknown) => {
        throw error instanceof RateLimitPastDeadline ? new RateLimitExhausted(policy.budgetMs) : error;
      });
    stats.waitedMs += slot.pausedMs;
    stats.attempts++;
    try {
      const result = await withTimeout(policy.timeoutMs, signal, send);
      policy.limiter.succeeded();
      return result;
    } catch (error) {
      if (signal?.aborted) throw error;
      if (error instanceof RequestTimeout && timeouts++ < TIMEOUT_RETRIES) continue;
      if (APICallError.isInstance(error) && error.statusCode === 429) {
        stats.rateLimited++;
        const wait = policy.limiter.rateLimited(slot, retryAfterMs(error.responseHeaders));
        if (Date.now() + wait > policy.deadline) throw new RateLimitExhausted(policy.budgetMs);
        continue;
      }
      throw error;
    } finally {
      slot.release();
    }
  }
}

/**
 * `model` with every request through the provider's limiter, for callers with no run budget of their own (the
 * matcher's judge): a pause is waited out until the caller's own abort signal ends the call. A model that is not
 * an AI SDK v3 object (a gateway id) is returned as it is.
 */
export function limitedModel(model: LanguageModel, limiter: ProviderLimiter, timeoutMs: number): LanguageModel {
  if (typeof model !== "object" || model.specificationVersion !== "v3") return model;
  const policy: RequestPolicy = { limiter, timeoutMs, deadline: Number.POSITIVE_INFINITY, budgetMs: 0 };
  return wrapLanguageModel({
    model,
    middleware: {
      specificationVersion: "v3",
      wrapGenerate: ({ model: inner, params }) =>
        sendLimited(policy, { attempts: 0, rateLimited: 0, waitedMs: 0 }, params.abortSignal, (abortSignal) =>
          inner.doGenerate({ ...params, abortSignal }),
        ),
    },
  });
}

async function withTimeout<T>(
  timeoutMs: number,
  signal: AbortSignal | undefined,
  send: (signal: AbortSignal) => PromiseLike<T>,
): Promise<T> {
  // A timer rather than AbortSignal.timeout: the clock the SDK's retry waits use, which tests can fake.
  const timeout = new AbortController();
  const timer = setTimeout(
    () => timeout.abort(new DOMException("The model request timed out", "TimeoutError")),
    timeoutMs,
  );
  try {
    return await send(signal ? AbortSignal.any([signal, timeout.signal]) : timeout.signal);
  } catch (error) {
    if (timeout.signal.aborted && !signal?.aborted) throw new RequestTimeout("model request timed out");
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
