import { describe, expect, it } from "vitest";
import { mostRelevant } from "@/lib/extraction/llm/relevance";

const facts = [
  "The launch of billing v2 is on October 22nd.",
  "Marcus owns the partner emails.",
  "Prices are shown excluding VAT for everyone.",
  "The team is not adding SEPA direct debit for the launch.",
  "The office moves to Berlin in May.",
];
const same = (f: string) => f;

describe("the known facts and examples a chunk's prompt shows", () => {
  it("puts first the facts that share the chunk's rare words, not the first ones given", () => {
    const chunk = "Lin: On pricing, do we show VAT? Dana: Excluding VAT, for everyone, final answer.";
    expect(mostRelevant(chunk, facts, same, { limit: 1, fill: true })).toEqual([facts[2]]);
    const sepa = "Omar: SEPA direct debit would add a settlement flow. Lin: then not for the launch.";
    expect(mostRelevant(sepa, facts, same, { limit: 2, fill: false })).toEqual([facts[3], facts[0]]);
  });

  it("fills the rest in the given order when asked, and never returns more than the limit", () => {
    const chunk = "Ravi: Berlin it is.";
    expect(mostRelevant(chunk, facts, same, { limit: 3, fill: true })).toEqual([facts[4], facts[0], facts[1]]);
    expect(mostRelevant(chunk, facts, same, { limit: 3, fill: false })).toEqual([facts[4]]);
    expect(mostRelevant("Nothing in common here.", facts, same, { limit: 2, fill: false })).toEqual([]);
    expect(mostRelevant(chunk, facts, same, { limit: 0, fill: true })).toEqual([]);
  });

  it("does not count words every sentence has", () => {
    const items = ["The team will do it.", "The team will ship the mobile app."];
    expect(mostRelevant("The team will meet. Mobile app first.", items, same, { limit: 1, fill: false })).toEqual([
      items[1],
    ]);
  });
});
