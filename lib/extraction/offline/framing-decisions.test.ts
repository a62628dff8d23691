import { describe, expect, it } from "vitest";
import { getPresetKinds } from "@/lib/extraction/kinds";
import { extractCandidates } from "@/lib/extraction/offline";
import { cleanSpoken } from "@/lib/extraction/offline/clean";
import { transcriptOf } from "@/tests/transcript";

function run(lines: [string, string][]) {
  const m = transcriptOf(lines);
  const input = { text: m.text, segments: m.segments, kinds: getPresetKinds("meeting") };
  return extractCandidates(input, { index: 0, start: 0, end: m.text.length, segments: m.segments });
}
const words = (s: string) => s.split(/[^\p{L}\p{N}']+/u).filter(Boolean);

describe("cleaning keeps every word that carries meaning", () => {
  // Hand-written cases: what cleaning must remove (fillers, tags, repeats, restarts) and what it must keep.
  const CASES: [string, string][] = [
    ["One week between wave one and wave two, two weeks between wave two and wave three.", ""],
    ["The budget is forty, forty thousand euros.", ""],
    ["Um, the the budget must stay under forty thousand.", "Um the"],
    ["We ship on Tuesday, uh, Tuesday the fourth.", "Tuesday uh"],
    ["I- I'll send the {vocalsound} contract by Friday.", "I vocalsound"],
  ];
  it.each(CASES)("%s", (text, removed) => {
    const cleaned = cleanSpoken(text).text;
    expect(cleaned).toHaveLength(text.length);
    // What is gone is exactly the hand-listed words: nothing else, whatever the order.
    const kept = words(cleaned);
    const gone = [...words(text)];
    for (const w of kept) gone.splice(gone.indexOf(w), 1);
    expect(gone.sort()).toEqual(words(removed).sort());
  });

  it('"wave two, two weeks" keeps both twos in the fact', () => {
    const [fact] = run([
      ["Marcus", "One week between wave one and wave two, two weeks between wave two and wave three."],
    ]);
    expect(fact?.content).toMatch(/wave two,? two weeks/);
  });
});

describe("decisions not to do something", () => {
  it('"we are not adding X for the launch" is a decision', () => {
    const facts = run([["Lin", "We are not adding SEPA direct debit for the launch."]]);
    expect(facts.map((f) => [f.kind, f.content])).toContainEqual([
      "decision",
      expect.stringMatching(/not adding SEPA direct debit for the launch/),
    ]);
  });
});

describe("framing words go, their meaning stays", () => {
  it('"One concern: the legal team said …" keeps the legal team and what it said, not the framing', () => {
    const facts = run([["Lin", "One concern: the legal team said we cannot store card numbers in Europe."]]);
    expect(facts.map((f) => f.content)).toEqual(["The legal team said the team cannot store card numbers in Europe."]);
    expect(facts[0]!.kind).toBe("constraint");
  });

  it('"One thing, the team should …" is what the team should do', () => {
    const facts = run([["Dana", "One thing, the team should review the pricing page before launch."]]);
    expect(facts.map((f) => f.content)).toEqual(["The team should review the pricing page before launch."]);
  });

  it('"Lin agreed, SEPA adds …" is what was said, not a decision; the decision beside it is found', () => {
    const facts = run([
      ["Dana", "Lin agreed, SEPA adds a whole settlement flow. So we are not adding SEPA direct debit for the launch."],
    ]);
    const sepa = facts.find((f) => f.content.startsWith("SEPA adds"));
    expect(sepa?.kind).not.toBe("decision");
    expect(facts.filter((f) => f.kind === "decision").map((f) => f.content)).toEqual([
      expect.stringMatching(/not adding SEPA direct debit for the launch/),
    ]);
  });
});

describe("a frame after the turn's opening words", () => {
  it('"Okay, so decision: we extend an offer …" is a decision, as "Decision: …" is', () => {
    const facts = run([["Helen", "It's on the record. Okay, so decision: we extend an offer to Amara Osei at L5."]]);
    expect(facts.map((f) => [f.kind, f.content])).toEqual([
      ["decision", "The team extends an offer to Amara Osei at L5."],
    ]);
  });

  it('"Oh, and I have to flag, …" goes, what is flagged stays', () => {
    const facts = run([["Kwame", "Oh, and I have to flag, we can't do L6 off this loop."]]);
    expect(facts.map((f) => f.content)).toEqual(["The team cannot do L6 off this loop."]);
  });
});

describe("what is left once an agreement's framing goes", () => {
  it("\"Priya agreed, let's not …\" is the team's decision not to", () => {
    const facts = run([["Jo", "Priya agreed, let's not order more test rigs this quarter."]]);
    expect(facts.map((f) => [f.kind, f.content])).toEqual([
      ["decision", "The team will not order more test rigs this quarter."],
    ]);
  });
});

describe("questions are never decisions", () => {
  it.each([
    ["Should we think about the refund window for annual plans?", "Yeah."],
    ["Should we go with the rubber case for the first batch?", "Yeah."],
    ["Should we discuss the pricing tiers next week?", "Yes, agreed."],
  ])("%j answered %j decides nothing", (asked, answer) => {
    const facts = run([
      ["Marcus", asked],
      ["Lin", answer],
    ]);
    expect(facts.filter((f) => f.kind === "decision")).toEqual([]);
  });

  it("an explicit agreement to a concrete question still settles it", () => {
    const facts = run([
      ["Marcus", "Should we go with the rubber case for the first batch?"],
      ["Lin", "Yes, agreed."],
    ]);
    expect(facts.map((f) => [f.kind, f.content])).toContainEqual([
      "decision",
      "The team agreed to go with the rubber case for the first batch.",
    ]);
  });
});
