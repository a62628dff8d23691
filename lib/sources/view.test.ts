import { describe, expect, it } from "vitest";
import { parseSource } from "@/lib/sources/parse";
import { readText, replaceIn, storedOffset, verbatim } from "@/lib/sources/reading";
import { rows } from "@/lib/sources/spans";
import { readableView, readSegment, spansInView } from "@/lib/sources/view";

const TEAMS =
  "WEBVTT\r\n\r\nNOTE exported\r\n\r\n1\r\n00:00:01.000 --> 00:00:03.000\r\n" +
  "<v Priya>We ship &amp; <i>then</i> review.</v>\r\n\r\n" +
  "2\r\n00:00:03.000 --> 00:00:05.000\r\n<v Priya>Budget stays at 40k.</v>\r\n\r\n" +
  "3\r\n00:00:06.000 --> 00:00:08.000\r\n<v Dan>Agreed.</v>\r\n";

describe("readings", () => {
  it("replace like a string replace, and map offsets to the edges of what they replaced", () => {
    const stored = "a &amp; b <i>c</i>";
    let reading = replaceIn(stored, verbatim(0, stored.length), /&amp;/g, () => "&");
    reading = replaceIn(stored, reading, /<\/?i>/g, () => "");
    expect(readText(stored, reading)).toBe("a & b c");
    // A replacement over a replaced part keeps its other characters: "& b" → "and b" reads "a and b c".
    const again = replaceIn(stored, reading, /& b/g, () => "and b");
    expect(readText(stored, again)).toBe("a and b c");
    // Two matches inside one replaced part ("\u0000\u0000" decoded) both go.
    const nuls = replaceIn("ab", [{ start: 0, end: 2, as: "\0x\0" }], /\0/g, () => "");
    expect(nuls).toEqual([{ start: 0, end: 2, as: "x" }]);
    // "c" starts after the tag that reads as nothing and ends before the closing one.
    expect([storedOffset(reading, 6, "start"), storedOffset(reading, 7, "end")]).toEqual([13, 14]);
    // Inside "&amp;" (read as "&"): a span starting there takes the whole entity.
    expect([storedOffset(reading, 2, "start"), storedOffset(reading, 3, "end")]).toEqual([2, 7]);
  });
});

describe("a subtitle file's view", () => {
  const parsed = parseSource({ filename: "t.vtt", text: TEAMS, maxBytes: 10_000 });
  const view = readableView(parsed);

  it("reads one 'Speaker: text' line per turn, markup away, and maps both ways", () => {
    expect(parsed.text).toBe(TEAMS);
    expect(view.text).toBe("Priya: We ship & then review. Budget stays at 40k.\nDan: Agreed.");
    expect(view.segments.map((s) => s.text)).toEqual(parsed.segments.map(readSegment));
    const budget = TEAMS.indexOf("Budget");
    const at = view.toView(budget, "start");
    expect(view.text.slice(at, at + 6)).toBe("Budget");
    expect(view.toStored(at, "start")).toBe(budget);
    expect(view.toStored(view.text.indexOf("Agreed"), "start")).toBe(TEAMS.indexOf("Agreed"));
  });

  it("shows the source page one row per turn with its time, marks placed, anchors at the stored offsets", () => {
    const start = TEAMS.indexOf("Budget");
    const end = TEAMS.indexOf("</v>", start);
    const span = { id: "c1", start, end, status: "pending", content: "x", kind: "decision" };
    const shown = rows(view.text, view.segments, spansInView(view, [span]));
    expect(shown.map((r) => r.startMs)).toEqual([1000, 6000]);
    expect(shown.map((r) => r.pieces.map((p) => p.text).join(""))).toEqual([
      "Priya: We ship & then review. Budget stays at 40k.\n",
      "Dan: Agreed.",
    ]);
    const marked = shown[0]!.pieces.find((p) => p.span);
    expect(marked).toMatchObject({ text: "Budget stays at 40k.", first: true });
    expect(marked?.span?.anchor).toBe(start);
    expect(shown[0]!.pieces[0]).toMatchObject({ text: "Priya: ", speaker: true });
  });

  it("a subtitle source stored before (its turns rebuilt as 'Speaker: text' lines) reads as its own text", () => {
    const text = "Priya: We ship.\nDan: Agreed.";
    const segments = [
      { speaker: "Priya", startMs: 0, endMs: 1, text: "We ship.", start: 7, end: 15 },
      { speaker: "Dan", startMs: 2, endMs: 3, text: "Agreed.", start: 21, end: 28 },
    ];
    const old = readableView({ format: "vtt", text, segments });
    expect(old.text).toBe(text);
    expect([old.toStored(21, "start"), old.toView(21, "start")]).toEqual([21, 21]);
  });

  it("plain text reads as stored", () => {
    const plain = parseSource({ text: "Priya:  We ship.\r\n\r\nDan: Ok.", maxBytes: 1_000 });
    expect(readableView(plain).text).toBe(plain.text);
  });
});
