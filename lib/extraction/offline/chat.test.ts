import { describe, expect, it } from "vitest";
import { getPresetKinds } from "@/lib/extraction/kinds";
import { extractCandidates } from "@/lib/extraction/offline";
import { transcriptOf } from "@/tests/transcript";

/** Conversations about people (the personal preset): what an answer and a follow-up sentence carry. */
function facts(turns: [string, string][], preset: "personal" | "meeting" = "personal") {
  const { text, segments } = transcriptOf(turns);
  const input = { text, segments, kinds: getPresetKinds(preset) };
  const candidates = extractCandidates(input, { index: 0, start: 0, end: text.length, segments });
  for (const c of candidates) expect(text.slice(c.start!, c.end!)).toBe(c.quote);
  return candidates;
}

describe("chat: an answer takes its topic from the question", () => {
  const reply = "I hiked the rocky coast.";

  it("keeps a short answer to the other person's question", () => {
    const found = facts([
      ["Ana", "Where did you go last weekend?"],
      ["Ben", reply],
    ]);
    expect(found.map((c) => c.content)).toEqual(["Ben hiked the rocky coast."]);
  });

  it("does not keep the same words said unprompted, after one's own question, or in a meeting", () => {
    expect(
      facts([
        ["Ana", "We had a quiet weekend at home."],
        ["Ben", reply],
      ]),
    ).toEqual([]);
    expect(
      facts([
        ["Ben", "Guess where I went?"],
        ["Ben", reply],
      ]),
    ).toEqual([]);
    expect(
      facts(
        [
          ["Ana", "Where did you go last weekend?"],
          ["Ben", reply],
        ],
        "meeting",
      ),
    ).toEqual([]);
  });
});

describe("chat: a sentence that leans on the one before", () => {
  it("joins 'It …' to the fact just before it, quote and span covering both", () => {
    const found = facts([
      ["Ana", "How are things?"],
      [
        "Ben",
        "I started a pottery class in March. It helps me relax after long shifts at the hospital. " +
          "My sister teaches piano at a school in Leeds.",
      ],
    ]);
    expect(found.map((c) => c.content)).toEqual([
      "Ben started a pottery class in March; it helps Ben relax after long shifts at the hospital.",
      "Ben's sister teaches piano at a school in Leeds.",
    ]);
    expect(found[0]!.quote).toBe(
      "I started a pottery class in March. It helps me relax after long shifts at the hospital.",
    );
  });

  it("leaves a sentence alone when something that is not a fact stands between", () => {
    const found = facts([
      [
        "Ben",
        "My sister teaches piano at a school in Leeds. Do you play? " +
          "It takes years of practice to play the cello in an orchestra.",
      ],
    ]);
    expect(found.map((c) => c.content)).toEqual([
      "Ben's sister teaches piano at a school in Leeds.",
      "Ben says it takes years of practice to play the cello in an orchestra.",
    ]);
  });
});
