import { describe, expect, it } from "vitest";
import { createDeduper } from "@/lib/chain/dedupe";
import type { GroundedChunk } from "@/lib/chain/ground";
import type { Candidate } from "@/lib/extraction/schema";

const c = (content: string, start: number, extra: Partial<Candidate> = {}): Candidate => ({
  content,
  kind: "decision",
  confidence: 0.8,
  importance: 0.5,
  temporal: "past",
  speaker: null,
  quote: content,
  start,
  end: start + content.length,
  supported: true,
  ...extra,
});
const chunk = (index: number, candidates: Candidate[]): GroundedChunk => ({
  outcome: {
    index,
    status: "succeeded",
    factCount: candidates.length,
    attempts: 1,
    ms: 0,
    usage: { inputTokens: 0, outputTokens: 0 },
    refused: [],
  },
  candidates,
});

describe("the de-duplicate stage", () => {
  it("keeps the first chunk's copy of a fact said again later (what is stored stays), and counts the repeat", () => {
    // The issue's case: a fact in chunk 0 at 0.5, again in chunk 2 at 0.9. The server stores chunk 0's
    // before it reads chunk 2, so the run keeps 0.5 wherever it runs (server, CLI, evaluation).
    const dedupe = createDeduper();
    const first = dedupe(chunk(0, [c("Ann decided to ship the beta.", 0, { confidence: 0.5 })]));
    const middle = dedupe(chunk(1, [c("Bo owns the launch.", 40)]));
    const last = dedupe(chunk(2, [c("ann DECIDED to ship the beta", 80, { confidence: 0.9 })]));
    expect(first.candidates.map((x) => x.confidence)).toEqual([0.5]);
    expect(middle.candidates).toHaveLength(1);
    expect(last).toMatchObject({ candidates: [], repeats: 1 });
  });

  it("within one chunk keeps the best of the copies: grounded first, then the more confident", () => {
    const dedupe = createDeduper();
    const out = dedupe(
      chunk(0, [
        c("We ship Friday.", 30, { confidence: 0.95, supported: false, start: null, end: null }),
        c("We ship Friday.", 10, { confidence: 0.6 }),
        c("we ship friday", 20, { confidence: 0.7 }),
        c("Bo owns the launch.", 0),
      ]),
    );
    expect(out.candidates.map((x) => [x.content, x.confidence])).toEqual([
      ["Bo owns the launch.", 0.8],
      ["we ship friday", 0.7],
    ]);
    expect(out.repeats).toBe(2);
  });

  it("a resumed run seeded with what its saved chunks stored proposes only what one whole run would", () => {
    const whole = createDeduper();
    const all = [0, 1, 2, 3].map((i) =>
      whole(chunk(i, [c(i === 3 ? "We ship Friday." : `Fact ${i}.`, i * 20), c("We ship Friday.", i * 20 + 5)])),
    );
    const saved = all.slice(0, 2).flatMap((x) => x.candidates);
    const resumed = createDeduper(saved);
    const after = [2, 3].map((i) => resumed(chunk(i, [c(i === 3 ? "We ship Friday." : `Fact ${i}.`, i * 20)])));
    expect(after.flatMap((x) => x.candidates)).toEqual(all.slice(2).flatMap((x) => x.candidates));
    expect(after[1]).toMatchObject({ candidates: [], repeats: 1 });
  });
});
