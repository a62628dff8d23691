import { describe, expect, it } from "vitest";
import {
  fitShift,
  learnedThresholds,
  MAX_MOVE,
  movedBand,
  pairLabelsOf,
  refitThreshold,
  shiftedCutoff,
  type PairLabel,
} from "@/lib/learning/threshold";
import type { Match } from "@/lib/matcher/schema";
import { DEFAULT_THRESHOLDS } from "@/lib/matcher/thresholds";

const match = (factId: string, score: number, verdict: Match["verdict"], stage: Match["stage"] = "lexical"): Match => ({
  factId,
  content: `fact ${factId}`,
  score,
  verdict,
  stage,
  reason: "",
  ...(stage === "lexical" ? { vetoed: false } : {}),
});
const at = (i: number) => new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString();
const pair = (score: number, y: 0 | 1, i: number, verdict: PairLabel["verdict"] = "duplicate"): PairLabel => ({
  score,
  y,
  verdict,
  decidedAt: at(i),
});

describe("pairLabelsOf", () => {
  const matches = [match("f1", 0.9, "duplicate"), match("f2", 0.6, "related"), match("f3", 0.2, "new")];
  const base = { rejectReason: null, decidedAt: at(0), matches };

  it("a suggested duplicate approved as its own fact is a pair kept apart, with every fact it was shown near", () => {
    const labels = pairLabelsOf({ ...base, outcome: "approved", factIds: ["new-fact"] });
    expect(labels.map((l) => [l.score, l.y])).toEqual([
      [0.9, 0],
      [0.6, 0],
    ]);
  });

  it("a merge into a fact the matcher called related is that pair the same; the other pairs say nothing", () => {
    expect(pairLabelsOf({ ...base, outcome: "merged", factIds: ["f2"] })).toEqual([
      { score: 0.6, y: 1, verdict: "related", decidedAt: at(0) },
    ]);
  });

  it("a rejection as a duplicate labels the closest pair; other rejections and exact repeats none", () => {
    expect(pairLabelsOf({ ...base, outcome: "rejected", rejectReason: "Duplicate", factIds: [] })).toEqual([
      { score: 0.9, y: 1, verdict: "duplicate", decidedAt: at(0) },
    ]);
    expect(pairLabelsOf({ ...base, outcome: "rejected", rejectReason: "Too vague", factIds: [] })).toEqual([]);
    const exact = [match("f1", 1, "duplicate", "hash")];
    expect(pairLabelsOf({ ...base, matches: exact, outcome: "approved", factIds: ["n"] })).toEqual([]);
    // A pair a guard set apart (another date, owner…) was not decided by the cut-off, whatever its score.
    const guarded = [
      { ...match("f1", 0.9, "related"), vetoed: true },
      { ...match("f2", 0.6, "related"), vetoed: undefined },
    ];
    expect(pairLabelsOf({ ...base, matches: guarded, outcome: "approved", factIds: ["n"] })).toEqual([]);
  });
});

describe("fitShift and the cut-off it makes", () => {
  const cutoff = 0.8;

  it("no pairs, no shift; kept-apart duplicates raise the cut-off, merged related pairs lower it", () => {
    expect(fitShift([], cutoff)).toBe(0);
    const apart = Array.from({ length: 12 }, (_, i) => pair(0.84, 0, i));
    const merged = Array.from({ length: 12 }, (_, i) => pair(0.7, 1, i, "related"));
    const up = shiftedCutoff(cutoff, fitShift(apart, cutoff), 0.5);
    const down = shiftedCutoff(cutoff, fitShift(merged, cutoff), 0.5);
    expect(up).toBeGreaterThan(0.84);
    expect(down).toBeLessThan(0.75);
  });

  it("a few decisions move it little: the pull toward Settings' cut-off holds while pairs are few", () => {
    const two = shiftedCutoff(cutoff, fitShift([pair(0.84, 0, 0), pair(0.85, 0, 1)], cutoff), 0.5);
    const twenty = shiftedCutoff(
      cutoff,
      fitShift(
        Array.from({ length: 20 }, (_, i) => pair(0.84, 0, i)),
        cutoff,
      ),
      0.5,
    );
    expect(two - cutoff).toBeLessThan(twenty - cutoff);
  });

  it("is bounded: never more than MAX_MOVE away, never at or under the related cut-off", () => {
    const extreme = Array.from({ length: 500 }, (_, i) => pair(0.99, 0, i));
    expect(shiftedCutoff(cutoff, fitShift(extreme, cutoff), 0.5)).toBeCloseTo(cutoff + MAX_MOVE, 10);
    expect(shiftedCutoff(0.6, 50, 0.55)).toBeCloseTo(0.57, 10);
  });

  it("applies to the duplicate and encoder cut-offs together, and the judge's band follows", () => {
    const t = learnedThresholds(DEFAULT_THRESHOLDS, 0.5);
    expect(t.duplicate).toBeLessThan(DEFAULT_THRESHOLDS.duplicate);
    expect(t.encoderDuplicate).toBeLessThan(DEFAULT_THRESHOLDS.encoderDuplicate);
    expect(t.ambiguousHigh).toBe(t.duplicate);
    expect(t.related).toBe(DEFAULT_THRESHOLDS.related);
    expect(learnedThresholds(DEFAULT_THRESHOLDS, 0)).toBe(DEFAULT_THRESHOLDS);
  });
});

describe("refitThreshold", () => {
  it("waits for enough pairs, serves a shift that predicts the newest pairs better, else keeps the serving one", () => {
    expect(refitThreshold([pair(0.9, 0, 0)], 0.8, 0).decision).toBe("wait");
    const team = Array.from({ length: 20 }, (_, i) => pair(0.82 + (i % 3) * 0.02, 0, i));
    const learned = refitThreshold(team, 0.8, 0);
    expect(learned.decision).toBe("serve");
    expect(learned.model?.keptApart).toBe(16);
    // Against a serving shift already at the fit, a refit on the same pairs does not beat it.
    expect(refitThreshold(team, 0.8, learned.model!.shift + 0).decision).toBe("keep");
  });
});

describe("movedBand", () => {
  it("names the cards a cut-off move could change: a score-model match with a fact between the two cut-offs", () => {
    expect(movedBand([match("f", 0.78, "related")], 0.8, 0.75)).toBe(true);
    expect(movedBand([match("f", 0.7, "related")], 0.8, 0.75)).toBe(false);
    expect(movedBand([{ ...match("f", 0.78, "related"), factId: undefined }], 0.8, 0.75)).toBe(false);
  });
});
