import { describe, expect, it } from "vitest";
import { analyse } from "@/lib/extraction/offline/nlp";
import { rewriteClause, thirdPersonSingular, type Voice } from "@/lib/extraction/offline/rewrite";

const CHAT: Voice = { speaker: "Gina", addressee: "Jon", group: "inclusive" };
const MEETING: Voice = { speaker: "Bob", addressee: null, group: "team" };

function rewrite(text: string, voice: Voice): string {
  return rewriteClause(
    analyse(text).flatMap((s) => s.toks),
    text,
    voice,
  );
}

describe("rewriteClause", () => {
  it("puts first person in the third person with verb agreement", () => {
    expect(rewrite("I love hiking.", CHAT)).toBe("Gina loves hiking.");
    expect(rewrite("I’m a nurse and I've lived in Ohio since 2019.", CHAT)).toBe(
      "Gina is a nurse and they have lived in Ohio since 2019.",
    );
    expect(rewrite("I don't eat meat.", CHAT)).toBe("Gina does not eat meat.");
    expect(rewrite("My sister teaches math.", CHAT)).toBe("Gina's sister teaches math.");
  });

  it("names both people when a pronoun would be ambiguous", () => {
    expect(rewrite("I'm proud of you and your studio.", CHAT)).toBe("Gina is proud of Jon and Jon's studio.");
  });

  it("supplies the subject chat leaves out", () => {
    expect(rewrite("Went to the beach yesterday with my kids.", CHAT)).toBe(
      "Gina went to the beach yesterday with their kids.",
    );
    expect(rewrite("Researching adoption agencies.", CHAT)).toBe("Gina is researching adoption agencies.");
  });

  it("makes 'we' the team in meetings and drops intensifiers", () => {
    expect(rewrite("We really need to ship our API by Friday!", MEETING)).toBe(
      "The team needs to ship the team's API by Friday.",
    );
  });

  it("attributes opinions when asked to", () => {
    expect(rewrite("Art can be healing.", { ...CHAT, attribute: true })).toBe("Gina says art can be healing.");
    // A name the rewrite put first keeps its capital after "says".
    expect(rewrite("Our garden needs rain.", { ...CHAT, attribute: true })).toBe("Gina says Gina's garden needs rain.");
  });

  it("reads a present verb without subject as about 'it', not about the speaker", () => {
    expect(rewrite("Sounds like a lovely trip to Lisbon!", { ...CHAT, attribute: true })).toBe(
      "Gina says it sounds like a lovely trip to Lisbon.",
    );
  });

  it("spells out contractions, and only the ones after pronouns", () => {
    expect(rewrite("It's been a long year, but it's worth it.", CHAT)).toBe(
      "It has been a long year, but it is worth it.",
    );
    expect(rewrite("They're moving and they won't sell the boat.", CHAT)).toBe(
      "They are moving and they will not sell the boat.",
    );
    expect(rewrite("I can't swim, and Jon's boat isn't mine.", CHAT)).toBe(
      "Gina cannot swim, and Jon's boat is not theirs.",
    );
  });
});

describe("thirdPersonSingular", () => {
  it("conjugates regular and irregular verbs", () => {
    expect(["go", "have", "watch", "try", "play", "can"].map(thirdPersonSingular)).toEqual([
      "goes",
      "has",
      "watches",
      "tries",
      "plays",
      "can",
    ]);
  });
});
