import { afterEach, describe, expect, it, vi } from "vitest";
import {
  MAX_RETRY_AFTER_MS,
  ProviderLimiter,
  providerLimiter,
  RateLimitPastDeadline,
  retryAfterMs,
} from "@/lib/extraction/llm/rate-limit";

afterEach(() => {
  vi.useRealTimers();
});

describe("retryAfterMs", () => {
  const now = Date.parse("2026-05-06T10:00:00Z");

  it("reads retry-after-ms first, then retry-after in seconds or as an HTTP date", () => {
    expect(retryAfterMs({ "retry-after-ms": "250", "retry-after": "9" }, now)).toBe(250);
    expect(retryAfterMs({ "Retry-After": "45" }, now)).toBe(45_000);
    expect(retryAfterMs({ "retry-after": "Wed, 06 May 2026 10:02:00 GMT" }, now)).toBe(120_000);
    // A date already past asks for no wait, not a negative one.
    expect(retryAfterMs({ "retry-after": "Wed, 06 May 2026 09:00:00 GMT" }, now)).toBe(0);
  });

  it("falls back to the latest x-ratelimit-reset-* (OpenAI durations) or anthropic-ratelimit-*-reset", () => {
    expect(retryAfterMs({ "x-ratelimit-reset-requests": "1s", "x-ratelimit-reset-tokens": "6m0s" }, now)).toBe(360_000);
    expect(retryAfterMs({ "x-ratelimit-reset-requests": "20ms" }, now)).toBe(20);
    expect(retryAfterMs({ "x-ratelimit-reset-requests": "1m2.5s" }, now)).toBe(62_500);
    expect(retryAfterMs({ "anthropic-ratelimit-requests-reset": "2026-05-06T10:00:30Z" }, now)).toBe(30_000);
  });

  it("is undefined for no header or an unreadable one", () => {
    expect(retryAfterMs(undefined, now)).toBeUndefined();
    expect(retryAfterMs({}, now)).toBeUndefined();
    expect(retryAfterMs({ "retry-after": "soon" }, now)).toBeUndefined();
    expect(retryAfterMs({ "x-ratelimit-reset-requests": "1 fortnight" }, now)).toBeUndefined();
  });
});

describe("ProviderLimiter", () => {
  it("lets `max` requests in flight and the next one in when a slot is released", async () => {
    const limiter = new ProviderLimiter(2);
    const a = await limiter.acquire();
    await limiter.acquire();
    let third = false;
    const pending = limiter.acquire().then((slot) => {
      third = true;
      return slot;
    });
    await Promise.resolve();
    expect(third).toBe(false);
    a.release();
    await pending;
    expect(third).toBe(true);
    expect(limiter.inFlight).toBe(2);
  });

  it("halves its bound once per burst of 429s, pauses everyone, raises it by one after successes", async () => {
    vi.useFakeTimers();
    const limiter = new ProviderLimiter(4, 2);
    const slots = await Promise.all([1, 2, 3, 4].map(() => limiter.acquire()));
    // Four requests sent together, all refused: one decrease, not four (they met the same limit).
    for (const slot of slots) limiter.rateLimited(slot, 3_000);
    expect(limiter.limit).toBe(2);
    for (const slot of slots) slot.release();

    const waits: number[] = [];
    const began = Date.now();
    const next = limiter.acquire({ onWait: (ms) => waits.push(ms) });
    await vi.advanceTimersByTimeAsync(3_000);
    const slot = await next;
    expect(Date.now() - began).toBe(3_000);
    expect(slot.pausedMs).toBe(3_000);
    expect(waits).toEqual([3_000]);

    // A 429 on a request sent after the decrease lowers it again.
    limiter.rateLimited(slot, 0);
    expect(limiter.limit).toBe(1);
    slot.release();
    for (let i = 0; i < 2; i++) limiter.succeeded();
    expect(limiter.limit).toBe(2);
    for (let i = 0; i < 10; i++) limiter.succeeded();
    expect(limiter.limit).toBe(4); // never above max
  });

  it("backs off 1 s, 2 s, 4 s… when the 429 names no wait, and caps a long Retry-After", async () => {
    vi.useFakeTimers();
    const limiter = new ProviderLimiter(1);
    const waits: number[] = [];
    for (let i = 0; i < 4; i++) {
      const slot = await limiter.acquire();
      waits.push(limiter.rateLimited(slot, undefined));
      slot.release();
      await vi.advanceTimersByTimeAsync(waits.at(-1)!);
    }
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000]);
    const slot = await limiter.acquire();
    expect(limiter.rateLimited(slot, 60 * 60_000)).toBe(MAX_RETRY_AFTER_MS);
  });

  it("honours a tiny Retry-After twice in a row, then waits at least the backoff", async () => {
    vi.useFakeTimers();
    const limiter = new ProviderLimiter(1);
    const waits: number[] = [];
    for (let i = 0; i < 4; i++) {
      const slot = await limiter.acquire();
      waits.push(limiter.rateLimited(slot, 1));
      slot.release();
      await vi.advanceTimersByTimeAsync(waits.at(-1)!);
    }
    expect(waits).toEqual([1, 1, 1_000, 2_000]);
    // A success ends the run of 429s: the provider's word is taken again.
    (await limiter.acquire()).release();
    limiter.succeeded();
    expect(limiter.rateLimited(await limiter.acquire(), 1)).toBe(1);
  });

  it("refuses at once to wait out a pause that ends past the caller's deadline", async () => {
    vi.useFakeTimers();
    const limiter = new ProviderLimiter(1);
    const slot = await limiter.acquire();
    limiter.rateLimited(slot, 120_000);
    slot.release();
    await expect(limiter.acquire({ deadline: Date.now() + 60_000 })).rejects.toBeInstanceOf(RateLimitPastDeadline);
    const within = limiter.acquire({ deadline: Date.now() + 180_000 });
    await vi.advanceTimersByTimeAsync(120_000);
    await expect(within).resolves.toMatchObject({ pausedMs: 120_000 });
  });

  it("stops waiting when the caller cancels", async () => {
    vi.useFakeTimers();
    const limiter = new ProviderLimiter(1);
    const slot = await limiter.acquire();
    limiter.rateLimited(slot, 30_000);
    const controller = new AbortController();
    const waiting = limiter.acquire({ signal: controller.signal });
    controller.abort(new Error("cancelled"));
    await expect(waiting).rejects.toThrow("cancelled");
  });
});

describe("providerLimiter", () => {
  it("is one limiter per key in the process, its bound following the configured concurrency", () => {
    const key = `test-${Math.random()}`;
    const first = providerLimiter(key, 3);
    expect(providerLimiter(key, 3)).toBe(first);
    expect(providerLimiter(`${key}-other`, 3)).not.toBe(first);
    expect(providerLimiter(key, 2).limit).toBe(2);
  });
});
