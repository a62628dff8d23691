import { describe, expect, it } from "vitest";
import { summarizeJoined, summarizeLeftOut, summarizeRefusals, summarizeRepeats } from "@/lib/extraction/refusals";
import type { ChunkLogEntry } from "@/lib/extraction/schema";

const entry = (index: number, refused?: string[]): ChunkLogEntry => ({
  index,
  status: "succeeded",
  attempts: 1,
  ms: 5,
  candidates: 0,
  ...(refused ? { refused } : {}),
});

describe("summarizeRefusals", () => {
  it("says nothing when every item was kept", () => {
    expect(summarizeRefusals([entry(0), entry(1, [])])).toBeNull();
  });

  it("names the one reason with the count", () => {
    const log = [
      entry(0, ["kind 'risk' is not in the taxonomy"]),
      entry(1, Array(2).fill("kind 'risk' is not in the taxonomy")),
    ];
    expect(summarizeRefusals(log)).toEqual({ count: 3, text: "3 items refused: kind 'risk' is not in the taxonomy" });
  });

  it("groups several reasons, the commonest first", () => {
    const log = [
      entry(0, ["content: too short", "over the cap of 50 facts per chunk"]),
      entry(1, ["over the cap of 50 facts per chunk"]),
    ];
    expect(summarizeRefusals(log)?.text).toBe(
      "3 items refused: 2 × over the cap of 50 facts per chunk; 1 × content: too short",
    );
  });

  it("reads a stored log it cannot parse as nothing refused rather than failing the page", () => {
    expect(summarizeRefusals("not a log")).toBeNull();
    expect(summarizeRefusals([{ index: "x" }])).toBeNull();
  });
});

describe("summarizeLeftOut", () => {
  const floored = (index: number, count: number): ChunkLogEntry => ({
    ...entry(index),
    belowFloor: { count, floor: 0.2 },
  });

  it("adds up what each chunk left out under the floor, and names the floor", () => {
    expect(summarizeLeftOut([floored(0, 7), entry(1), floored(2, 5)])).toEqual({
      count: 12,
      text: "12 low-ranked sentences left out (below 0.2)",
    });
    expect(summarizeLeftOut([floored(0, 1)])?.text).toBe("1 low-ranked sentence left out (below 0.2)");
  });

  it("says nothing when nothing was left out, or the log cannot be read", () => {
    expect(summarizeLeftOut([entry(0), floored(1, 0)])).toBeNull();
    expect(summarizeLeftOut("not a log")).toBeNull();
  });
});

describe("summarizeRepeats", () => {
  it("adds up what the run's de-duplication dropped, and is silent when nothing was", () => {
    expect(summarizeRepeats([{ ...entry(0), repeats: 3 }, entry(1), { ...entry(2), repeats: 1 }])).toEqual({
      count: 4,
      text: "4 repeats of earlier lines dropped (kept once)",
    });
    expect(summarizeRepeats([{ ...entry(0), repeats: 1 }])?.text).toBe("1 repeat of earlier lines dropped (kept once)");
    expect(summarizeRepeats([entry(0)])).toBeNull();
  });
});

describe("summarizeJoined", () => {
  it("adds up the closing-summary repeats the extractor joined, and is silent when there were none", () => {
    expect(summarizeJoined([{ ...entry(0), joined: 2 }, entry(1), { ...entry(2), joined: 1 }])).toEqual({
      count: 3,
      text: "3 closing-summary repeats joined to the facts they repeat",
    });
    expect(summarizeJoined([{ ...entry(0), joined: 1 }])?.text).toBe(
      "1 closing-summary repeat joined to the facts they repeat",
    );
    expect(summarizeJoined([entry(0)])).toBeNull();
  });
});
