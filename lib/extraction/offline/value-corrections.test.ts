import { describe, expect, it } from "vitest";
import { viewSource } from "@/lib/chain/view";
import { extractCandidates } from "@/lib/extraction/offline";
import { getPresetKinds } from "@/lib/extraction/kinds";
import { parseSource } from "@/lib/sources/parse";

function extract(text: string) {
  const src = parseSource({ filename: "sync.txt", bytes: Buffer.from(text), maxBytes: 1e6 });
  const { view } = viewSource({ text: src.text, segments: src.segments, format: "text" });
  const input = { text: view.text, segments: view.segments, kinds: getPresetKinds("meeting") };
  const chunk = { index: 0, start: 0, end: view.text.length, segments: view.segments };
  return { text: view.text, candidates: extractCandidates(input, chunk) };
}

describe("a value corrected by someone else soon after", () => {
  it("becomes the earlier statement with the new value, quoting the correction, the old words inside it", () => {
    const { text, candidates } = extract(
      [
        "Marco: The tooling modification for the blend costs $62,000.",
        "Hannah: Actually, it's 58, not 62.",
        "Lena: Okay, and the schedule?",
      ].join("\n"),
    );
    const cost = candidates.filter((c) => /tooling/i.test(c.content));
    expect(cost).toHaveLength(1);
    expect(cost[0]).toMatchObject({
      content: expect.stringContaining("$58,000"),
      quote: "Actually, it's 58, not 62.",
      speaker: "Hannah",
    });
    expect(text.slice(cost[0]!.start!, cost[0]!.end!)).toBe(cost[0]!.quote);
    expect(cost[0]!.notes).toEqual([
      'Supersedes what was said earlier in this meeting: "The tooling modification for the blend costs $62,000."',
    ]);
  });

  it("keeps a time in its own form, and a statement nobody corrects as it was", () => {
    const { candidates } = extract(
      ["Marcus: The first alert fired at 14:12 on Tuesday.", "Nadia: No, it was actually 14:09."].join("\n"),
    );
    expect(candidates.find((c) => /alert/i.test(c.content))?.content).toContain("14:09");

    // The same speaker going on, another value with no marker, or a value of another type corrects nothing.
    const plain = extract(
      [
        "Marco: The tooling modification for the blend costs $62,000.",
        "Marco: The insert costs 4,000 more.",
        "Hannah: It ships at 14:00.",
      ].join("\n"),
    ).candidates;
    expect(plain.find((c) => /tooling/i.test(c.content))?.content).toContain("$62,000");
    expect(plain.every((c) => !(c.notes ?? []).some((n) => n.startsWith("Supersedes")))).toBe(true);
  });
});
