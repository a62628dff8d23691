import { describe, expect, it } from "vitest";
import { pieces, rows, type Span } from "@/lib/sources/spans";

const span = (id: string, start: number | null, end: number | null): Span => ({
  id,
  start,
  end,
  status: "pending",
  content: id,
  kind: "decision",
});

describe("pieces", () => {
  it("cuts the text at the spans' edges and loses no character", () => {
    const text = "Priya: We ship on Friday. Marcus: Budget is 40k.";
    const out = pieces(text, [span("a", 7, 25), span("b", 34, 48)]);
    expect(out.map((p) => p.text).join("")).toBe(text);
    expect(out.filter((p) => p.span).map((p) => [p.span?.id, p.text])).toEqual([
      ["a", "We ship on Friday."],
      ["b", "Budget is 40k."],
    ]);
  });

  it("gives shared text to the earlier of two overlapping spans, and skips spans outside the text", () => {
    const text = "abcdefghij";
    const out = pieces(text, [span("a", 2, 6), span("b", 4, 8), span("c", 20, 30), span("d", null, null)]);
    expect(out.map((p) => [p.span?.id ?? "", p.text])).toEqual([
      ["", "ab"],
      ["a", "cdef"],
      ["b", "gh"],
      ["", "ij"],
    ]);
  });
});

describe("rows", () => {
  const text = "Priya: We ship on Friday.\nMarcus: Budget is 40k.\nThat is final.";
  const turns = [
    { speaker: "Priya", startMs: 0, start: 7 },
    { speaker: "Marcus", startMs: 65_000, start: 34 },
  ];

  it("gives each turn a row with its time, the speaker apart, and loses no character", () => {
    const out = rows(text, turns, [span("a", 7, 25)]);
    expect(out.map((r) => r.startMs)).toEqual([0, 65_000]);
    expect(out.flatMap((r) => r.pieces.map((p) => p.text)).join("")).toBe(text);
    expect(out[0]?.pieces.map((p) => [p.text, p.speaker ?? false, p.span?.id ?? ""])).toEqual([
      ["Priya: ", true, ""],
      ["We ship on Friday.", false, "a"],
      ["\n", false, ""],
    ]);
    expect(out[1]?.pieces[0]).toEqual({ text: "Marcus: ", speaker: true });
  });

  it("marks a span that runs over two turns in both rows, anchoring only the first piece", () => {
    const out = rows(text, turns, [span("a", 15, 48)]);
    const marked = out.flatMap((r) => r.pieces.filter((p) => p.span).map((p) => [p.text, p.first ?? false]));
    expect(marked).toEqual([
      ["on Friday.\n", true],
      ["Marcus: ", false],
      ["Budget is 40k.", false],
    ]);
  });

  it("keeps text before the first turn, and a text without turns, as a row without a time", () => {
    expect(rows("Notes\nPriya: hi", [{ speaker: "Priya", startMs: 5, start: 13 }], []).map((r) => r.startMs)).toEqual([
      null,
      5,
    ]);
    const plain = rows("just text", [], []);
    expect(plain).toEqual([{ startMs: null, pieces: [{ text: "just text" }] }]);
  });

  it("reads a text stored as the user gave it: CRLF, a lone CR, and labels with times", () => {
    const raw = "PRIYA (00:01:02): We ship on Friday.\r\nDAN (00:01:10): Agreed.\rPRIYA (00:01:20): Good.";
    const starts = ["We ship", "Agreed", "Good"].map((w) => raw.indexOf(w));
    const out = rows(
      raw,
      [
        { speaker: "PRIYA", startMs: 62_000, start: starts[0]! },
        { speaker: "DAN", startMs: 70_000, start: starts[1]! },
        { speaker: "PRIYA", startMs: 80_000, start: starts[2]! },
      ],
      [],
    );
    expect(out.map((r) => r.startMs)).toEqual([62_000, 70_000, 80_000]);
    expect(out.map((r) => r.pieces[0])).toEqual([
      { text: "PRIYA (00:01:02): ", speaker: true },
      { text: "DAN (00:01:10): ", speaker: true },
      { text: "PRIYA (00:01:20): ", speaker: true },
    ]);
    expect(out.flatMap((r) => r.pieces.map((p) => p.text)).join("")).toBe(raw);
  });
});
