import { describe, expect, it } from "vitest";
import { getPresetKinds } from "@/lib/extraction/kinds";
import { extractCandidates } from "@/lib/extraction/offline";
import { cleanSpoken } from "@/lib/extraction/offline/clean";
import type { Segment } from "@/lib/sources/schema";
import { transcriptOf } from "@/tests/transcript";

function run(src: { text: string; segments: Segment[] }) {
  const input = { text: src.text, segments: src.segments, kinds: getPresetKinds("meeting") };
  return extractCandidates(input, { index: 0, start: 0, end: src.text.length, segments: src.segments });
}
const contents = (src: { text: string; segments: Segment[] }) => run(src).map((c) => c.content);

describe("spoken text is cleaned before facts are read from it", () => {
  const meeting = transcriptOf([
    ["Priya", "So , uh , we decided to {disfmarker} to move the launch to March . {vocalsound}"],
    ["Dan", "[laughter] Um, the the budget must stay under forty thousand, you know, for the pilot."],
    ["Priya", "We ship the beta on Tuesday — no, Wednesday, after the security review."],
    ["Dan", "I'll- I'll send the (inaudible) vendor contract to legal by Friday."],
  ]);
  const facts = run(meeting);

  it("no filler, tag, repeat or corrected word reaches a candidate's content", () => {
    expect(facts.length).toBeGreaterThanOrEqual(4);
    for (const f of facts) {
      expect(f.content).not.toMatch(/\{|\}|\[|\]|\(inaudible\)|\b(?:uh|um|you know)\b|\bthe the\b|\bto to\b|- I'll/i);
      expect(f.content).not.toContain("Tuesday");
    }
    expect(facts.map((f) => f.content)).toEqual(
      expect.arrayContaining([
        "The team decided to move the launch to March.",
        "The budget must stay under forty thousand, for the pilot.",
        expect.stringMatching(/^The team ships the beta on Wednesday/),
        "Dan will send the vendor contract to legal by Friday.",
      ]),
    );
  });

  it("quotes stay verbatim, fillers and tags included, at their offsets", () => {
    for (const f of facts) expect(meeting.text.slice(f.start!, f.end!)).toBe(f.quote);
    expect(facts.map((f) => f.quote).join(" ")).toContain("{disfmarker}");
  });

  it("keeps the text's length, so offsets into the cleaned turn are offsets into the user's", () => {
    const said = "Uh, [crosstalk] we we {pause} agreed — no, settled on Postgres.";
    expect(cleanSpoken(said).text).toHaveLength(said.length);
  });
});

describe("spoken framing", () => {
  it("is removed from the fact, and the announced kind is kept", () => {
    const facts = run(
      transcriptOf([
        ["Ana", "First item: the board approved the plan yesterday, so the team is committing to ship offline mode."],
        ["Ana", "Quick recap from last week: the migration to Postgres finished on Monday."],
        ["Ben", "Lesson learned there: the canary pipeline should run before every full rollout."],
      ]),
    );
    const all = facts.map((f) => f.content);
    for (const c of all) expect(c).not.toMatch(/first item|quick recap|lesson learned/i);
    expect(all).toContain("The board approved the plan yesterday.");
    expect(facts.find((f) => /offline mode/.test(f.content))).toMatchObject({
      kind: "decision",
      content: "The team is committing to ship offline mode.",
    });
    expect(all).toContain("The migration to Postgres finished on Monday.");
    expect(facts.find((f) => /canary pipeline/.test(f.content))).toMatchObject({ kind: "mistake" });
  });

  it("keeps who set a constraint", () => {
    const facts = run(
      transcriptOf([["Ana", "One constraint from legal: we can't store raw audio for more than 30 days."]]),
    );
    expect(facts).toEqual([
      expect.objectContaining({
        kind: "constraint",
        content: "Per legal, the team cannot store raw audio for more than 30 days.",
      }),
    ]);
  });
});

describe("closings and logistics", () => {
  it("are never candidates", () => {
    const all = contents(
      transcriptOf([
        ["Ana", "Can everyone hear me? Let me share my screen."],
        ["Ben", "We agreed to freeze the API on Friday."],
        ["Ana", "Okay, thanks all, talk next week."],
        ["Ben", "Thanks everyone, see you next Tuesday for the budget review."],
      ]),
    );
    expect(all).toEqual(["The team agreed to freeze the API on Friday."]);
  });
});

describe("an action item agreed across two turns", () => {
  it("a request and its addressee's acceptance become one action item with its owner", () => {
    const src = transcriptOf([
      ["Marco", "Lin, can you own the canary pipeline for the Android release by Friday?"],
      ["Lin", "Sure, I'll take that."],
    ]);
    const facts = run(src);
    expect(facts).toEqual([
      expect.objectContaining({
        kind: "action_item",
        speaker: "Lin",
        temporal: "future",
        content: "Lin owns the canary pipeline for the Android release by Friday.",
      }),
    ]);
    const [fact] = facts;
    expect(src.text.slice(fact!.start!, fact!.end!)).toBe(fact!.quote);
    expect(fact!.quote).toMatch(/^Lin, can you own .*Sure, I'll take that\.$/s);
  });

  it("not when someone else answers, or the addressee declines", () => {
    const other = transcriptOf([
      ["Marco", "Lin, can you own the canary pipeline for the Android release?"],
      ["Ana", "Sure, sounds good."],
    ]);
    const declined = transcriptOf([
      ["Marco", "Lin, can you own the canary pipeline for the Android release?"],
      ["Lin", "Sorry, I can't this sprint."],
    ]);
    expect(run(other).filter((f) => f.kind === "action_item")).toEqual([]);
    expect(run(declined).filter((f) => f.kind === "action_item")).toEqual([]);
  });
});

describe("a decision agreed across two turns", () => {
  it("a proposal someone else agrees to becomes the team's decision", () => {
    const src = transcriptOf([
      ["Ana", "Should we go with the rubber case for the first batch?"],
      ["Ben", "Yes, agreed."],
      ["Ana", "How about a yellow front panel?"],
      ["Ben", "Sounds good to me."],
    ]);
    const decisions = run(src).filter((f) => f.kind === "decision");
    expect(decisions.map((f) => f.content)).toEqual([
      "The team agreed to go with the rubber case for the first batch.",
      "The team agreed on a yellow front panel.",
    ]);
    for (const f of decisions) expect(src.text.slice(f.start!, f.end!)).toBe(f.quote);
  });

  it("not when the answer pushes back", () => {
    const src = transcriptOf([
      ["Ana", "Should we go with the rubber case for the first batch?"],
      ["Ben", "Yes, but not before the drop test."],
    ]);
    expect(run(src).filter((f) => f.kind === "decision")).toEqual([]);
  });
});
