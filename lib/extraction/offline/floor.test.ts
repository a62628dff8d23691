import { describe, expect, it } from "vitest";
import { createOfflineExtractor, extractScored } from "@/lib/extraction/offline";
import { RANK_FLOOR } from "@/lib/extraction/offline/select";
import { getPresetKinds } from "@/lib/extraction/kinds";
import { rankOf } from "@/lib/extraction/rank";
import { parseSource } from "@/lib/sources/parse";

/** Two facts and three vague remarks: the remarks rank under the floor and are counted, not dropped silently. */
const FLOOR_MEETING = [
  "Ann: We decided to drop the Android beta.",
  "Bo: The security review must finish before the launch in March.",
  "Bo: It was kind of a weird thing with the other stuff, I guess, maybe.",
  "Ann: That sounds like a lot of stuff and things for the people there.",
  "Bo: I think it might be sort of the case for some of the people somehow.",
  "",
].join("\n");

describe("the rank floor", () => {
  it("counts what it leaves out, and leaves out exactly what ranks under it", async () => {
    const src = parseSource({ filename: "m.txt", bytes: Buffer.from(FLOOR_MEETING), maxBytes: 1e6 });
    const input = { text: src.text, segments: src.segments, kinds: getPresetKinds("meeting") };
    const chunk = { index: 0, start: 0, end: src.text.length, segments: src.segments };
    const scored = extractScored(input, chunk);
    const under = scored.filter((c) => rankOf(c) < RANK_FLOOR);
    expect(under.length).toBeGreaterThan(0);

    const result = await createOfflineExtractor().extractChunk(input, chunk);
    expect(result.belowFloor).toEqual({ count: under.length, floor: RANK_FLOOR });
    expect(result.facts.length + under.length).toBe(scored.length);
    expect(result.facts.map((f) => f.quote)).not.toEqual(expect.arrayContaining(under.map((c) => c.quote)));
  });

  it("reports nothing left out when every candidate clears it", async () => {
    const text = "Ann: We decided to drop the Android beta.\n";
    const src = parseSource({ filename: "m.txt", bytes: Buffer.from(text), maxBytes: 1e6 });
    const input = { text: src.text, segments: src.segments, kinds: getPresetKinds("meeting") };
    const result = await createOfflineExtractor().extractChunk(input, {
      index: 0,
      start: 0,
      end: text.length,
      segments: src.segments,
    });
    expect(result.facts.length).toBe(1);
    expect(result.belowFloor).toBeUndefined();
  });
});

describe("a dense meeting turn", () => {
  const TURN =
    "Ann: The Berlin office has forty engineers. The Lisbon office opened in 2019. " +
    "The Austin team runs the billing service.\nBo: Good to know.\n";
  const run = (preset: "meeting" | "personal") => {
    const src = parseSource({ filename: "m.txt", bytes: Buffer.from(TURN), maxBytes: 1e6 });
    const input = { text: src.text, segments: src.segments, kinds: getPresetKinds(preset) };
    return extractScored(input, { index: 0, start: 0, end: src.text.length, segments: src.segments });
  };

  it("keeps every clause at a meeting, to be ranked: no per-turn limit drops facts without a word", () => {
    expect(run("meeting").map((c) => c.quote)).toEqual([
      "The Berlin office has forty engineers.",
      "The Lisbon office opened in 2019.",
      "The Austin team runs the billing service.",
    ]);
  });

  it("in chat still gives a turn's best few, as LoCoMo's held-out tuning chose", () => {
    expect(run("personal").length).toBeLessThan(3);
  });
});
