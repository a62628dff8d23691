import { describe, expect, it } from "vitest";
import { expectValid, fixture } from "@/lib/sources/__fixtures__/expect-valid";
import { parseSource } from "@/lib/sources/parse";
import { readableView, readSegment } from "@/lib/sources/view";

const MAX = 5 * 1024 * 1024;
const parseFixture = (name: string) => parseSource({ filename: name, bytes: fixture(name), maxBytes: MAX });
/** What each turn reads as: subtitles and chats are stored as given, their markup read away. */
const turns = (name: string) => parseFixture(name).segments.map((s) => [s.speaker, readSegment(s)]);
const asGiven = (name: string) => new TextDecoder().decode(fixture(name));

describe("parseSource on realistic exports", () => {
  it("Zoom VTT: reads 'Name:' cue prefixes and merges one speaker's consecutive cues", () => {
    const parsed = parseFixture("zoom.vtt");
    expectValid(parsed);
    expect(parsed.format).toBe("vtt");
    expect(parsed.participants).toEqual(["Priya Sharma", "Dan Okafor", "Marta Lopez"]);
    expect(parsed.text).toBe(asGiven("zoom.vtt"));
    const first = parsed.segments[0];
    expect(first).toMatchObject({ speaker: "Priya Sharma", startMs: 1350, endMs: 8910 });
    // Two cues of one speaker: the second cue's timing line and "Priya Sharma: " label read as one space,
    // and so does the line break inside a cue.
    expect(first?.text.startsWith("Okay, thanks everyone")).toBe(true);
    expect(first && readSegment(first)).toBe(
      "Okay, thanks everyone for joining. Let's get started with the launch review. " +
        "We agreed last week to ship the new onboarding flow on March 14.",
    );
    expect(readableView(parsed).text.split("\n")[1]).toBe(
      "Dan Okafor: Right. The only blocker is the billing migration, which Marta owns.",
    );
    // "Note:" after the speaker's name is what she said, not a new label.
    expect(parsed.segments.at(-1)?.text).toBe("Note: I'll send the notes at 10:30 tomorrow.");
    expect(parsed.segments.at(-1)?.markup).toBeUndefined();
  });

  it("Teams VTT: voice tags, GUID cue ids, NOTE/STYLE blocks, entities, two voices in one cue", () => {
    const parsed = parseFixture("teams.vtt");
    expectValid(parsed);
    expect(parsed.participants).toEqual(["Priya Sharma", "Jonas Weber", "Aiko Tanaka"]);
    expect(turns("teams.vtt")).toEqual([
      [
        "Priya Sharma",
        "Morning all. First item is the vendor contract. Legal signed off on Friday, so we & Acme are good to go.",
      ],
      ["Jonas Weber", "Does that include the data processing addendum?"],
      ["Priya Sharma", "Yes, the DPA is attached as schedule B."],
      ["Jonas Weber", "Perfect."],
      ["Aiko Tanaka", "Then I will file it today."],
    ]);
    expect(parsed.text).toBe(asGiven("teams.vtt"));
    expect(readableView(parsed).text).not.toMatch(/NOTE|STYLE|0f9c3d6e|<\/?[vi]|&amp;/);
    // The stored slice keeps its markup; what it reads as does not.
    expect(parsed.segments[1]?.text).toBe("Does that include the <i>data processing</i> addendum?");
    expect(parsed.segments[1]).toMatchObject({ startMs: 9120, endMs: 12880 });
  });

  it("SRT: strips styling, reads capitalised names, merges a speaker's cues", () => {
    const parsed = parseFixture("meeting.srt");
    expectValid(parsed);
    expect(parsed.format).toBe("srt");
    expect(parsed.text).toBe(asGiven("meeting.srt"));
    expect(readableView(parsed).text).toBe(
      "PRIYA: So the plan is to hire two more support engineers. Both start in April.\n" +
        "DAN: And the headcount budget was approved by finance.\n" +
        "PRIYA: Exactly.",
    );
    expect(parsed.segments[0]).toMatchObject({ startMs: 500, endMs: 6000 });
  });

  it("Otter TXT: name-and-time header lines followed by the words, multi-line turns", () => {
    const parsed = parseFixture("otter.txt");
    expectValid(parsed);
    expect(parsed.format).toBe("text");
    expect(parsed.participants).toEqual(["Priya Sharma", "Dan Okafor", "Unknown Speaker"]);
    expect(parsed.segments[0]).toMatchObject({ speaker: null, text: "Weekly sync - Platform team" });
    expect(parsed.segments[2]).toMatchObject({
      speaker: "Dan Okafor",
      startMs: 21_000,
      text:
        "I checked the extensions. pg_trgm works, but we lose the old hstore index,\n" +
        "so search will be slower for a day.",
    });
    expect(parsed.segments[3]).toMatchObject({
      speaker: "Priya Sharma",
      startMs: 40_000,
      text: "Fine. Note: we keep the read replica on 13 until the 29th.",
    });
    expect(parsed.segments[4]).toMatchObject({ speaker: "Unknown Speaker", startMs: 62_000 });
    // The stored text is the export as given: headers, times and blank lines stay where they were.
    expect(parsed.text).toBe(new TextDecoder().decode(fixture("otter.txt")));
  });

  it("[hh:mm] chat log: clock times, URLs, 'Re:' and 'TODO:' stay text, continuation lines", () => {
    const parsed = parseFixture("chat.txt");
    expectValid(parsed);
    expect(parsed.participants).toEqual(["Priya", "Dan", "Marta"]);
    expect(parsed.segments[0]).toMatchObject({ speaker: "Priya", startMs: (14 * 60 + 2) * 60_000 });
    expect(parsed.segments.map((s) => s.speaker)).toEqual(["Priya", "Dan", "Dan", "Priya", "Marta", "Priya"]);
    expect(parsed.segments[2]?.text).toBe("see https://status.example.com/incidents/42 for details");
    expect(parsed.segments[4]?.text).toBe(
      "+1, and let's add an alert when hit rate drops below 80%\n" +
        "the alert should page the platform rotation, not the app team",
    );
    expect(parsed.segments[5]?.text).toBe("agreed. TODO: write the postmortem by Friday");
  });

  it("Markdown notes: text kept verbatim, headings and decision bullets are their own segments", () => {
    const bytes = fixture("notes.md");
    const parsed = parseSource({ filename: "notes.md", bytes, maxBytes: MAX });
    expectValid(parsed);
    expect(parsed.format).toBe("markdown");
    expect(parsed.text).toBe(new TextDecoder().decode(bytes));
    // "**Attendees:**" and "**Date:**" are fields, not people.
    expect(parsed.participants).toEqual(["Priya", "Dan", "Marta"]);
    const texts = parsed.segments.map((s) => s.text);
    expect(texts).toContain("## Decisions");
    expect(texts).toContain("- Ship onboarding v2 on March 14.");
    expect(texts).toContain("- Note: legal review is not needed for copy changes.");
    expect(parsed.segments.find((s) => s.speaker === "Marta")?.text).toBe(
      "support tickets about billing fell by half after the Stripe move.\n  She expects the trend to hold through Q2.",
    );
    expect(parsed.segments.find((s) => s.speaker === "Dan")?.text).toBe(
      "pricing page redesign slips to April because design is on the launch.",
    );
  });

  it("Slack export: real names, mentions and links resolved, joins and empty file posts skipped", () => {
    const parsed = parseFixture("slack.json");
    expectValid(parsed);
    expect(parsed.format).toBe("slack-json");
    expect(parsed.participants).toEqual(["Priya Sharma", "Jonas Weber", "Deploy Bot"]);
    expect(parsed.segments).toHaveLength(4);
    expect(parsed.segments[0]?.startMs).toBe(1_709_800_123_000);
    expect(parsed.text).toBe(asGiven("slack.json"));
    expect(readSegment(parsed.segments[1]!)).toBe(
      "@Priya Sharma do we need a maintenance banner? Runbook: EU runbook (https://wiki.example.com/eu-migration)",
    );
    expect(readSegment(parsed.segments[2]!)).toBe(
      "Yes & it should go up Friday evening. @channel please avoid deploys after 18:00.",
    );
  });

  it("OpenAI-style {messages:[{role, content}]} with content parts", () => {
    const parsed = parseFixture("chat.json");
    expectValid(parsed);
    expect(parsed.format).toBe("chat-json");
    expect(parsed.participants).toEqual(["system", "user", "assistant"]);
    expect(parsed.text).toBe(asGiven("chat.json"));
    expect(readSegment(parsed.segments[2]!)).toBe(
      "Sure. Subject: Offsite moved to June 10\nHi all, the offsite is now on June 10 at the Lisbon office.",
    );
  });

  it("generic chat array: author objects, ISO and epoch-second timestamps, blank messages skipped", () => {
    const parsed = parseFixture("discord.json");
    expectValid(parsed);
    expect(turns("discord.json")).toEqual([
      ["aiko", "standup moved to 9:45 from tomorrow"],
      ["jonas", "ok. I'll update the calendar invite"],
      ["Marta", "works for me"],
    ]);
    expect(parsed.segments[0]?.startMs).toBe(Date.parse("2024-03-07T08:59:12.000Z"));
    expect(parsed.segments[2]?.startMs).toBe(1_709_802_200_000);
  });

  it("sniffs the format of pastes and of mislabelled files", () => {
    const vtt = new TextDecoder().decode(fixture("zoom.vtt"));
    expect(parseSource({ text: vtt, maxBytes: MAX }).format).toBe("vtt");
    const srt = new TextDecoder().decode(fixture("meeting.srt"));
    expect(parseSource({ text: srt, maxBytes: MAX }).format).toBe("srt");
    expect(parseSource({ filename: "captions.vtt", text: srt, maxBytes: MAX }).format).toBe("srt");
    expect(parseSource({ filename: "transcript.txt", text: vtt, maxBytes: MAX }).format).toBe("vtt");
    const slack = new TextDecoder().decode(fixture("slack.json"));
    expect(parseSource({ text: slack, maxBytes: MAX }).format).toBe("slack-json");
    const md = new TextDecoder().decode(fixture("notes.md"));
    expect(parseSource({ text: md, maxBytes: MAX }).format).toBe("markdown");
    expect(parseSource({ mediaType: "text/vtt", text: vtt, maxBytes: MAX }).format).toBe("vtt");
  });
});
