import { describe, expect, it } from "vitest";
import { currentRateLimitWait, formatWait, summarizeRateLimits } from "@/lib/extraction/rate-limit-notes";
import type { ChunkLogEntry } from "@/lib/extraction/schema";

const entry = (index: number, rateLimit?: ChunkLogEntry["rateLimit"]): ChunkLogEntry => ({
  index,
  status: "succeeded",
  attempts: 1,
  ms: 10,
  candidates: 0,
  ...(rateLimit ? { rateLimit } : {}),
});

describe("rate limit notes", () => {
  it("sums what the chunks waited, and is null when none met the limit", () => {
    expect(summarizeRateLimits([entry(0), entry(1)])).toBeNull();
    expect(summarizeRateLimits("not a log")).toBeNull();
    expect(
      summarizeRateLimits([entry(0, { hits: 1, waitedMs: 45_000 }), entry(1, { hits: 3, waitedMs: 45_400 })]),
    ).toEqual({ hits: 4, waitedMs: 90_400, text: "waited 1 min 30 s for the provider's rate limit (4 × HTTP 429)" });
    // A chunk that only waited out another chunk's pause met no 429 itself.
    expect(summarizeRateLimits([entry(0, { hits: 0, waitedMs: 5_000 })])?.text).toBe(
      "waited 5 s for the provider's rate limit",
    );
  });

  it("shows the wait of a running run until it ends", () => {
    const now = Date.parse("2026-05-06T10:00:00Z");
    const until = new Date(now + 44_200);
    expect(currentRateLimitWait({ status: "running", rateLimitedUntil: until }, now)).toEqual({
      seconds: 45,
      text: "waiting 45 s: the provider's rate limit",
    });
    expect(currentRateLimitWait({ status: "running", rateLimitedUntil: until }, now + 45_000)).toBeNull();
    expect(currentRateLimitWait({ status: "partial", rateLimitedUntil: until }, now)).toBeNull();
    expect(currentRateLimitWait({ status: "running", rateLimitedUntil: null }, now)).toBeNull();
  });

  it("formats waits in seconds and minutes", () => {
    expect([formatWait(400), formatWait(45_000), formatWait(120_000), formatWait(150_000)]).toEqual([
      "0 s",
      "45 s",
      "2 min",
      "2 min 30 s",
    ]);
  });
});
