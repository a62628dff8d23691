import { describe, expect, it } from "vitest";
import { isClosingOrLogistics } from "@/lib/extraction/offline/clean";
import { extractTurns } from "@/tests/extract-turns";

const quotes = (turns: [string, string][]) => extractTurns(turns).map((f) => f.quote);

describe("how the meeting runs is not what it settles", () => {
  it.each([
    "I have a hard stop at four.",
    "I've got a hard stop in twenty minutes.",
    "Sorry, I have to drop in ten.",
    "I need to jump off at half past.",
    "I want to get through hiring, the budget and then the offsite plan.",
    "We'd like to go over the roadmap first, then staffing.",
    "I want to go team by team on the open tickets.",
    "Let me walk through the numbers, then the risks.",
    "I'll walk the incident timeline first, then the fixes.",
    "I'm going to call this meeting of the Library Board to order.",
    "First item is the review of the loan policy for the branch libraries.",
    "Okay, next item is the budget for the summer reading programme.",
    "Item four, the parking permit scheme for the east campus.",
  ])("%s is the speaker's own time or the agenda", (said) => {
    expect(isClosingOrLogistics(said)).toBe(true);
    expect(quotes([["Rosa", said]])).toEqual([]);
  });

  it.each([
    "I have to drop the price to 40 euros for the renewal.",
    "The launch date is a hard stop for the marketing team.",
    "I'll walk the auditors to the server room on Monday.",
    "We need to cover the night shift with two contractors in March.",
    "The first item on the invoice is the freight charge of 300 euros.",
    "Item four is deferred to the June meeting.",
  ])("%s is work, not logistics", (said) => {
    expect(isClosingOrLogistics(said)).toBe(false);
  });
});
