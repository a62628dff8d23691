import { describe, expect, it } from "vitest";
import { getPresetKinds } from "@/lib/extraction/kinds";
import { extractCandidates } from "@/lib/extraction/offline";
import { confidenceModelFor } from "@/lib/extraction/offline/confidence";
import { CONVERSATION_MODEL, MEETING_MODEL } from "@/lib/extraction/offline/confidence-model";
import { transcriptFeatures } from "@/lib/extraction/offline/noise";
import { transcriptOf } from "@/tests/transcript";

/**
 * What a reviewer sees of confidence on a meeting: the same decisions and constraints, typed cleanly or spoken
 * with fillers and transcriber tags. Relations only; the numbers are the fitted models' (scripts/fit-confidence.ts).
 */
const clean = transcriptOf([
  ["Priya", "We decided to ship offline mode by the end of Q3."],
  ["Marcus", "The launch budget cannot exceed forty thousand dollars."],
  ["Lin", "Legal requires a signed data processing agreement before the pilot starts in May."],
  ["Priya", "Sam will migrate the billing service to the new cluster by Friday."],
  ["Marcus", "Thanks, that works for me."],
]);
const disfluent = transcriptOf([
  ["Priya", "So uh we we decided um to ship offline mode {vocalsound} by the end of Q3."],
  ["Marcus", "The uh the launch budget {disfmarker} cannot um exceed forty thousand dollars."],
  ["Lin", "Legal uh requires a {pause} signed data processing agreement before the the pilot starts in May."],
  ["Priya", "Sam will uh migrate the billing service to the um new cluster by Friday [laughter]."],
  ["Marcus", "Yeah uh th- thanks, that works for me."],
]);
const TOPICS = [/offline mode/, /budget/, /processing agreement/, /billing service/];

function extract(t: { text: string; segments: typeof clean.segments }) {
  const chunk = { index: 0, start: 0, end: t.text.length, segments: t.segments };
  const found = extractCandidates({ text: t.text, segments: t.segments, kinds: getPresetKinds("meeting") }, chunk);
  return { found, transcript: transcriptFeatures(t.text, chunk) };
}

function confidenceOf(found: { content: string; confidence: number }[], topic: RegExp): number {
  const c = found.find((f) => topic.test(f.content));
  expect(c, `a candidate about ${topic}`).toBeDefined();
  return c!.confidence;
}

describe("confidence on a clean meeting against the same meeting spoken", () => {
  it("reads typed text as clean conversation and the spoken version as a recorded meeting", () => {
    expect(confidenceModelFor("team", extract(clean).transcript)).toBe(CONVERSATION_MODEL);
    expect(confidenceModelFor("team", extract(disfluent).transcript)).toBe(MEETING_MODEL);
  });

  it("scores each explicit decision, constraint and commitment higher when it is stated cleanly", () => {
    const typed = extract(clean).found;
    const spoken = extract(disfluent).found;
    for (const topic of TOPICS) expect(confidenceOf(typed, topic)).toBeGreaterThan(confidenceOf(spoken, topic));
  });

  it("scores a hedged version of a clean constraint lower than the plain statement", () => {
    const { found } = extract(
      transcriptOf([
        ["Marcus", "The launch budget cannot exceed forty thousand dollars."],
        ["Lin", "I think maybe the launch budget cannot exceed forty thousand dollars."],
      ]),
    );
    const plain = found.find((c) => c.speaker === "Marcus");
    const hedged = found.find((c) => c.speaker === "Lin");
    expect(plain && hedged).toBeTruthy();
    expect(hedged!.confidence).toBeLessThan(plain!.confidence);
  });
});
