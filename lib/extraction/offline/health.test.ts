import { describe, expect, it } from "vitest";
import { getPresetKinds, type PresetId } from "@/lib/extraction/kinds";
import { createOfflineExtractor } from "@/lib/extraction/offline";
import { transcriptOf } from "@/tests/transcript";

async function run(turns: [string, string][], preset: PresetId) {
  const { text, segments } = transcriptOf(turns);
  const input = { text, segments, kinds: getPresetKinds(preset) };
  const result = await createOfflineExtractor().extractChunk(input, { index: 0, start: 0, end: text.length, segments });
  return { ...result, found: result.facts.map((f) => [f.kind, f.content]) };
}

// Issue 23's chat: the allergy was missed (no cue, two content words, one noun).
const CHAT: [string, string][] = [
  ["User", "I prefer dark roast coffee in the morning."],
  ["User", "My daughter's birthday is on June 3rd."],
  ["User", "I am allergic to peanuts."],
];

describe("a lasting health fact about a person (issue 23)", () => {
  it("personal preset: all three facts of the chat, the allergy as identity", async () => {
    expect((await run(CHAT, "personal")).found).toEqual([
      ["preference", "User prefers dark roast coffee in the morning."],
      ["family", "User's daughter's birthday is on June 3rd."],
      ["identity", "User is allergic to peanuts."],
    ]);
  });

  it("agent-memory preset: all three, the allergy as context an agent keeps (no small talk for an agent)", async () => {
    expect((await run(CHAT, "agent")).found).toEqual([
      ["preference", "User prefers dark roast coffee in the morning."],
      ["context", "User's daughter's birthday is on June 3rd."],
      ["context", "User is allergic to peanuts."],
    ]);
  });

  it("meeting preset: none proposed (small talk at a work meeting), each counted under the floor", async () => {
    const result = await run(CHAT, "meeting");
    expect(result.found).toEqual([]);
    expect(result.belowFloor?.count).toBe(3);
  });

  const VARIANTS: [string, string, RegExp][] = [
    ["Ana", "I'm allergic to shellfish.", /^Ana is allergic to shellfish\.$/],
    ["Ana", "She is allergic to penicillin.", /she is allergic to penicillin/i],
    ["Ana", "My son has asthma.", /^Ana's son has asthma\.$/],
    ["Ana", "I'm lactose intolerant, so no cheese for me.", /^Ana is lactose intolerant/],
  ];
  it.each(VARIANTS)("%s: %s", async (speaker, said, content) => {
    const { found } = await run([[speaker, said]], "personal");
    expect(found).toContainEqual(["identity", expect.stringMatching(content)]);
  });

  it("an answer to a question about allergies too", async () => {
    const { found } = await run(
      [
        ["Ana", "Is anyone allergic to nuts?"],
        ["Ben", "I'm allergic to cashews."],
      ],
      "personal",
    );
    expect(found).toEqual([["identity", "Ben is allergic to cashews."]]);
  });

  it("never a question; a joke passes (the rule cannot tell one, a reviewer rejects it in a key)", async () => {
    expect((await run([["Ana", "Are you allergic to peanuts?"]], "personal")).found).toEqual([]);
    expect((await run([["Ana", "I'm allergic to Mondays, ha."]], "personal")).found).toEqual([
      ["identity", "Ana is allergic to Mondays, ha."],
    ]);
  });
});
