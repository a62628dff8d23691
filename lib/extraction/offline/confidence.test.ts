import { describe, expect, it } from "vitest";
import { getPresetKinds } from "@/lib/extraction/kinds";
import { extractCandidates } from "@/lib/extraction/offline";
import { cueConfidence, predictConfidence, type ConfidenceFeatures } from "@/lib/extraction/offline/confidence";
import { transcriptOf } from "@/tests/transcript";

const plain: ConfidenceFeatures = {
  strong: false,
  weak: false,
  hedged: false,
  importance: 0.5,
  fallback: true,
  words: 8,
  nouns: 2,
  specific: false,
  firstPerson: false,
  disfluency: 0,
};

describe("confidence in a conversation about people: a fitted probability", () => {
  it("rises with what the statement names and falls when the speaker hedges", () => {
    const p = predictConfidence(plain);
    expect(p).toBeGreaterThan(0);
    expect(p).toBeLessThan(1);
    expect(predictConfidence({ ...plain, nouns: 4, specific: true })).toBeGreaterThan(p);
    expect(predictConfidence({ ...plain, firstPerson: true })).toBeGreaterThan(p);
    expect(predictConfidence({ ...plain, hedged: true })).toBeLessThan(p);
  });

  it("takes many values across a chat, not three", () => {
    const chat = transcriptOf([
      ["Caroline", "I moved to Boston in 2019 to work as a nurse at Mass General."],
      ["Melanie", "My kids love the beach, we went to Cape Cod last summer."],
      ["Caroline", "I think I might take a pottery class sometime."],
      ["Melanie", "I have been painting landscapes with acrylics for three years."],
      ["Caroline", "The support group at the LGBTQ center helped me a lot after my transition."],
      ["Melanie", "My husband and I are planning a camping trip to Yosemite in July."],
    ]);
    const input = { text: chat.text, segments: chat.segments, kinds: getPresetKinds("personal") };
    const found = extractCandidates(input, { index: 0, start: 0, end: chat.text.length, segments: chat.segments });
    expect(new Set(found.map((c) => c.confidence)).size).toBeGreaterThan(3);
    // Not the old fixed steps of a cue rule.
    expect(found.filter((c) => ![0.3, 0.45, 0.6, 0.7, 0.85].includes(c.confidence)).length).toBeGreaterThan(3);
    const hedged = found.find((c) => c.quote.includes("pottery"));
    expect(hedged?.confidence).toBe(Math.min(...found.map((c) => c.confidence)));
  });
});

describe("confidence in a meeting: cue-based until meetings have per-fact gold to fit on", () => {
  it("is higher for an explicit cue than for topical words or none, and lower when hedged", () => {
    expect(cueConfidence({ strong: true, weak: false, hedged: false })).toBe(0.85);
    expect(cueConfidence({ strong: false, weak: true, hedged: false })).toBe(0.6);
    expect(cueConfidence({ strong: false, weak: false, hedged: true })).toBe(0.3);
  });
});
