import { describe, expect, it } from "vitest";
import { getPresetKinds } from "@/lib/extraction/kinds";
import { extractCandidates } from "@/lib/extraction/offline";
import { analyse } from "@/lib/extraction/offline/nlp";
import { Referents } from "@/lib/extraction/offline/referents";
import { transcriptOf } from "@/tests/transcript";

// A hiring panel and a lab meeting, written for this test: people talked about who are not in the room.
function contents(turns: [string, string][], preset: "meeting" | "personal" = "meeting"): string[] {
  const src = transcriptOf(turns);
  const input = { text: src.text, segments: src.segments, kinds: getPresetKinds(preset) };
  const chunk = { index: 0, start: 0, end: src.text.length, segments: src.segments };
  return extractCandidates(input, chunk, { perTurnUncued: 2, minInformativeness: 3, rankFloor: 0 }).map(
    (c) => c.content,
  );
}

function tracked(sentences: string[]): Referents {
  const referents = new Referents();
  for (const s of sentences) for (const sentence of analyse(s)) referents.note(sentence.toks);
  return referents;
}

describe("who 'he' and 'she' are at a meeting", () => {
  it("a fact about someone named before says who, with the verb agreeing", () => {
    const found = contents([
      ["Helen", "Omar, how did the first interview go?"],
      ["Omar", "Priya was strong on streaming. She's run Flink in production."],
      ["Jess", "Marco is good at SQL. But he's never been on call."],
      ["Omar", "He hadn't done stateful processing either."],
    ]);
    expect(found).toContain("Priya has run Flink in production.");
    expect(found).toContain("Marco has never been on call.");
    expect(found).toContain("Marco had not done stateful processing either.");
  });

  it("once 'she' is one person, 'he' is someone else: the last named who is not her", () => {
    const she = tracked(["Amara was strong.", "She has run Flink."]);
    expect(she.resolve("she")).toBe("Amara");
    expect(she.resolve("he")).toBeNull(); // not her, and no one else named yet
    const both = tracked([
      "Amara was strong.",
      "She has run Flink.",
      "Jordan is good at SQL.",
      "He hasn't been on call.",
    ]);
    expect(both.resolve("he")).toBe("Jordan");
    expect(both.resolve("she")).toBe("Amara");
    // "Wei Chen withdrew. He took another offer." then Jordan: "he" moves on to whoever was named last.
    const moved = tracked(["Wei Chen withdrew.", "He took another offer.", "Jordan is good at SQL."]);
    expect(moved.resolve("he")).toBe("Jordan");
  });

  it("only a sentence's subject is a referent: not an object, a vocative, a possessive or a date", () => {
    expect(tracked(["We compared him with Amara."]).resolve("she")).toBeNull();
    expect(tracked(["Tariq, sol-gel."]).resolve("he")).toBeNull();
    expect(tracked(["Jordan's scores are on the wrong profile."]).resolve("he")).toBeNull();
    expect(tracked(["Martin Reyes is the blocker."]).resolve("he")).toBe("Martin Reyes");
    expect(tracked(["Monday is great for the verbal."]).resolve("she")).toBeNull();
  });

  it("a name said long before is no referent: 'he' a while after a tool is named stays 'he'", () => {
    const later = Array.from({ length: 7 }, (_, i) => `The rollout has ${i + 2} stages.`);
    expect(tracked(["Terraform is a nice to have.", ...later]).resolve("he")).toBeNull();
    expect(tracked(["Terraform is a nice to have.", "The rollout has two stages."]).resolve("he")).toBe("Terraform");
  });

  it("with no one named the pronoun stays as said, and in chat it is never rewritten", () => {
    expect(contents([["Ana", "She is allergic to penicillin."]], "meeting").join(" ")).not.toMatch(/Ana is/);
    const chat = contents(
      [
        ["Ana", "My sister Mia visited. She is allergic to penicillin."],
        ["Ben", "Oh no."],
      ],
      "personal",
    );
    expect(chat.join(" ")).not.toMatch(/Mia is allergic/);
  });

  it("a correction keeps what it corrects once the pronouns are named", () => {
    const found = contents([
      ["Omar", "So, Amara was strong. The one thing is, she's only got four years."],
      ["Lucia", "She's actually got six. She was at Dataloom for two years before that."],
    ]);
    expect(found.some((c) => /Amara has only got six years/.test(c))).toBe(true);
    expect(found).toContain("Amara was at Dataloom for two years before that.");
  });
});
