import { describe, expect, it } from "vitest";
import { expectValid } from "@/lib/sources/__fixtures__/expect-valid";
import { parseSource } from "@/lib/sources/parse";

const parse = (text: string) => {
  const parsed = parseSource({ text, maxBytes: 1_000_000 });
  expectValid(parsed);
  return parsed;
};
const who = (text: string) => parse(text).segments.map((s) => s.speaker);

describe("speaker line styles", () => {
  it("NAME (hh:mm:ss): text, with the time as an offset", () => {
    const p = parse("PRIYA (00:01:02): We ship on the 14th.\nDAN (00:01:10): Agreed.");
    expect(p.participants).toEqual(["PRIYA", "DAN"]);
    expect(p.segments[0]).toMatchObject({ startMs: 62_000, text: "We ship on the 14th." });
    // The stored text is the user's own; the turn points past the label.
    expect(p.text).toBe("PRIYA (00:01:02): We ship on the 14th.\nDAN (00:01:10): Agreed.");
    expect(p.segments[1]).toMatchObject({ start: p.text.indexOf("Agreed."), text: "Agreed." });
  });

  it("**Name:** and - Name: bullets in plain text", () => {
    const p = parse("**Priya:** budget is fine\n- Dan: then we go ahead");
    expect(p.segments.map((s) => [s.speaker, s.text])).toEqual([
      ["Priya", "budget is fine"],
      ["Dan", "then we go ahead"],
    ]);
  });

  it("Otter headers with h:mm:ss times and a blank line before the words", () => {
    const p = parse("Priya Sharma  1:00:02\n\nWe are over time.\n\nDan Okafor  1:00:09\nLet's stop here.");
    expect(p.segments.map((s) => [s.speaker, s.startMs, s.text])).toEqual([
      ["Priya Sharma", 3_602_000, "We are over time."],
      ["Dan Okafor", 3_609_000, "Let's stop here."],
    ]);
  });

  it("[2:05 PM] clock times and Zoom chat 'From X to Everyone:' lines", () => {
    expect(parse("[2:05 PM] Priya: hi").segments[0]?.startMs).toBe((14 * 60 + 5) * 60_000);
    const zoom = parse("10:02:33 From Priya Sharma to Everyone: slides are in the channel");
    expect(zoom.segments[0]).toMatchObject({
      speaker: "Priya Sharma",
      startMs: (10 * 3600 + 2 * 60 + 33) * 1000,
      text: "slides are in the channel",
    });
  });

  it("a single line 'Name: text' is a speaker when the label reads like a name", () => {
    expect(parse("Priya: we ship Friday.").participants).toEqual(["Priya"]);
    expect(parse("Dr. Ng: the trial starts in May.").participants).toEqual(["Dr. Ng"]);
    expect(parse("王伟：我们周五发布。").segments[0]).toMatchObject({ speaker: "王伟", text: "我们周五发布。" });
  });

  it("handles and roles count only when they repeat", () => {
    expect(who("dan: looks good")).toEqual([null]);
    expect(who("dan: looks good\npriya: ship it\ndan: ok")).toEqual(["dan", "priya", "dan"]);
    expect(parse("Speaker 1: hello\nSpeaker 2: hi\nSpeaker 1: shall we?").participants).toEqual([
      "Speaker 1",
      "Speaker 2",
    ]);
  });

  it("a label alone on its line starts a turn when it repeats", () => {
    const p = parse("PRIYA:\nWe should ship.\n\nDAN:\nAgreed.\n\nPRIYA:\nGreat.\n\nDAN:\nDone.");
    expect(p.segments.map((s) => [s.speaker, s.text])).toEqual([
      ["PRIYA", "We should ship."],
      ["DAN", "Agreed."],
      ["PRIYA", "Great."],
      ["DAN", "Done."],
    ]);
  });

  it("lines without a label continue the turn; a blank line or a sibling bullet ends it", () => {
    const p = parse("Priya: first point\nand its second line\n\nA note nobody said.\n- Dan: one\n- Two");
    expect(p.segments.map((s) => [s.speaker, s.text])).toEqual([
      ["Priya", "first point\nand its second line"],
      [null, "A note nobody said."],
      ["Dan", "one"],
      [null, "- Two"],
    ]);
  });
});

describe("labels that are not speakers", () => {
  it("notes, URLs, replies, times and field labels stay prose", () => {
    const text = [
      "Note: the venue changed.",
      "TODO: book the room",
      "Re: budget follow-up",
      "See http://example.com/a:b and https://x.io for details",
      "The meeting is at 10:30: bring laptops.",
      "Budget: 40k",
      "Launch Date: May 3",
      "Action items: none",
      "Fine. Note: nothing else.",
    ].join("\n");
    const p = parse(text);
    expect(p.participants).toEqual([]);
    expect(p.text).toBe(text);
    expect(p.segments).toHaveLength(1);
  });

  it("prose without speakers is split into paragraph segments over the text as pasted", () => {
    const text = "First paragraph,\nstill first.\n\n\n  Second paragraph.  \n\nThird.";
    const p = parse(text);
    expect(p.format).toBe("text");
    expect(p.text).toBe(text);
    expect(p.segments.map((s) => s.text)).toEqual(["First paragraph,\nstill first.", "Second paragraph.", "Third."]);
    expect(p.segments.every((s) => s.speaker === null && s.startMs === null)).toBe(true);
  });
});

describe("lines that only look like Otter headers", () => {
  it("a schedule of 'Item hh:mm' lines stays text", () => {
    const text = "Schedule\nWelcome 9:00\nKeynote 9:30\nLunch 12:30\nDemos 14:00";
    const p = parse(text);
    expect(p.participants).toEqual([]);
    expect(p.text).toBe(text);
  });
});
