import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { LATER_PAIRS, PRODUCT_PAIRS } from "@/lib/matcher/__fixtures__/product-pairs";
import { log } from "@/lib/log";
import { scorePairs, type ScoreRequest } from "@/lib/matcher/match-candidate";
import type { PairResult } from "@/lib/matcher/matcher";
import { createThreadedPairScorer, stopMatcherThreads } from "@/lib/matcher/thread/client";
import { ThresholdsSchema } from "@/lib/matcher/thresholds";

/**
 * The matcher's lexical stage on its own thread (lib/matcher/thread): a server's run sends each candidate's pairs
 * there so the pages keep the server's thread. What it answers must be what this thread would have answered,
 * whatever happens to the thread.
 */
afterAll(async () => stopMatcherThreads());
afterEach(() => vi.restoreAllMocks());

const thresholds = ThresholdsSchema.parse({});
// One request per candidate text, compared with every other text of the product pairs (as a batch's would be).
const pairs = [...PRODUCT_PAIRS, ...LATER_PAIRS];
const requests: ScoreRequest[] = pairs.map((p, i) => ({
  candidate: p.a,
  others: [p.b, ...pairs.slice(i + 1, i + 6).map((q) => q.a)],
  thresholds,
}));

describe("the matcher thread", () => {
  it("gives every request of a batch sent at once the verdicts, scores and reasons this thread gives", async () => {
    const score = createThreadedPairScorer();
    // Sent as batches at once (two runs' worth), each answered with its own.
    const [first, second] = await Promise.all([score(requests.slice(0, 30)), score(requests.slice(30))]);
    expect([...first!, ...second!]).toEqual(requests.map((r) => scorePairs(r)));
    // Not a vacuous comparison: the seeds' textbook pair is a duplicate on the thread too.
    const [seeds] = await score([
      {
        candidate: "Ship offline mode by end of Q3.",
        others: ["Offline mode must be shipped by the end of Q3.", "Offline mode must be shipped by the end of Q4."],
        thresholds,
      },
    ]);
    expect(seeds!.map((r) => r.verdict)).toEqual(["duplicate", expect.not.stringMatching(/^duplicate$/)]);
  });

  it("keeps working with custom cut-offs, which travel with each request", async () => {
    const strict = ThresholdsSchema.parse({ duplicate: 0.99 });
    const request = {
      candidate: "Ship offline mode by end of Q3.",
      others: ["Offline mode must be shipped by the end of Q3."],
    };
    const score = createThreadedPairScorer();
    const [[loose], [tight]] = (await score([
      { ...request, thresholds },
      { ...request, thresholds: strict },
    ])) as [PairResult[], PairResult[]];
    expect(loose?.verdict).toBe("duplicate");
    expect(tight?.verdict).not.toBe("duplicate");
  });

  it("a thread that dies loses nothing: its requests are scored here, logged, and the next still answers", async () => {
    const errors = vi.spyOn(log, "error");
    const score = createThreadedPairScorer({ file: "tests/integration/crashing-matcher-thread.mjs" });
    const batches = [requests.slice(0, 6), requests.slice(6, 12)];
    const answered = await Promise.all(batches.map((b) => score(b)));
    expect(answered).toEqual(batches.map((b) => b.map((r) => scorePairs(r))));
    expect(errors).toHaveBeenCalledWith(
      expect.objectContaining({ batches: expect.any(Number) }),
      expect.stringContaining("the matcher thread stopped"),
    );
    // A new thread (which dies too): still answered, the same.
    expect(await score([requests[20]!])).toEqual([scorePairs(requests[20]!)]);
  });
});
