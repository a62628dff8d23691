import { describe, expect, it } from "vitest";
import { groundFacts } from "@/lib/extraction/grounding";
import { getPresetKinds } from "@/lib/extraction/kinds";
import { createOfflineExtractor, extractCandidates, extractScored } from "@/lib/extraction/offline";
import type { ExtractionInput } from "@/lib/extraction/types";
import type { Segment } from "@/lib/sources/schema";
import { transcriptOf } from "@/tests/transcript";

const MEETING = transcriptOf([
  ["Alice", "Hi everyone!"],
  ["Bob", "ok"],
  ["Alice", "After last week's review we decided to go with Postgres for the event store."],
  ["Carol", "The launch deadline is March 3, and the budget can't exceed $20,000."],
  ["Bob", "I'll send the migration plan to Carol by Friday."],
  ["Alice", "Can you also check the backup jobs?"],
  ["Carol", "Maybe the dashboard could use a darker theme, I guess."],
  ["Bob", "We shouldn't have skipped load testing; the bug was a missing index on the orders table."],
  ["Carol", "I prefer Grafana over Kibana for dashboards."],
  ["Alice", "Thanks!"],
]);

function run(
  src: { text: string; segments: Segment[] },
  preset: "meeting" | "personal" = "meeting",
  extra: Partial<ExtractionInput> = {},
) {
  const input: ExtractionInput = { text: src.text, segments: src.segments, kinds: getPresetKinds(preset), ...extra };
  return extractCandidates(input, { index: 0, start: 0, end: src.text.length, segments: src.segments });
}

describe("offline extractor on a meeting", () => {
  const facts = run(MEETING);
  const byKind = (kind: string) => facts.filter((f) => f.kind === kind);

  it("finds the decision, the constraint and the action item", () => {
    expect(byKind("decision").map((f) => f.content)).toEqual([
      expect.stringMatching(/team decided to go with Postgres/),
    ]);
    expect(byKind("constraint").map((f) => f.content)).toEqual([
      "The launch deadline is March 3.",
      "The budget cannot exceed $20,000.",
    ]);
    const [action] = byKind("action_item");
    expect(action).toMatchObject({
      speaker: "Bob",
      temporal: "future",
      content: "Bob will send the migration plan to Carol by Friday.",
    });
  });

  it("rewrites first person to the speaker", () => {
    expect(facts.map((f) => f.content)).toContain("Carol prefers Grafana over Kibana for dashboards.");
    expect(facts.every((f) => !/\b(I|I'll|my|me)\b/.test(f.content))).toBe(true);
  });

  it("splits compound sentences into atomic facts", () => {
    const mistakes = byKind("mistake").map((f) => f.content);
    expect(mistakes).toContain("The team should not have skipped load testing.");
    expect(mistakes).toContain("The bug was a missing index on the orders table.");
  });

  it("skips greetings, thanks, backchannels and questions", () => {
    const quotes = facts.map((f) => f.quote).join("\n");
    for (const noise of ["Hi everyone", "Thanks", "ok", "backup jobs"]) expect(quotes).not.toContain(noise);
  });

  it("gives every quote as a verbatim substring at [start, end)", () => {
    expect(facts.length).toBeGreaterThanOrEqual(6);
    for (const f of facts) {
      expect(f.supported).toBe(true);
      expect(MEETING.text.slice(f.start!, f.end!)).toBe(f.quote);
      const segment = MEETING.segments.find((s) => f.start! >= s.start && f.end! <= s.end);
      expect(segment?.speaker).toBe(f.speaker);
    }
  });

  it("is more confident about explicit cues than vague ones, and leaves the vague one under the floor", () => {
    const chunk = { index: 0, start: 0, end: MEETING.text.length, segments: MEETING.segments };
    const scored = extractScored(
      { text: MEETING.text, segments: MEETING.segments, kinds: getPresetKinds("meeting") },
      chunk,
    );
    const vague = scored.find((f) => f.quote.includes("darker theme"));
    expect(facts.some((f) => f.quote.includes("darker theme"))).toBe(false);
    const explicit = byKind("decision")[0]!;
    expect(vague).toBeDefined();
    expect(explicit.confidence).toBeGreaterThan(vague!.confidence);
  });

  it("respects maxFacts (keeping the most important) and the given kinds", () => {
    const top = run(MEETING, "meeting", { maxFacts: 2 });
    expect(top).toHaveLength(2);
    expect(top.map((f) => f.kind)).toContain("decision");
    const onlyTwo = run(MEETING, "meeting", {
      kinds: [
        { id: "decision", label: "Decision", definition: "A choice made." },
        { id: "note", label: "Note", definition: "Anything else." },
      ],
    });
    expect(new Set(onlyTwo.map((f) => f.kind))).toEqual(new Set(["decision", "note"]));
  });
});

describe("offline extractor on a personal chat", () => {
  const chat = transcriptOf([
    ["Caroline", "Hey Mel! Good to see you!"],
    ["Caroline", "I love hiking in the mountains with my dog."],
    ["Melanie", "My sister moved to Denver last year for her nursing job."],
  ]);
  const facts = run(chat, "personal");

  it("rewrites to the speaker's name in the third person", () => {
    expect(facts.map((f) => f.content)).toEqual([
      "Caroline loves hiking in the mountains with their dog.",
      "Melanie's sister moved to Denver last year for her nursing job.",
    ]);
    expect(facts[1]).toMatchObject({ temporal: "past" });
    expect(facts.map((f) => f.kind)).not.toContain("general");
  });
});

describe("createOfflineExtractor", () => {
  it("implements the Extractor interface; grounding its facts restores the same spans", async () => {
    const extractor = createOfflineExtractor();
    expect(extractor).toMatchObject({ name: "offline", modelId: null, promptVersion: "offline-5" });
    const input: ExtractionInput = { text: MEETING.text, segments: MEETING.segments, kinds: getPresetKinds("meeting") };
    const { facts } = await extractor.extractChunk(input, {
      index: 0,
      start: 0,
      end: MEETING.text.length,
      segments: MEETING.segments,
    });
    const grounded = groundFacts(MEETING.text, facts);
    expect(grounded.map((c) => [c.start, c.end])).toEqual(run(MEETING).map((c) => [c.start, c.end]));
    expect(grounded.every((c) => c.supported)).toBe(true);
  });

  it("honours an aborted signal", async () => {
    const controller = new AbortController();
    controller.abort();
    const input: ExtractionInput = {
      text: MEETING.text,
      segments: MEETING.segments,
      kinds: getPresetKinds("meeting"),
      signal: controller.signal,
    };
    await expect(
      createOfflineExtractor().extractChunk(input, { index: 0, start: 0, end: 1, segments: [] }),
    ).rejects.toThrow();
  });
});
