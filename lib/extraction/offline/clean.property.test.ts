import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cleanSpoken } from "@/lib/extraction/offline/clean";

/** The words left once cleaning has blanked what it removes, punctuation aside. */
const words = (text: string) =>
  text
    .split(/\s+/)
    .map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ""))
    .filter((w) => w !== "");

describe("cleanSpoken, by hand-written cases: only fillers, tags, repeats, restarts and framing go", () => {
  it.each([
    ["Um, we ship on, uh, Friday.", "we ship on Friday"],
    // Both "two"s carry meaning: "… and wave two, two weeks between …" (issue 23).
    [
      "One week between wave one and wave two, two weeks between wave two and wave three.",
      "One week between wave one and wave two two weeks between wave two and wave three",
    ],
    ["We- we need the the new rack by {disfmarker} Monday.", "we need the new rack by Monday"],
    ["The budget is capped at forty thousand [laughter].", "The budget is capped at forty thousand"],
    ["I I'm taking the on-call rota, you know, for March.", "I'm taking the on-call rota for March"],
    ["The demo is on Tuesday — no, Wednesday.", "The demo is on Wednesday"],
    ["The the th the retention is ninety two percent (laughs).", "the retention is ninety two percent"],
    ["Hmm, mm-hmm, the cathode uses sol-gel coating.", "the cathode uses sol-gel coating"],
    [
      "One concern: the legal team said we cannot store card numbers.",
      "the legal team said we cannot store card numbers",
    ],
    ["One thing, the team should review the pricing page.", "the team should review the pricing page"],
    ["Lin agreed, SEPA adds a whole settlement flow.", "SEPA adds a whole settlement flow"],
    ["Let me summarize: launch is October 22nd.", "launch is October 22nd"],
    // Kept: words that look like fillers or repeats but carry meaning.
    ["It's a two-by-two matrix with no no-go zones.", "It's a two-by-two matrix with no no-go zones"],
    ["We had had enough of the old vendor.", "We had had enough of the old vendor"],
    ["I mean it, the deadline is hard.", "I mean it the deadline is hard"],
    ["You know Sam owns the migration.", "You know Sam owns the migration"],
    ["We like the blue one better than the red one.", "We like the blue one better than the red one"],
    ["That is kind of the point of the review.", "That is kind of the point of the review"],
    ["We agreed, the launch is October 22nd.", "We agreed the launch is October 22nd"],
    ["We are not adding SEPA direct debit for the launch.", "We are not adding SEPA direct debit for the launch"],
    ["Prices exclude VAT, not include VAT.", "Prices exclude VAT not include VAT"],
  ])("%j reads %j", (said, kept) => {
    const cleaned = cleanSpoken(said);
    expect(cleaned.text).toHaveLength(said.length);
    expect(words(cleaned.text).join(" ")).toBe(kept);
  });
});

/** Words a fact is made of; none is a filler, a framing word or a letter a cut-off word could be. */
const CONTENT = [
  ..."the team ships billing v2 on October 22nd no not never had that two ten 4 million price excluding VAT".split(" "),
  ..."legal said we cannot store card numbers in Europe Marcus emails partners by Friday wave three weeks".split(" "),
  ..."no-go sol-gel on-call Q3 revenue is capped at $3.8M deferred May retention ninety percent".split(" "),
];
const FILLERS = ["uh", "um", "uhm", "er", "ah", "hmm", "mm", "mhm", "uh-huh"];
const TAGS = ["{disfmarker}", "{vocalsound}", "[laughter]", "[inaudible 00:12]", "(laughs)", "(crosstalk)"];

type Noise = { type: "filler" | "tag" | "stutter" | "cut"; at: number; pick: number };

describe("cleanSpoken, as a property: noise put into a sentence is what comes out, and nothing else", () => {
  it("keeps every content word, in order, whatever fillers, tags, stutters and cut words are put between them", () => {
    const sentence = fc.uniqueArray(fc.constantFrom(...CONTENT), { minLength: 3, maxLength: 14 });
    const noise = fc.array(
      fc.record({
        type: fc.constantFrom<Noise["type"]>("filler", "tag", "stutter", "cut"),
        at: fc.nat(),
        pick: fc.nat(),
      }),
      { maxLength: 6 },
    );
    fc.assert(
      fc.property(sentence, noise, (content, inserts) => {
        const before = new Map<number, string[]>();
        for (const n of inserts) {
          const at = n.at % content.length;
          const next = content[at]!;
          const put =
            n.type === "filler"
              ? `${FILLERS[n.pick % FILLERS.length]!},`
              : n.type === "tag"
                ? TAGS[n.pick % TAGS.length]!
                : n.type === "stutter"
                  ? next
                  : `${next.slice(0, 1 + (n.pick % Math.max(1, next.length - 1)))}-`;
          // A cut-off of a hyphenated word ("no-") is a word itself, and a hyphenated word said twice is left
          // as said (keeping it loses nothing): only plain words are stuttered or cut here.
          // "had had" is English, kept on purpose (the table above).
          if (n.type === "stutter" && (!/^[\p{L}\p{N}]+$/u.test(next) || next === "had")) continue;
          if (n.type === "cut" && !/^[\p{L}]+$/u.test(next)) continue;
          before.set(at, [...(before.get(at) ?? []), put]);
        }
        const said = content.map((w, i) => [...(before.get(i) ?? []), w].join(" ")).join(" ") + ".";
        const cleaned = cleanSpoken(said).text;
        expect(cleaned).toHaveLength(said.length);
        expect(words(cleaned)).toEqual(content.map((w) => w.replace(/^\$/, "")));
      }),
      { numRuns: 400 },
    );
  });
});
