import { describe, expect, it } from "vitest";
import { getPresetKinds } from "@/lib/extraction/kinds";
import { extractCandidates } from "@/lib/extraction/offline";
import { transcriptOf } from "@/tests/transcript";

/** The kinds a reviewer would see from one turn. */
function kinds(said: string) {
  const { text, segments } = transcriptOf([["Ana", said]]);
  const input = { text, segments, kinds: getPresetKinds("meeting") };
  return extractCandidates(input, { index: 0, start: 0, end: text.length, segments }).map((c) => c.kind);
}

// "Approved" settles something when someone approved it; "the approved list" names a thing, and keeping to it
// is a constraint (issue 23: the plainest constraint of a held-out meeting was typed a decision, then missed).
describe("approved: a decision, or a list to keep to", () => {
  it.each([
    "No new vendors for this project; only suppliers already on the approved list.",
    "We buy from the approved vendors only.",
    "Personal cloud storage is prohibited for customer files.",
  ])("%s → a constraint", (said) => {
    expect(kinds(said)).toEqual(["constraint"]);
  });

  it.each(["The board approved the offsite budget last night.", "Legal approved the new retention policy."])(
    "%s → a decision",
    (said) => {
      expect(kinds(said)).toEqual(["decision"]);
    },
  );
});
