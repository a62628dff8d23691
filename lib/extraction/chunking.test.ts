import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CHARS_PER_TOKEN, chunkInput } from "@/lib/extraction/chunking";
import type { Chunk } from "@/lib/extraction/types";
import { transcriptOf } from "@/tests/transcript";

function expectTiles(text: string, chunks: Chunk[]) {
  expect(chunks.map((c) => c.index)).toEqual(chunks.map((_, i) => i));
  expect(chunks.map((c) => text.slice(c.start, c.end)).join("")).toBe(text);
  for (const chunk of chunks) {
    for (const s of chunk.segments) {
      expect(text.slice(s.start, s.end)).toBe(s.text);
      expect(s.start).toBeGreaterThanOrEqual(chunk.start);
      expect(s.end).toBeLessThanOrEqual(chunk.end);
    }
  }
}

describe("chunkInput", () => {
  it("keeps a short source in one chunk", () => {
    const { text, segments } = transcriptOf([
      ["Ann", "Hello."],
      ["Bo", "We decided."],
    ]);
    const chunks = chunkInput({ text, segments, tokenBudget: 1_000 });
    expect(chunks).toEqual([{ index: 0, start: 0, end: text.length, segments }]);
  });

  it("returns no chunks for blank text", () => {
    expect(chunkInput({ text: " \n\n ", segments: [], tokenBudget: 100 })).toEqual([]);
  });

  it("breaks before a speaker's label, never inside a turn, when turns fit the budget", () => {
    const turns: [string, string][] = Array.from({ length: 12 }, (_, i) => [
      i % 2 ? "Bo" : "Ann",
      `Turn number ${i} says something moderately long about the plan.`,
    ]);
    const { text, segments } = transcriptOf(turns);
    const chunks = chunkInput({ text, segments, tokenBudget: 50 });
    expect(chunks.length).toBeGreaterThan(2);
    expectTiles(text, chunks);
    for (const chunk of chunks) {
      expect(chunk.end - chunk.start).toBeLessThanOrEqual(50 * CHARS_PER_TOKEN);
      expect(text.slice(chunk.start, chunk.end)).toMatch(/^(Ann|Bo): /);
      // Every segment is whole: no turn was split.
      expect(chunk.segments.every((s) => segments.includes(s))).toBe(true);
    }
  });

  it("splits a single oversized turn at sentence boundaries", () => {
    const long = Array.from({ length: 30 }, (_, i) => `Sentence ${i} is here.`).join(" ");
    const { text, segments } = transcriptOf([
      ["Ann", "Short."],
      ["Bo", long],
    ]);
    const chunks = chunkInput({ text, segments, tokenBudget: 25 });
    expectTiles(text, chunks);
    for (const chunk of chunks) {
      expect(chunk.end - chunk.start).toBeLessThanOrEqual(100);
      const body = text.slice(chunk.start, chunk.end).trimEnd();
      expect(body).toMatch(/\.$/); // ends on a sentence end
    }
    const pieces = chunks.flatMap((c) => c.segments).filter((s) => s.speaker === "Bo");
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.map((p) => p.text).join("")).toBe(long);
  });

  it("uses paragraphs when there are no segments", () => {
    const paragraphs = ["First paragraph about budgets.", "Second one, on hiring plans.", "Third: the launch date."];
    const text = paragraphs.join("\n\n");
    const chunks = chunkInput({ text, segments: [], tokenBudget: 10 });
    expectTiles(text, chunks);
    expect(chunks.map((c) => text.slice(c.start, c.end).trim())).toEqual(paragraphs);
    expect(chunks.every((c) => c.segments.length === 0)).toBe(true);
  });

  it("always tiles the text, respects the budget and keeps segment offsets valid (property)", () => {
    const word = fc.stringMatching(/^[a-z]{1,12}[.!?]?$/);
    const turn = fc.tuple(
      fc.constantFrom("Ann", "Bo", "Cy"),
      fc.array(word, { minLength: 1, maxLength: 40 }).map((w) => w.join(" ")),
    );
    fc.assert(
      fc.property(
        fc.array(turn, { minLength: 1, maxLength: 25 }),
        fc.integer({ min: 8, max: 200 }),
        fc.boolean(),
        (turns, budget, useSegments) => {
          const { text, segments } = transcriptOf(turns);
          const chunks = chunkInput({ text, segments: useSegments ? segments : [], tokenBudget: budget });
          expectTiles(text, chunks);
          for (const c of chunks) expect(c.end - c.start).toBeLessThanOrEqual(budget * CHARS_PER_TOKEN);
          if (useSegments) {
            const covered = chunks
              .flatMap((c) => c.segments)
              .map((s) => s.text)
              .join("");
            expect(covered).toBe(segments.map((s) => s.text).join(""));
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
