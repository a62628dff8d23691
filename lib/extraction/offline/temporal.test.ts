import { describe, expect, it } from "vitest";
import { getPresetKinds } from "@/lib/extraction/kinds";
import { extractCandidates } from "@/lib/extraction/offline";
import { transcriptOf } from "@/tests/transcript";

/** The decisions a reviewer would see from one turn, with the time each was given. */
function decisions(said: string) {
  const { text, segments } = transcriptOf([["Lin", said]]);
  const input = { text, segments, kinds: getPresetKinds("meeting") };
  return extractCandidates(input, { index: 0, start: 0, end: text.length, segments })
    .filter((c) => c.kind === "decision")
    .map((c) => ({ content: c.content, temporal: c.temporal }));
}

// "past" means no longer true (TemporalSchema). A decision was taken in the meeting but holds from then on: its
// framing verb ("decided", "agreed") dates nothing; what was decided has its own time.
describe("when a decision holds", () => {
  it.each([
    ["We decided to hold the offsite in Porto.", "future"],
    ["We agreed to drop the legacy exporter.", "future"],
    ["We've decided to move the standup to Monday.", "future"],
    ["We decided the X trip moves to Lisbon in May.", "present"],
    ["We agreed that the launch date is October 22nd.", "present"],
    ["We decided that we will launch billing v2 on October 22nd.", "future"],
  ])("%s → %s", (said, temporal) => {
    const found = decisions(said);
    expect(found.length).toBeGreaterThan(0);
    for (const d of found) expect(d.temporal).toBe(temporal);
  });

  it("keeps the past of what was decided when the statement itself is past", () => {
    const found = decisions("We agreed that the old vendor contract ended last month.");
    expect(found.length).toBeGreaterThan(0);
    for (const d of found) expect(d.temporal).toBe("past");
  });
});
