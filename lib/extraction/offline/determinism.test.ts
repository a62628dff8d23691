import { describe, expect, it } from "vitest";
import { getPresetKinds } from "@/lib/extraction/kinds";
import { createOfflineExtractor } from "@/lib/extraction/offline";
import { proposeCandidates } from "@/tests/chain/propose";
import { transcriptOf } from "@/tests/transcript";

// "Extract it again" on the same text and settings must propose the same set: same contents, kinds,
// confidences, importances, ranks and spans, in the same order, whatever the chunk concurrency.
const MEETING = transcriptOf([
  ["Hana", "Okay, so, um, the launch of billing v2 is October 22nd, that's locked."],
  ["Marcus", "Right. Code freeze is the Friday before, October 17th."],
  ["Lin", "We are not adding SEPA direct debit for the launch; it adds a whole settlement flow."],
  ["Hana", "Marcus, can you email the partners by Friday?"],
  ["Marcus", "Sure, I'll do that."],
  ["Lin", "Prices show excluding VAT for everyone, the legal team said that's fine."],
  ["Hana", "I'd rather we keep the old invoices readable for a year."],
  ["Marcus", "Migration goes in three waves, one week between wave one and wave two."],
]);

describe("the offline extractor is deterministic", () => {
  it("the same text and settings give the same candidates, run after run", async () => {
    const input = { text: MEETING.text, segments: MEETING.segments, kinds: getPresetKinds("meeting") };
    const runs = await Promise.all(
      [1, 4, 1].map((concurrency) =>
        proposeCandidates({ extractor: createOfflineExtractor(), input, tokenBudget: 60, concurrency }),
      ),
    );
    expect(runs[0]!.candidates.length).toBeGreaterThan(3);
    for (const run of runs.slice(1)) expect(run.candidates).toEqual(runs[0]!.candidates);
  });
});
