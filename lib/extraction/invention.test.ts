import { describe, expect, it } from "vitest";
import { groundFacts } from "@/lib/extraction/grounding";
import { unsupportedSpecifics } from "@/lib/extraction/invention";
import type { ExtractedFact } from "@/lib/extraction/schema";

const text =
  "Ann: Lin, can you own the canary pipeline by next Wednesday?\n" +
  "Lin: Sure, I'll take that.\n" +
  "Bo: The vendor quoted 40,000 dollars for the audit, and we approved it on March 3.\n";

const fact = (content: string, quote: string): ExtractedFact => ({
  content,
  quote,
  kind: "action_item",
  confidence: 0.9,
  importance: 0.6,
  temporal: "future",
  speaker: null,
});

describe("grounding that catches invention", () => {
  it("gates a name the line never says, and passes the speaker, the people it names and a sentence's opening", () => {
    const [taker, someoneElse, product, team] = groundFacts(text, [
      fact("Lin owns the canary pipeline.", "Sure, I'll take that."),
      fact("Marcus owns the canary pipeline.", "Sure, I'll take that."),
      fact("The team will run the canary pipeline on Kubernetes.", "can you own the canary pipeline"),
      fact("Everyone agreed that Lin owns the canary pipeline.", "Lin, can you own the canary pipeline"),
    ]);
    expect(taker!.notes).toBeUndefined();
    expect(someoneElse!.notes).toEqual(["Not in the quote: 'Marcus'"]);
    expect(product!.notes).toEqual(["Not in the quote: 'Kubernetes'"]);
    expect(team!.notes).toBeUndefined();
    // A sentence opens on a capital: an ordinary word there is no name, though the tagger calls it proper.
    expect(
      unsupportedSpecifics("Customers prefer dark mode.", "they prefer dark mode", "they prefer dark mode"),
    ).toEqual([]);
    // The speaker the fact is attributed to is said, whether or not the line carries a label (and "my" is theirs).
    expect(
      unsupportedSpecifics(
        "Dana's team owns the rota.",
        "my team owns the rota",
        "my team owns the rota",
        undefined,
        "Dana",
      ),
    ).toEqual([]);
    expect(
      unsupportedSpecifics(
        "Ravi will resubmit the build.",
        "resubmit the build",
        "resubmit the build",
        undefined,
        "Ravi",
      ),
    ).toEqual([]);
  });

  it("gates a quote found only fuzzily, showing the model's words and the source's", () => {
    const [c] = groundFacts(text, [
      fact("The vendor quoted 40,000 dollars.", "The vendor quoted 40,000 dollars for the whole audit and we approved"),
    ]);
    expect(c!.supported).toBe(true);
    expect(c!.notes?.[0]).toMatch(/^Quote differs from the source: the model quoted "The vendor quoted 40,000 dollars/);
    expect(c!.notes?.[0]).toMatch(/; the source says "[^"]*for the audit, and we approved/);
  });

  it("gates a date the quote does not say, and passes the ones it does", () => {
    const [bad, good] = groundFacts(text, [
      fact("Bo approved the audit on July 15.", "we approved it on March 3"),
      fact("Bo approved the audit on March 3.", "we approved it on March 3"),
    ]);
    expect(bad!.notes).toEqual(["Not in the quote: 'July 15'"]);
    expect(good!.notes).toBeUndefined();
  });

  it("gates an amount nobody said", () => {
    const [c] = groundFacts(text, [fact("The audit costs 45,000 dollars.", "The vendor quoted 40,000 dollars")]);
    expect(c!.notes).toEqual(["Not in the quote: '45,000'"]);
  });

  it("gates a date a relative phrase cannot mean on the source's date, and passes the one it can", () => {
    const quote = "Lin, can you own the canary pipeline by next Wednesday?";
    // Said on Monday 2024-05-06: "next Wednesday" is May 8 or May 15, never July 15 nor Thursday May 16.
    const [july, thursday, wednesday, iso] = groundFacts(
      text,
      [
        fact("Lin owns the pipeline, due July 15.", quote),
        fact("Lin owns the pipeline, due May 16.", quote),
        fact("Lin owns the pipeline, due May 15.", quote),
        fact("Lin owns the pipeline, due 2024-05-08.", quote),
      ],
      undefined,
      "2024-05-06",
    );
    expect(july!.notes).toEqual(["Not in the quote: 'July 15'"]);
    expect(thursday!.notes).toEqual(["Not in the quote: 'May 16'"]);
    expect(wednesday!.notes).toBeUndefined();
    expect(iso!.notes).toBeUndefined();
  });

  it("reads tomorrow, next week and next month by the source's date, across a year's end", () => {
    const on = (content: string, said: string) => unsupportedSpecifics(content, said, said, "2024-12-30");
    expect(on("Ship on December 31.", "we ship tomorrow")).toEqual([]);
    expect(on("Ship on January 2.", "we ship tomorrow")).toEqual(["January 2"]);
    expect(on("Ship on January 8.", "we ship next week")).toEqual([]);
    expect(on("Ship on January 28.", "we ship next week")).toEqual(["January 28"]);
    expect(on("Ship on February 20.", "we ship next month")).toEqual([]);
  });

  it("lets any resolution through when the source's date is unknown", () => {
    expect(unsupportedSpecifics("Due July 15.", "by next Wednesday", "by next Wednesday")).toEqual([]);
  });

  it("lets a relative date in the turn be resolved to an absolute one", () => {
    const [c] = groundFacts(text, [
      fact("Lin owns the canary pipeline, due 2024-05-15.", "Lin, can you own the canary pipeline by next Wednesday?"),
    ]);
    expect(c!.notes).toBeUndefined();
  });

  it("finds the numbers of the content in the turn around the quote", () => {
    expect(
      unsupportedSpecifics(
        "Bo approved 40,000 dollars.",
        "we approved it",
        "The vendor quoted 40000 dollars",
        undefined,
        "Bo",
      ),
    ).toEqual([]);
  });
});
