import { describe, expect, it } from "vitest";

// Issue 28: a card is sent with what it reads, nothing a decision on it acts on left out.

import type { Match } from "@/lib/matcher/schema";
import { CARD_CONTEXT_LINES, cardMatches, shownContext } from "@/lib/queue/candidate";
import { contradictedFacts, duplicateFact, relatedFacts } from "@/components/review/matches";
import type { ReviewItem } from "@/components/review/types";

const match = (verdict: Match["verdict"], n: number, extra: Partial<Match> = {}): Match => ({
  factId: `fact-${n}`,
  content: `Fact number ${n}.`,
  score: 1 - n / 10,
  verdict,
  stage: "lexical",
  reason: `Reason ${n}`,
  vetoed: true,
  ...extra,
});

describe("a card's matches", () => {
  it("carries the three it shows in full and, of the rest, the facts a decision acts on", () => {
    const stored = [
      match("contradicts", 1),
      match("related", 2),
      match("related", 3),
      match("related", 4),
      match("new", 5),
      match("contradicts", 6),
      match("related", 7, { factId: undefined, candidateId: "open-7" }),
    ];
    const { matches, moreMatches } = cardMatches(stored);
    expect(matches?.map((m) => m.factId)).toEqual(["fact-1", "fact-2", "fact-3"]);
    expect(matches?.[0]).not.toHaveProperty("vetoed");
    expect(moreMatches).toEqual([
      { factId: "fact-4", verdict: "related" },
      { factId: "fact-6", verdict: "contradicts" },
    ]);
    // A decision on the card acts on every fact it did before the card was slimmed.
    const item = { matches, moreMatches } as ReviewItem;
    expect(relatedFacts(item).map((m) => m.factId)).toEqual(["fact-2", "fact-3", "fact-4"]);
    expect(contradictedFacts(item).map((m) => m.factId)).toEqual(["fact-1", "fact-6"]);
  });

  it("keeps the fact a merge takes in full wherever it is", () => {
    const stored = [
      match("duplicate", 1, { factId: undefined, candidateId: "open-1" }),
      match("duplicate", 2, { factId: undefined, candidateId: "open-2" }),
      match("duplicate", 3, { factId: undefined, candidateId: "open-3" }),
      match("duplicate", 4),
    ];
    const { matches, moreMatches } = cardMatches(stored);
    const item = { matches, moreMatches } as ReviewItem;
    expect(duplicateFact(item)).toMatchObject({ factId: "fact-4", content: "Fact number 4." });
    expect(moreMatches).toEqual([]);
  });

  it("says so when the stored matches could not be read", () => {
    expect(cardMatches(null)).toEqual({ matches: null, moreMatches: [] });
  });
});

describe("a card's context", () => {
  const lines = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `${tag} line ${i + 1}`);
  const context = {
    before: `${lines(10, "before").join("\n")}\nAna: `,
    after: `\n${lines(10, "after").join("\n")}`,
    startMs: 1_000,
  };

  it("is cut to the lines its focused view shows, saying there is more", () => {
    const card = shownContext(context, CARD_CONTEXT_LINES);
    expect(card.before.split("\n")).toHaveLength(CARD_CONTEXT_LINES);
    expect(card.before.endsWith("before line 10\nAna: ")).toBe(true);
    expect(card.after.split("\n")).toHaveLength(CARD_CONTEXT_LINES);
    expect(card.more).toBe(true);
  });

  it("says nothing more when the transcript holds no more than it shows", () => {
    const short = { before: "Bo: Hi.\nAna: ", after: "\nBo: Yes.", startMs: null };
    expect(shownContext(short, CARD_CONTEXT_LINES)).toEqual(short);
  });
});
