import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { getPresetKinds } from "@/lib/extraction/kinds";
import { createOfflineExtractor } from "@/lib/extraction/offline";
import { proposeCandidates } from "@/tests/chain/propose";
import { parseSource } from "@/lib/sources/parse";

/**
 * A candidate's start/end are offsets (UTF-16 code units) into the text the user gave: whatever the
 * whitespace, line endings or characters, slicing that text at them gives the quote.
 */

const speaker = fc.constantFrom("Ann Lee", "Bo", "Zoë Ürün", "王伟", "Dr. Ng");
const space = fc.constantFrom(" ", " ", " ", "  ", "   ", "\t", " \u00A0");
const word = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom("the", "team", "budget", "launch", "review", "March", "40k", "beta") },
  { weight: 2, arbitrary: fc.constantFrom("café", "naïve", "😀", "👍🏽", "𝔘nicode", "—", "“quoted”", "it’s") },
  { weight: 1, arbitrary: fc.stringMatching(/^[a-zé]{1,7}$/) },
);
/** Sentences with cues the offline extractor picks up, so most runs yield candidates. */
const cue = fc.constantFrom(
  "we decided to",
  "the budget must stay under",
  "I will send",
  "we agreed on",
  "the deadline is",
  "I'll take",
  "we can't ship",
);
const sentence = fc
  .tuple(cue, fc.array(fc.tuple(space, word), { minLength: 2, maxLength: 8 }), fc.constantFrom(".", "!", "", " ."))
  .map(([c, rest, end]) => c + rest.map(([s, w]) => s + w).join("") + end);
const eol = fc.constantFrom("\n", "\r\n", "\r");
const turn = fc
  .tuple(
    speaker,
    fc.constantFrom(": ", ":  ", ":\t", ":"),
    fc.array(fc.tuple(sentence, space), { minLength: 1, maxLength: 3 }),
    eol,
    fc.nat(2),
  )
  .map(
    ([who, sep, sentences, end, blank]) =>
      who + sep + sentences.map(([s, sp]) => s + sp).join("") + end.repeat(1 + blank),
  );
const transcript = fc
  .tuple(fc.boolean(), fc.array(turn, { minLength: 1, maxLength: 6 }), fc.constantFrom("", "  ", "\n\n"))
  .map(([bom, turns, lead]) => ({ bom, text: lead + turns.join("") }));

describe("spans into the user's own text", () => {
  it("stored text is the input (BOM dropped) and every quote is the input sliced at its offsets", async () => {
    const kinds = getPresetKinds("meeting");
    await fc.assert(
      fc.asyncProperty(transcript, async ({ bom, text }) => {
        const parsed = parseSource({ filename: "t.txt", text: (bom ? "\uFEFF" : "") + text, maxBytes: 1_000_000 });
        expect(parsed.text).toBe(text);
        for (const s of parsed.segments) expect(text.slice(s.start, s.end)).toBe(s.text);
        const result = await proposeCandidates({
          extractor: createOfflineExtractor(),
          input: { text: parsed.text, segments: parsed.segments, kinds },
          tokenBudget: 3000,
          concurrency: 1,
        });
        for (const c of result.candidates) {
          expect(c.supported).toBe(true);
          expect(text.slice(c.start!, c.end!)).toBe(c.quote);
        }
      }),
      { numRuns: 80 },
    );
  });

  it("quotes sit at their offsets in a transcript with blank lines, doubled spaces and CRLF", async () => {
    const text =
      "Priya:  We decided to  drop the Android beta.\r\n\r\n" +
      "Dan: The security review must finish before the launch in March.\r\n\r\n\r\n" +
      "Priya:   I will draft the customer email by Thursday.\r\n";
    const parsed = parseSource({ text, maxBytes: 1_000_000 });
    const result = await proposeCandidates({
      extractor: createOfflineExtractor(),
      input: { text: parsed.text, segments: parsed.segments, kinds: getPresetKinds("meeting") },
      tokenBudget: 3000,
      concurrency: 1,
    });
    const quotes = result.candidates.map((c) => c.quote);
    expect(quotes).toEqual(
      expect.arrayContaining([
        expect.stringContaining("drop the Android beta"),
        expect.stringContaining("security review must finish"),
        expect.stringContaining("draft the customer email"),
      ]),
    );
    for (const c of result.candidates) expect(text.slice(c.start!, c.end!)).toBe(c.quote);
  });

  it("a sentence two people said keeps each one's own span", async () => {
    const text =
      "Priya: I will send the launch report by Friday.\nDan: Noted.\nDan: I will send the launch report by Friday.";
    const parsed = parseSource({ text, maxBytes: 1_000_000 });
    const result = await proposeCandidates({
      extractor: createOfflineExtractor(),
      input: { text: parsed.text, segments: parsed.segments, kinds: getPresetKinds("meeting") },
      tokenBudget: 3000,
      concurrency: 1,
    });
    const spans = result.candidates.map((c) => [c.speaker, c.start]);
    expect(spans).toEqual([
      ["Priya", text.indexOf("I will send")],
      ["Dan", text.lastIndexOf("I will send")],
    ]);
  });
});
