import { describe, expect, it } from "vitest";
import { chunkInput } from "@/lib/extraction/chunking";
import { getPresetKinds } from "@/lib/extraction/kinds";
import { extractCandidates } from "@/lib/extraction/offline";
import { analyse } from "@/lib/extraction/offline/nlp";
import { analyze, MAX_COMPARED_TOKENS } from "@/lib/matcher/lexical";

/**
 * Issue 22: one 2 MB line of words with no punctuation stalled the server. Every stage's work per piece is
 * bounded, so the whole stays linear: these pin the bounds (sizes, not times).
 */
const WORDS = "the billing service team decided we would move search index work to next quarter after review".split(
  " ",
);
const unpunctuated = (count: number) =>
  Array.from({ length: count }, (_, i) => `${WORDS[i % WORDS.length]}${i % 7 === 0 ? i : ""}`).join(" ");

describe("pathological input stays bounded", () => {
  it("chunks a 2 MB unpunctuated line into pieces within the budget that tile it", () => {
    const text = unpunctuated(320_000);
    expect(text.length).toBeGreaterThan(2_000_000);
    const chunks = chunkInput({ text, segments: [], tokenBudget: 3000 });
    expect(Math.max(...chunks.map((c) => c.end - c.start))).toBeLessThanOrEqual(12_000);
    expect(chunks.map((c) => c.end - c.start).reduce((a, b) => a + b, 0)).toBe(text.length);
    // Cut at spaces, not inside words.
    for (const c of chunks.slice(1)) expect(text[c.start - 1]).toBe(" ");
  });

  it("splits an unpunctuated run into sentences of at most 200 tokens, losing no word", () => {
    const text = unpunctuated(2_000);
    const sentences = analyse(text);
    expect(sentences.length).toBeGreaterThanOrEqual(10);
    for (const s of sentences) expect(s.toks.length).toBeLessThanOrEqual(200);
    expect(sentences.flatMap((s) => s.toks.map((t) => t.text)).join(" ")).toBe(text);
  });

  it("proposes candidates of bounded length from a chunk of one unpunctuated line", () => {
    const text = unpunctuated(2_000);
    const facts = extractCandidates(
      { text, segments: [], kinds: getPresetKinds("meeting") },
      { index: 0, start: 0, end: text.length, segments: [] },
    );
    for (const f of facts) expect(f.quote.split(/\s+/).length).toBeLessThanOrEqual(200);
  });

  it("compares at most a bounded number of a statement's words", () => {
    const an = analyze(unpunctuated(5_000), { vectors: null, wordnet: null });
    expect(an.tokens.length).toBe(MAX_COMPARED_TOKENS);
  });
});
