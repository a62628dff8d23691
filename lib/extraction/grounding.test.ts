import { describe, expect, it } from "vitest";
import { groundFacts, groundQuote } from "@/lib/extraction/grounding";
import type { ExtractedFact } from "@/lib/extraction/schema";

const SOURCE = [
  "Alice: Hi everyone, thanks for joining.",
  "Bob: We decided to ship the beta on October 3rd, after the security review.",
  "Alice: Our budget for contractors can't exceed $20,000 this quarter.",
  "Carol: I’ll send the migration plan to the team by Friday.",
].join("\n");

function fact(quote: string): ExtractedFact {
  return {
    content: "x x x",
    kind: "context",
    confidence: 0.5,
    importance: 0.5,
    temporal: "present",
    speaker: null,
    quote,
  };
}

describe("groundQuote", () => {
  it("finds an exact quote at its offsets", () => {
    const quote = "We decided to ship the beta on October 3rd";
    const span = groundQuote(SOURCE, quote);
    expect(span?.method).toBe("exact");
    expect(SOURCE.slice(span!.start, span!.end)).toBe(quote);
  });

  it("prefers the occurrence nearest the hint", () => {
    const text = "ok we ship. later: ok we ship.";
    const second = text.lastIndexOf("ok we ship");
    expect(groundQuote(text, "ok we ship", { start: second, end: second + 10 })?.start).toBe(second);
    expect(groundQuote(text, "ok we ship")?.start).toBe(0);
  });

  it("matches across case, whitespace, punctuation and curly-quote differences", () => {
    const span = groundQuote(SOURCE, "i'll send the   MIGRATION plan to the team, by friday");
    expect(span?.method).toBe("normalized");
    expect(SOURCE.slice(span!.start, span!.end)).toBe("I’ll send the migration plan to the team by Friday");
  });

  it("finds a paraphrase with two words changed (fuzzy)", () => {
    const span = groundQuote(SOURCE, "Our budget for freelancers cannot exceed $20,000 this quarter");
    expect(span?.method).toBe("fuzzy");
    const found = SOURCE.slice(span!.start, span!.end);
    expect(found).toContain("budget for contractors");
    expect(found).toContain("this quarter");
  });

  it("does not find a fabricated sentence", () => {
    expect(groundQuote(SOURCE, "The marketing team will hire two designers next month")).toBeNull();
    expect(groundQuote(SOURCE, "We decided to cancel the launch entirely this year")).toBeNull();
  });

  it("returns null for empty input", () => {
    expect(groundQuote(SOURCE, "   ")).toBeNull();
    expect(groundQuote("", "hello there")).toBeNull();
  });

  it("stays fast on a 100 KB text", () => {
    const filler = Array.from(
      { length: 2_000 },
      (_, i) => `Speaker${i % 7}: item ${i} is on track for week ${i % 52}.`,
    ).join("\n");
    expect(filler.length).toBeGreaterThan(80_000);
    const text = filler + "\n" + SOURCE;
    // Correctness on a large text; the benchmark script measures speed.
    expect(groundQuote(text, "Our budget for freelancers cannot exceed $20,000 this quarter")?.method).toBe("fuzzy");
    expect(groundQuote(text, "The marketing team will hire two designers next month")).toBeNull();
  });
});

describe("groundFacts", () => {
  it("sets spans and support, and rewrites found quotes to the source text", () => {
    const [a, b] = groundFacts(SOURCE, [
      fact("our budget for contractors can't exceed $20,000"),
      fact("Nobody said this at all, not once."),
    ]);
    expect(a?.supported).toBe(true);
    expect(a?.quote).toBe(SOURCE.slice(a!.start!, a!.end!));
    expect(a?.quote).toBe("Our budget for contractors can't exceed $20,000");
    expect(b).toMatchObject({ supported: false, start: null, end: null });
  });
});
