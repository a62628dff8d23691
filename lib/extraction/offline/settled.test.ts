import { describe, expect, it } from "vitest";
import { getPresetKinds, type PresetId } from "@/lib/extraction/kinds";
import { extractCandidates } from "@/lib/extraction/offline";
import { analyse } from "@/lib/extraction/offline/nlp";
import { settledStatement } from "@/lib/extraction/offline/settled";
import { smallTalkScore } from "@/lib/extraction/offline/small-talk";
import { transcriptOf } from "@/tests/transcript";

/** What a reviewer would see from one turn (the floor and small talk applied, as a run applies them). */
function facts(said: string, preset: PresetId = "meeting") {
  const { text, segments } = transcriptOf([["Lin", said]]);
  const input = { text, segments, kinds: getPresetKinds(preset) };
  const candidates = extractCandidates(input, { index: 0, start: 0, end: text.length, segments });
  for (const c of candidates) expect(text.slice(c.start!, c.end!)).toBe(c.quote);
  return candidates;
}
const decisions = (said: string, preset?: PresetId) =>
  facts(said, preset)
    .filter((c) => c.kind === "decision")
    .map((c) => c.content);

describe("a decision whose complement is a statement (issue 23)", () => {
  // The reviewer's case, then hand-written variants: "that" or not, another verb, a pronoun, named people.
  const SETTLED: [string, string][] = [
    ["We decided the X trip moves to Lisbon in May.", "The X trip moves to Lisbon in May."],
    ["We agreed the launch slips to June.", "The launch slips to June."],
    ["We decided that the standup moves to 10am.", "The standup moves to 10am."],
    ["We've decided the Berlin trip is cancelled.", "The Berlin trip is cancelled."],
    ["Dana and I agreed the review slips to Thursday.", "The review slips to Thursday."],
    ["So we decided we move the standup to Monday.", "The team moves the standup to Monday."],
    // The verb the tagger reads as a plural noun, with or without what follows: cleaned the same way both times.
    ["We decided that the offline mode ships.", "The offline mode ships."],
    ["We decided that the offline mode ships by Q3.", "The offline mode ships by Q3."],
  ];
  it.each(SETTLED)("%s → a decision: %s", (said, content) => {
    expect(decisions(said)).toEqual([content]);
  });

  it("quotes the framing verbatim while the content drops it", () => {
    const [fact] = facts("We decided the X trip moves to Lisbon in May.");
    expect(fact!.quote).toBe("We decided the X trip moves to Lisbon in May.");
    expect(fact!.content).toBe("The X trip moves to Lisbon in May.");
  });

  it("is the user's decision in the agent-memory preset too", () => {
    expect(decisions("I decided the API stays on version two.", "agent")).toEqual(["The API stays on version two."]);
  });

  it('keeps a plan said with "to" whole: its rest does not stand alone', () => {
    expect(decisions("We decided to hold the X offsite in Lisbon on October 3rd.")).toEqual([
      "The team decided to hold the X offsite in Lisbon on October 3rd.",
    ]);
  });

  it("finds no decision in what is still open or asked", () => {
    for (const said of [
      "We decided nothing yet.",
      "Did we decide the trip moves?",
      "Did we decide the trip moves to Lisbon in May",
      "We haven't decided whether the launch slips to June.",
      "We still have not agreed the launch slips to June.",
    ]) {
      expect(decisions(said), said).toEqual([]);
    }
  });

  it("does not turn an agreement about what happened into a settled statement", () => {
    // "We agreed the demo went well" is an assessment: it keeps its framing (as before this rule).
    expect(decisions("We agreed the demo went really well.")).toEqual(["The team agreed the demo went well."]);
    expect(settledStatement(analyse("We agreed the launch slipped to June.")[0]!.toks)).toBeNull();
  });

  it("leaves small talk the team agreed on, or decided with two small-talk words, under the floor", () => {
    expect(facts("We all agreed the coffee here is terrible.")).toEqual([]);
    expect(facts("We decided to get pizza for lunch on Friday.")).toEqual([]);
  });
});

describe("settledStatement", () => {
  const at = (said: string) => {
    const toks = analyse(said)[0]!.toks;
    const start = settledStatement(toks);
    return start === null ? null : toks[start]!.text;
  };
  it("points at the statement after the framing", () => {
    expect(at("We decided the X trip moves to Lisbon in May.")).toBe("the");
    expect(at("We decided that the standup moves to 10am.")).toBe("the");
    expect(at("Everyone agreed that the new prices for Q3 start in July.")).toBe("the");
  });
  it("is null for an infinitive, a question word, a negation, a noun phrase alone", () => {
    expect(at("We decided to move the standup.")).toBeNull();
    expect(at("We decided what the standup covers.")).toBeNull();
    expect(at("We never decided the trip moves to May.")).toBeNull();
    expect(at("We agreed the price lists for Q3.")).toBeNull();
    expect(at("The trip moves to Lisbon in May.")).toBeNull();
  });
});

describe("small talk and a choice", () => {
  it("a decision takes one small-talk word off; an open question or an agreement does not", () => {
    expect(smallTalkScore("We decided the X trip moves to Lisbon in May.")).toBe(0);
    expect(smallTalkScore("We haven't decided where the team lunch is.")).toBe(1);
    expect(smallTalkScore("We decided nothing about the trip.")).toBe(1);
    expect(smallTalkScore("We all agreed the coffee here is terrible.")).toBe(1);
  });
});
