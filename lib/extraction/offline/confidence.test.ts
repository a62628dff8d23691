import { describe, expect, it } from "vitest";
import { getPresetKinds, type PresetId } from "@/lib/extraction/kinds";
import { extractCandidates, extractScored } from "@/lib/extraction/offline";
import {
  confidenceModelFor,
  predictConfidence,
  type ConfidenceFeatures,
  type LogisticModel,
} from "@/lib/extraction/offline/confidence";
import { MEETING_MODEL, PERSONAL_MODEL } from "@/lib/extraction/offline/confidence-model";
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
  question: false,
  vagueSubject: false,
  unfinished: false,
  pointing: 0,
  self: false,
};

const meeting = transcriptOf([
  ["Lin", "We decided to ship offline mode by the end of Q3, the budget is 40,000 euros."],
  ["Sam", "I think maybe the legal review has to finish before the launch in September."],
  ["Ada", "The vendor contract must be signed by Friday, and it has to include the support terms."],
  ["Lin", "So this is sort of how it works when you, um, do the thing with the, uh."],
  ["Sam", "I'll send the pricing sheet to Ada tomorrow."],
]);

function scored(preset: PresetId) {
  const { text, segments } = meeting;
  return extractScored(
    { text, segments, kinds: getPresetKinds(preset) },
    { index: 0, start: 0, end: text.length, segments },
  );
}

describe("which model scores which preset", () => {
  it("scores meetings (and agent memory) with the meeting model and chat with the personal one", () => {
    const expectScoredBy = (preset: PresetId, model: LogisticModel) => {
      const found = scored(preset);
      expect(found.length).toBeGreaterThan(2);
      for (const c of found) expect(c.confidence).toBe(predictConfidence(c.features, model));
      return found;
    };
    const inMeeting = expectScoredBy("meeting", MEETING_MODEL);
    expectScoredBy("agent", MEETING_MODEL);
    expectScoredBy("personal", PERSONAL_MODEL);
    // The two models disagree on these clauses, so the checks above tell them apart.
    const differ = inMeeting.filter(
      (c) => predictConfidence(c.features, MEETING_MODEL) !== predictConfidence(c.features, PERSONAL_MODEL),
    );
    expect(differ.length).toBeGreaterThan(0);
    expect(confidenceModelFor("team")).toBe(MEETING_MODEL);
    expect(confidenceModelFor("inclusive")).toBe(PERSONAL_MODEL);
  });
});

describe("confidence in a meeting: a probability fitted on labelled meeting candidates", () => {
  it("is lower for a hedged, asked, pointing or broken-off clause than for the same clause stated plainly", () => {
    const stated = { ...plain, strong: true, fallback: false, importance: 0.8, nouns: 4, specific: true };
    const p = predictConfidence(stated, MEETING_MODEL);
    expect(p).toBeGreaterThan(0);
    expect(p).toBeLessThan(1);
    expect(predictConfidence({ ...stated, hedged: true }, MEETING_MODEL)).toBeLessThan(p);
    expect(predictConfidence({ ...stated, question: true }, MEETING_MODEL)).toBeLessThan(p);
    expect(predictConfidence({ ...stated, vagueSubject: true, pointing: 0.3 }, MEETING_MODEL)).toBeLessThan(p);
    expect(predictConfidence({ ...stated, unfinished: true }, MEETING_MODEL)).toBeLessThan(p);
    expect(predictConfidence({ ...stated, nouns: 8 }, MEETING_MODEL)).toBeGreaterThan(p);
  });

  it("ranks a plain statement of a fact above the same fact hedged, in an extracted meeting", () => {
    const { text, segments } = transcriptOf([
      ["Lin", "The vendor contract covers support for the Berlin office until March 2027."],
      ["Sam", "I think maybe the vendor contract covers support for the Berlin office until March 2027."],
    ]);
    const found = extractCandidates(
      { text, segments, kinds: getPresetKinds("meeting") },
      { index: 0, start: 0, end: text.length, segments },
    );
    const plainly = found.find((c) => c.speaker === "Lin");
    const hedged = found.find((c) => c.speaker === "Sam");
    expect(plainly && hedged).toBeTruthy();
    expect(hedged!.confidence).toBeLessThan(plainly!.confidence);
  });
});

describe("confidence in a conversation about people: a fitted probability", () => {
  it("rises with what the statement names and falls when the speaker hedges", () => {
    const p = predictConfidence(plain, PERSONAL_MODEL);
    expect(p).toBeGreaterThan(0);
    expect(p).toBeLessThan(1);
    expect(predictConfidence({ ...plain, nouns: 4, specific: true }, PERSONAL_MODEL)).toBeGreaterThan(p);
    expect(predictConfidence({ ...plain, firstPerson: true }, PERSONAL_MODEL)).toBeGreaterThan(p);
    expect(predictConfidence({ ...plain, hedged: true }, PERSONAL_MODEL)).toBeLessThan(p);
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
