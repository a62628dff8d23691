/**
 * One limiter per provider (provider, base URL, model and API key hash), shared by every chunk of every run in
 * the process. It bounds the requests in flight to the provider and, after a 429, pauses them all for as long
 * as the provider asked and halves that bound (AIMD: additive increase, multiplicative decrease), raising it by
 * one after a run of successes. No library in node_modules does this (bottleneck and p-queue are not installed,
 * and neither reads Retry-After), so it is small and tested here (rate-limit.test.ts).
 *
 * Timers are setTimeout and the clock Date.now: the ones fake timers replace, so tests need no real sleeps.
 */

/** A Retry-After longer than this is waited for this long, then the request is tried again. */
export const MAX_RETRY_AFTER_MS = 5 * 60_000;
/** Without any Retry-After header: 1 s, 2 s, 4 s … up to this, doubling with each 429 in a row. */
const MAX_BACKOFF_MS = 60_000;
/** Successes in a row that raise the bound by one after it was lowered. */
const DEFAULT_RAISE_AFTER = 4;

/** Thrown by acquire when the provider's pause ends past the caller's deadline: waiting would be in vain. */
export class RateLimitPastDeadline extends Error {
  override name = "RateLimitPastDeadline";
  constructor(readonly waitMs: number) {
    super("the provider's rate limit lasts past the run's time budget");
  }
}

export interface Slot {
  /** The bound's generation when the slot was granted: one burst of 429s halves the bound once, not per reply. */
  readonly generation: number;
  release(): void;
}

export interface AcquireOptions {
  signal?: AbortSignal;
  /** Epoch ms: a pause that ends later throws RateLimitPastDeadline at once. */
  deadline?: number;
  /** Called when the caller starts waiting out a pause the provider asked for, with the wait in ms. */
  onWait?: (ms: number) => void;
}

export class ProviderLimiter {
  /** Requests allowed in flight now (1 … max). */
  limit: number;
  inFlight = 0;
  /** Epoch ms before which no request is sent (the provider's Retry-After). */
  pausedUntil = 0;
  private generation = 0;
  private streak = 0;
  private rateLimitedInARow = 0;
  private waiters: (() => void)[] = [];

  constructor(
    public max: number,
    private readonly raiseAfter = DEFAULT_RAISE_AFTER,
  ) {
    this.limit = Math.max(1, Math.floor(max));
  }

  /** Waits for any pause and a free slot; resolves with the slot and the ms spent waiting out pauses. */
  async acquire(options: AcquireOptions = {}): Promise<Slot & { pausedMs: number }> {
    let pausedMs = 0;
    for (;;) {
      options.signal?.throwIfAborted();
      const wait = this.pausedUntil - Date.now();
      if (wait > 0) {
        if (options.deadline !== undefined && this.pausedUntil > options.deadline)
          throw new RateLimitPastDeadline(wait);
        options.onWait?.(wait);
        await sleep(wait, options.signal);
        pausedMs += wait;
        continue;
      }
      if (this.inFlight < this.limit) {
        this.inFlight++;
        let released = false;
        return {
          generation: this.generation,
          pausedMs,
          release: () => {
            if (released) return;
            released = true;
            this.inFlight--;
            this.wake();
          },
        };
      }
      await new Promise<void>((resolve) => {
        const waiter = () => {
          options.signal?.removeEventListener("abort", waiter);
          resolve();
        };
        this.waiters.push(waiter);
        options.signal?.addEventListener("abort", waiter, { once: true });
      });
    }
  }

  /** A 429 on `slot`'s request: everyone waits `retryAfterMs` (else a doubling backoff); the bound halves. */
  rateLimited(slot: Slot, retryAfterMs: number | undefined): number {
    this.rateLimitedInARow++;
    this.streak = 0;
    if (slot.generation === this.generation) {
      this.limit = Math.max(1, Math.floor(this.limit / 2));
      this.generation++;
    }
    const backoff = (n: number) => Math.min(MAX_BACKOFF_MS, 1_000 * 2 ** (n - 1));
    // A provider that keeps asking for a few ms while it keeps refusing is not believed past the second time:
    // from the third 429 in a row the wait is at least the doubling backoff, so nothing spins on its 429s.
    const floor = this.rateLimitedInARow > 2 ? backoff(this.rateLimitedInARow - 2) : 0;
    const wait = Math.min(
      MAX_RETRY_AFTER_MS,
      retryAfterMs === undefined ? backoff(this.rateLimitedInARow) : Math.max(retryAfterMs, floor),
    );
    this.pausedUntil = Math.max(this.pausedUntil, Date.now() + wait);
    return this.pausedUntil - Date.now();
  }

  /** A request the provider answered without a 429: after a run of them the bound rises by one. */
  succeeded(): void {
    this.rateLimitedInARow = 0;
    if (this.limit >= this.max) return;
    if (++this.streak >= this.raiseAfter) {
      this.streak = 0;
      this.limit++;
      this.wake();
    }
  }

  private wake(): void {
    // Every waiter re-checks: cheap at these sizes, and none is skipped when the bound rose by more than one.
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }
}

// On globalThis: the server bundles instrumentation.ts (the worker) apart from the routes (which start runs),
// so this module may exist twice in one process; both copies must share one limiter per provider.
const globalForLimiters = globalThis as typeof globalThis & { __siftProviderLimiters?: Map<string, ProviderLimiter> };

/** The process's limiter for `key`, made on first use; its bound follows the latest `max` configured. */
export function providerLimiter(key: string, max: number): ProviderLimiter {
  const limiters = (globalForLimiters.__siftProviderLimiters ??= new Map());
  let limiter = limiters.get(key);
  if (!limiter) {
    limiter = new ProviderLimiter(max);
    limiters.set(key, limiter);
  } else if (limiter.max !== max) {
    limiter.max = max;
    limiter.limit = Math.min(limiter.limit, Math.max(1, max));
  }
  return limiter;
}

/**
 * How long the provider asked to wait, in ms, from a 429's headers: `retry-after-ms` (OpenAI), `retry-after` in
 * seconds or as an HTTP date, else the latest `x-ratelimit-reset-*` (OpenAI's "6m0s" durations) or
 * `anthropic-ratelimit-*-reset` (RFC 3339 dates). Undefined when none is readable.
 */
export function retryAfterMs(headers: Record<string, string> | undefined, now = Date.now()): number | undefined {
  if (!headers) return undefined;
  const h = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v.trim()]));
  const ms = Number(h["retry-after-ms"]);
  if (h["retry-after-ms"] && Number.isFinite(ms) && ms >= 0) return ms;
  const after = h["retry-after"];
  if (after) {
    if (/^\d+(\.\d+)?$/.test(after)) return Number(after) * 1_000;
    const date = Date.parse(after);
    if (!Number.isNaN(date)) return Math.max(0, date - now);
  }
  const resets: number[] = [];
  for (const [name, value] of Object.entries(h)) {
    if (/^x-ratelimit-reset-/.test(name)) {
      const duration = parseDuration(value);
      if (duration !== undefined) resets.push(duration);
    } else if (/^anthropic-ratelimit-.*-reset$/.test(name)) {
      const date = Date.parse(value);
      if (!Number.isNaN(date)) resets.push(Math.max(0, date - now));
    }
  }
  return resets.length > 0 ? Math.max(...resets) : undefined;
}

/** "1h2m3.5s", "6m0s", "20ms", "1.5s", or bare seconds, in ms. */
function parseDuration(value: string): number | undefined {
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value) * 1_000;
  const parts = [...value.matchAll(/(\d+(?:\.\d+)?)(ms|h|m|s)/g)];
  if (parts.length === 0 || parts.map((p) => p[0]).join("") !== value) return undefined;
  const unit: Record<string, number> = { h: 3_600_000, m: 60_000, s: 1_000, ms: 1 };
  return parts.reduce((sum, [, n, u]) => sum + Number(n) * unit[u!]!, 0);
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(done, ms);
    function done() {
      signal?.removeEventListener("abort", aborted);
      resolve();
    }
    function aborted() {
      clearTimeout(timer);
      reject(signal!.reason as Error);
    }
    signal?.addEventListener("abort", aborted, { once: true });
  });
}
