import { describe, expect, it } from "vitest";
import { getPresetKinds, type PresetId } from "@/lib/extraction/kinds";
import { extractCandidates, extractScored } from "@/lib/extraction/offline";
import {
  confidenceModelFor,
  predictConfidence,
  type ConfidenceFeatures,
  type LogisticModel,
} from "@/lib/extraction/offline/confidence";
import { CONVERSATION_MODEL, MEETING_MODEL, PERSONAL_MODEL } from "@/lib/extraction/offline/confidence-model";
import { transcriptFeatures, type TranscriptFeatures } from "@/lib/extraction/offline/noise";
import type { Segment } from "@/lib/sources/schema";
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

const spoken: TranscriptFeatures = { noise: 12, turnWords: 14 };
const typed: TranscriptFeatures = { noise: 0, turnWords: 14 };

function scored(preset: PresetId) {
  const { text, segments } = meeting;
  return extractScored(
    { text, segments, kinds: getPresetKinds(preset) },
    { index: 0, start: 0, end: text.length, segments },
  );
}

describe("which model scores which preset", () => {
  it("scores clean meetings (and agent memory) with the conversation model and chat with the personal one", () => {
    const transcript = transcriptFeatures(meeting.text, {
      index: 0,
      start: 0,
      end: meeting.text.length,
      segments: meeting.segments,
    });
    const expectScoredBy = (preset: PresetId, model: LogisticModel) => {
      const found = scored(preset);
      expect(found.length).toBeGreaterThan(2);
      for (const c of found) expect(c.confidence).toBe(predictConfidence(c.features, model, transcript));
      return found;
    };
    const inMeeting = expectScoredBy("meeting", CONVERSATION_MODEL);
    expectScoredBy("agent", CONVERSATION_MODEL);
    expectScoredBy("personal", PERSONAL_MODEL);
    // The models disagree on these clauses, so the checks above tell them apart.
    const differ = (a: LogisticModel, b: LogisticModel) =>
      inMeeting.filter(
        (c) => predictConfidence(c.features, a, transcript) !== predictConfidence(c.features, b, transcript),
      );
    expect(differ(CONVERSATION_MODEL, PERSONAL_MODEL).length).toBeGreaterThan(0);
    expect(differ(CONVERSATION_MODEL, MEETING_MODEL).length).toBeGreaterThan(0);
  });

  it("takes the recorded-meeting model for noisy talk or long set speeches, whatever the clause", () => {
    expect(confidenceModelFor("team", typed)).toBe(CONVERSATION_MODEL);
    expect(confidenceModelFor("team", spoken)).toBe(MEETING_MODEL);
    expect(confidenceModelFor("team", { noise: 0, turnWords: 120 })).toBe(MEETING_MODEL);
    expect(confidenceModelFor("inclusive", spoken)).toBe(PERSONAL_MODEL);
  });

  it("measures noise over the transcript: fillers and tags count, spoken framing does not", () => {
    const at = (t: { text: string; segments: Segment[] }) =>
      transcriptFeatures(t.text, { index: 0, start: 0, end: t.text.length, segments: t.segments });
    const clean = at(transcriptOf([["Ana", "Quick recap: the launch moved to May."]]));
    const noisy = at(transcriptOf([["Ana", "So uh the the launch {vocalsound} moved um to May."]]));
    expect(clean.noise).toBe(0);
    expect(noisy.noise).toBeGreaterThan(20);
    expect(clean.turnWords).toBe(7);
    // Paragraphs of notes without speakers are no speeches, however long.
    const notes = "The launch moved to May. ".repeat(40);
    expect(transcriptFeatures(notes, { index: 0, start: 0, end: notes.length, segments: [] }).turnWords).toBe(0);
  });
});

describe("confidence in a meeting: a probability fitted on labelled meeting candidates", () => {
  it("is lower for a hedged, asked or pointing clause than for the same clause stated plainly, in both models", () => {
    const stated = { ...plain, strong: true, fallback: false, importance: 0.8, nouns: 4, specific: true };
    for (const [model, t] of [
      [MEETING_MODEL, spoken],
      [CONVERSATION_MODEL, typed],
    ] as const) {
      const p = predictConfidence(stated, model, t);
      expect(p).toBeGreaterThan(0);
      expect(p).toBeLessThan(1);
      expect(predictConfidence({ ...stated, hedged: true }, model, t)).toBeLessThan(p);
      expect(predictConfidence({ ...stated, question: true }, model, t)).toBeLessThan(p);
      expect(predictConfidence({ ...stated, vagueSubject: true, pointing: 0.3 }, model, t)).toBeLessThan(p);
      expect(predictConfidence({ ...stated, nouns: 8 }, model, t)).toBeGreaterThan(p);
    }
    expect(predictConfidence({ ...stated, unfinished: true }, MEETING_MODEL, spoken)).toBeLessThan(
      predictConfidence(stated, MEETING_MODEL, spoken),
    );
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
    const p = predictConfidence(plain, PERSONAL_MODEL, typed);
    expect(p).toBeGreaterThan(0);
    expect(p).toBeLessThan(1);
    expect(predictConfidence({ ...plain, nouns: 4, specific: true }, PERSONAL_MODEL, typed)).toBeGreaterThan(p);
    expect(predictConfidence({ ...plain, firstPerson: true }, PERSONAL_MODEL, typed)).toBeGreaterThan(p);
    expect(predictConfidence({ ...plain, hedged: true }, PERSONAL_MODEL, typed)).toBeLessThan(p);
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
