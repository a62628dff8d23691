import { NEGATORS, type Analysis, type Token } from "./lexical";
import { relateSenses, type WordRelation } from "./wordnet";

/**
 * Word alignment of two statements: each content word of one side is paired with the same word
 * (same stem) on the other side, else with a WordNet relative (synonym, derived form, one- or
 * two-step hypernym), else left alone. The similarity counts relatives as shared words (the
 * Sultan et al. route to better STS correlation); the guards read what is left alone: a word
 * swapped for an unrelated one between the same neighbours is a different thing, not a paraphrase.
 */
export interface Alignment {
  /** content words in order (no function words, numbers or negators) */
  wordsA: Token[];
  wordsB: Token[];
  /** for each content word, the position of its partner on the other side, or -1 */
  partnerA: number[];
  partnerB: number[];
  /** how each partnered word relates: "same" for equal stems */
  relationA: Array<WordRelation | "same" | null>;
  /** WordNet antonyms left unpaired ("approved" / "rejected"), as [posA, posB] */
  antonyms: Array<[number, number]>;
  /** both sides were analysed with WordNet (without it, nothing can be called unrelated) */
  wordnet: boolean;
}

// "key-board" and "keyboard", "e-mail" and "email" are the same word.
const matchKey = (t: Token) => (t.stem.includes("-") ? t.stem.replace(/-/g, "") : t.stem);

interface Content { words: Token[]; keys: string[]; firstByStem: Map<string, number> }
const contentCache = new WeakMap<Analysis, Content>();

function content(an: Analysis): Content {
  let c = contentCache.get(an);
  if (c) return c;
  const words = an.tokens.filter((t) => !t.stop && !NEGATORS.has(t.text) && !/\d/.test(t.text));
  const keys = words.map(matchKey);
  const firstByStem = new Map<string, number>();
  keys.forEach((key, i) => {
    if (!firstByStem.has(key)) firstByStem.set(key, i);
  });
  c = { words, keys, firstByStem };
  contentCache.set(an, c);
  return c;
}

// Relatives that may stand in for each other, best first. Antonyms never do.
const RANK: Record<WordRelation, number> = { synonym: 3, derived: 3, hypernym: 2, antonym: 0 };

function isNoun(t: Token): boolean {
  const w = t.senses?.posWeight;
  return !w || w[0] >= Math.max(w[1], w[2], w[3]);
}

/**
 * `names`: token indexes read as names (guards.ts compareStatements). A name pairs with a relative that is
 * a name too ("Syria" / "Syrian") or a synonym ("TV" / "television"), not with a kind of thing:
 * "John" is no "customer", whatever WordNet's "john" (a prostitute's client) says. Capitalised
 * verbs of headlines ("Afghan Parliament Votes to Oust ...") pair as usual.
 */
export function alignWords(a: Analysis, b: Analysis, names?: { a: ReadonlySet<number>; b: ReadonlySet<number> }): Alignment {
  const ca = content(a);
  const cb = content(b);
  const partnerA = ca.keys.map((k) => cb.firstByStem.get(k) ?? -1);
  const partnerB = cb.keys.map((k) => ca.firstByStem.get(k) ?? -1);
  const relationA: Alignment["relationA"] = partnerA.map((p) => (p >= 0 ? "same" : null));
  const antonyms: Array<[number, number]> = [];
  const wordnet = a.wordnet && b.wordnet;
  if (wordnet) {
    for (let i = 0; i < ca.words.length; i++) {
      const ta = ca.words[i] as Token;
      const sa = ta.senses;
      if (partnerA[i] !== -1 || !sa) continue;
      const nameA = names?.a.has(ta.index) === true;
      let best = -1;
      let bestRank = 0;
      let bestRel: WordRelation | null = null;
      for (let j = 0; j < cb.words.length; j++) {
        const tb = cb.words[j] as Token;
        const sb = tb.senses;
        if (partnerB[j] !== -1 || !sb) continue;
        const rel = relateSenses(sa, sb);
        if (!rel) continue;
        const nameB = names?.b.has(tb.index) === true;
        if (nameA !== nameB && rel !== "synonym" && isNoun(nameA ? ta : tb)) continue;
        if (rel === "antonym") antonyms.push([i, j]);
        else if (RANK[rel] > bestRank) {
          best = j;
          bestRank = RANK[rel];
          bestRel = rel;
        }
      }
      if (best >= 0) {
        partnerA[i] = best;
        partnerB[best] = i;
        relationA[i] = bestRel;
      }
    }
  }
  return { wordsA: ca.words, wordsB: cb.words, partnerA, partnerB, relationA, antonyms, wordnet };
}

/**
 * A swap: the unpaired content words on each side between the same paired neighbours, one to three
 * on each side, in a row ("identity queue" / "backup queue", "experiment model" / "support cache").
 */
export interface Swap {
  a: Token[];
  b: Token[];
  /** a one-for-one swap of WordNet opposites ("approved" / "rejected") */
  antonym: boolean;
}

/** Longest run of swapped words counted as one swap: longer runs are a different statement, not a swap within one. */
const MAX_RUN = 3;

function unpairedBetween(partner: number[], lo: number, hi: number): number[] {
  const out: number[] = [];
  for (let i = lo + 1; i < hi; i++) if (partner[i] === -1) out.push(i);
  return out;
}

const consecutive = (xs: number[]) => xs.every((x, k) => k === 0 || x === (xs[k - 1] as number) + 1);

/**
 * The alignment made one-to-one: alignWords pairs every occurrence of a word with the other side's
 * first, so "reported ... reporting" against one "reported" would leave nothing unpaired. Here the k-th
 * occurrence of a word pairs with the k-th on the other side, or with nothing; WordNet relatives keep
 * their (mutual) pairs.
 */
function oneToOne(al: Alignment): { partnerA: number[]; partnerB: number[] } {
  // Usually every pair is mutual already (no word repeats unmatched): nothing to redo.
  if (al.partnerA.every((j, i) => j < 0 || al.partnerB[j] === i) && al.partnerB.every((i, j) => i < 0 || al.partnerA[i] === j)) {
    return { partnerA: al.partnerA, partnerB: al.partnerB };
  }
  const occurrences = (words: Token[]) => {
    const seen = new Map<string, number>();
    return words.map((t) => {
      const key = matchKey(t);
      const n = seen.get(key) ?? 0;
      seen.set(key, n + 1);
      return `${key}\u0000${n}`;
    });
  };
  const occA = occurrences(al.wordsA);
  const posB = new Map(occurrences(al.wordsB).map((k, j) => [k, j]));
  const partnerA = al.partnerA.map((j, i) => {
    if (j < 0) return -1;
    if (al.relationA[i] !== "same") return al.partnerB[j] === i ? j : -1;
    return posB.get(occA[i] as string) ?? -1;
  });
  const partnerB = al.partnerB.map(() => -1);
  partnerA.forEach((j, i) => {
    if (j >= 0) partnerB[j] = i;
  });
  return { partnerA, partnerB };
}

/** Swapped words between identical context: each maximal run of unpaired words on one side, and its counterpart. */
export function findSwaps(al: Alignment): Swap[] {
  if (!al.wordnet) return [];
  const out: Swap[] = [];
  const { partnerA, partnerB } = oneToOne(al);
  for (let i = 0; i < partnerA.length; i++) {
    if (partnerA[i] !== -1 || (i > 0 && partnerA[i - 1] === -1)) continue;
    let next = i + 1;
    while (next < partnerA.length && partnerA[next] === -1) next++;
    const prev = i - 1;
    // Nothing paired at all: two different statements, not a swap within one.
    if (prev < 0 && next >= partnerA.length) continue;
    const runA = Array.from({ length: next - i }, (_, k) => i + k);
    const lo = prev >= 0 ? (partnerA[prev] as number) : -1;
    const hi = next < partnerA.length ? (partnerA[next] as number) : partnerB.length;
    if (lo >= hi) continue; // the neighbours cross over: reordered, not swapped
    const runB = unpairedBetween(partnerB, lo, hi);
    if (runB.length === 0 || runA.length > MAX_RUN || runB.length > MAX_RUN || !consecutive(runB)) continue;
    const antonym = runA.length === 1 && runB.length === 1 && al.antonyms.some(([x, y]) => x === i && y === runB[0]);
    out.push({ a: runA.map((k) => al.wordsA[k] as Token), b: runB.map((k) => al.wordsB[k] as Token), antonym });
  }
  return out;
}
