// Time to match 50 candidates against 50 retrieved facts each (2,500 pair scores), as the review
// queue does after DB retrieval. Prints the median over runs. Usage: npx tsx bench/match-lexical.ts
import {
  analyze,
  matchCandidate,
  scoreAnalyses,
  DEFAULT_THRESHOLDS,
  loadWordNet,
  loadWordVectors,
} from "@/lib/matcher";

const people = ["Alice", "Bob", "Priya", "Marcus", "Caroline", "Melanie", "the team", "the vendor"];
const verbs = ["will ship", "decided to move", "agreed to review", "wants to postpone", "owns", "is not sure about"];
const things = [
  "offline mode",
  "the billing migration",
  "the mobile app",
  "the onboarding flow",
  "the API rate limits",
  "the Q3 roadmap",
  "the pricing page",
  "search indexing",
];
const whens = [
  "by end of Q3",
  "by end of Q4",
  "next Monday",
  "before the offsite",
  "in March",
  "after the release",
  "within two weeks",
  "",
];

// Deterministic pseudo-random so every run scores the same texts.
let seed = 42;
const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const pick = <T>(xs: T[]): T => xs[Math.floor(rand() * xs.length)] as T;
const sentence = () => `${pick(people)} ${pick(verbs)} ${pick(things)} ${pick(whens)}`.trim() + ".";

const candidates = Array.from({ length: 50 }, sentence);
const factsFor = candidates.map((_, c) =>
  Array.from({ length: 50 }, (_, i) => ({ id: `f${c}-${i}`, content: sentence() })),
);

const vectors = loadWordVectors();
const heapBefore = process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
const loadStart = performance.now();
const wordnet = loadWordNet();
const wordnetMs = performance.now() - loadStart;
const wordnetMb = (process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers - heapBefore) / 1e6;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

async function main() {
  const runs = 15;
  const full: number[] = [];
  const pairsOnly: number[] = [];
  const analysis: number[] = [];
  const texts = [...candidates, ...factsFor.flatMap((fs) => fs.map((f) => f.content))];
  const factAnalyses = factsFor.map((fs) => fs.map((f) => analyze(f.content)));
  for (let r = 0; r < runs + 2; r++) {
    let t = performance.now();
    for (let c = 0; c < candidates.length; c++) {
      await matchCandidate({ candidate: { content: candidates[c] as string }, facts: factsFor[c] ?? [] });
    }
    const fullMs = performance.now() - t;
    t = performance.now();
    for (let c = 0; c < candidates.length; c++) {
      const a = analyze(candidates[c] as string);
      for (const f of factAnalyses[c] ?? []) scoreAnalyses(a, f, DEFAULT_THRESHOLDS, vectors);
    }
    const pairMs = performance.now() - t;
    t = performance.now();
    for (const text of texts) analyze(text);
    const analysisMs = performance.now() - t;
    if (r >= 2) {
      full.push(fullMs);
      pairsOnly.push(pairMs);
      analysis.push(analysisMs);
    } // first runs warm the JIT
  }
  console.log(
    `word vectors: ${vectors ? "on" : "off"}; ` +
      `WordNet: ${wordnet ? `on (loaded in ${wordnetMs.toFixed(0)} ms, ~${wordnetMb.toFixed(0)} MB)` : "off"}`,
  );
  console.log(`50 candidates x 50 facts = 2,500 pairs; median of ${runs} runs`);
  console.log(`matchCandidate (fact analyses cached after run 1):${median(full).toFixed(1)} ms`);
  console.log(`pair scoring with facts analysed beforehand:   ${median(pairsOnly).toFixed(1)} ms`);
  console.log(`analysing all ${texts.length} texts afresh:            ${median(analysis).toFixed(1)} ms`);
}

void main();
