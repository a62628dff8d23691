import { describe, expect, it } from "vitest";
import { isCommand } from "@/lib/extraction/offline/filters";
import { isInstruction } from "@/lib/extraction/offline/instructions";
import { analyse } from "@/lib/extraction/offline/nlp";
import { extractTurns } from "@/tests/extract-turns";

const run = (turns: [string, string][], preset: "meeting" | "personal" = "meeting") => extractTurns(turns, preset);
const quotes = (facts: ReturnType<typeof run>) => facts.map((f) => f.quote);

describe("a plain third-person statement at a work meeting", () => {
  it.each([
    "The loading dock closes at the north gate for deliveries.",
    "The staging cluster shares its disk quota with the analytics team.",
    "Refund requests go through the billing desk only.",
  ])("%s is proposed, though it names no person, number or cue", (said) => {
    expect(quotes(run([["Ines", said]]))).toContain(said);
  });

  it("still needs two things named: a vague remark stays out", () => {
    expect(run([["Ines", "That stuff was kind of all over the place."]])).toEqual([]);
  });

  it("in chat the same kind of remark still needs a person, a name or a number to be kept", () => {
    expect(run([["Ines", "The loading dock closes at the north gate for deliveries."]], "personal")).toEqual([]);
  });
});

describe("a short clause with no verb at a work meeting", () => {
  it.each(["About six weeks.", "Mondays and Thursdays.", "Happy Tuesday, folks.", "Two crates, maybe three."])(
    "%s is a fragment leaning on what was said around it: not proposed",
    (said) => {
      expect(quotes(run([["Ines", said]]))).not.toContain(said);
    },
  );

  it.each(["At least two.", "Still over, by a dollar forty-six.", "Only on Tuesdays."])(
    "%s has no subject and names no thing: an answer, not proposed even with a cue",
    (said) => {
      expect(quotes(run([["Ines", said]]))).not.toContain(said);
    },
  );

  it("a longer verbless line that lists facts, or a short one with a cue, is still proposed", () => {
    const listed = "Six sample bags per site, three sites, morning and evening.";
    expect(quotes(run([["Ines", listed]]))).toContain(listed);
    const cued = "At most three vendors.";
    expect(quotes(run([["Ines", cued]]))).toContain(cued);
  });

  it("in chat the rule does not apply: a short answer there names what the question asked about", () => {
    const said = "My sister Dana in Lisbon.";
    expect(quotes(run([["Ines", said]], "personal"))).toContain(said);
    expect(quotes(run([["Ines", said]]))).not.toContain(said);
  });
});

describe("a noun the tagger reads as a bare verb, with the clause's verb right after it", () => {
  const toks = (said: string) => analyse(said)[0]!.toks;
  // Lower-case, as after "So, …": a capital opening a sentence is read as a name instead.
  it.each(["fix takes two weeks.", "fix adds a day to the release."])(
    "%s is a statement, not a command or an instruction",
    (said) => {
      expect(toks(said)[0]!.pos).toBe("VERB");
      expect(isCommand(toks(said))).toBe(false);
      expect(isInstruction(toks(said))).toBe(false);
    },
  );

  it("an imperative followed by its object is still one", () => {
    const said = "send the freight invoices to the Leeds office.";
    expect(isCommand(toks(said))).toBe(true);
    expect(isInstruction(toks(said))).toBe(true);
  });
});
