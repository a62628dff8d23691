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

interface Content {
  words: Token[];
  keys: string[];
  firstByStem: Map<string, number>;
}
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

/** Cosine of two words' vectors, or null when either has none. */
export function wordCosine(an: Analysis, x: Token, y: Token): number | null {
  const v = an.vectors;
  if (!v || x.row < 0 || y.row < 0) return null;
  let dot = 0;
  const [ox, oy] = [x.row * v.dim, y.row * v.dim];
  for (let i = 0; i < v.dim; i++) dot += (v.data[ox + i] as number) * (v.data[oy + i] as number);
  return dot;
}

// A noun two WordNet steps under another can be far from it in use: a "queue" is a kind of "list", a kind of
// "database", yet "the localisation queue" is no "localisation database". Below this cosine such a pair is
// left unpaired (and the swap guard sees two things); "dog" / "animal" (0.68) and "man" / "person" pair.
const LOOSE_KIND = 0.4;

// A company's teams, named by what they do: each is its own doer, whatever WordNet relates ("a sale" is a kind
// of "marketing"): "Marketing will announce the partnership" is not "Sales will announce the partnership".
const TEAMS = new Set("marketing sales finance legal engineering procurement accounting recruiting".split(" "));

// Relatives that may stand in for each other, best first. Antonyms never do.
const RANK: Record<WordRelation, number> = { synonym: 3, derived: 3, hypernym: 2, antonym: 0 };

/** WordNet's commonest use of the word is as a noun, or WordNet does not know it (names, jargon: "API"). */
export function isNoun(t: Token): boolean {
  const w = t.senses?.posWeight;
  return !w || w[0] >= Math.max(w[1], w[2], w[3]);
}

/**
 * `names`: token indexes read as names (guards.ts compareStatements). A name pairs with a relative that is
 * a name too ("Syria" / "Syrian") or a synonym ("TV" / "television"), not with a kind of thing:
 * "John" is no "customer", whatever WordNet's "john" (a prostitute's client) says. Capitalised
 * verbs of headlines ("Afghan Parliament Votes to Oust ...") pair as usual.
 */
export function alignWords(
  a: Analysis,
  b: Analysis,
  names?: { a: ReadonlySet<number>; b: ReadonlySet<number> },
): Alignment {
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
        if (!rel || (TEAMS.has(ta.text) && TEAMS.has(tb.text))) continue;
        const nameB = names?.b.has(tb.index) === true;
        if (nameA !== nameB && rel !== "synonym" && isNoun(nameA ? ta : tb)) continue;
        if (rel === "hypernym" && (isNoun(ta) || isNoun(tb)) && (wordCosine(a, ta, tb) ?? 1) < LOOSE_KIND) continue;
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
  /** the opposites are adjectives heading each run ("empty" / "full of people") */
  adjectives?: boolean;
}

/** WordNet has the word as an adjective in its sense-tagged corpus ("empty", mostly a verb there, too). */
const isAdjective = (t: Token): boolean => (t.senses?.posWeight[2] ?? 0) >= 1;

const meets = (xs: Set<number>, ys: Set<number>) => [...xs].some((x) => ys.has(x));

/**
 * WordNet opposites, directly ("empty" / "full") or through a similar adjective ("huge" is similar to
 * "large", the antonym of "small"): WordNet keeps antonyms only between the heads of its adjective clusters.
 */
function opposedAdjectives(x: Token, y: Token, al: Alignment, i: number, j: number | undefined): boolean {
  if (al.antonyms.some(([p, q]) => p === i && q === j)) return true;
  const sx = x.senses;
  const sy = y.senses;
  if (!sx || !sy) return false;
  return meets(sx.derived, sy.antonyms) || meets(sy.derived, sx.antonyms);
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
 * The alignment made one-to-one and in order: alignWords pairs every occurrence of a word with the other
 * side's first, so "reported ... reporting" against one "reported", or "support roadmap into the main
 * roadmap" against "metrics API into the main roadmap", would leave the wrong word paired or none
 * unpaired. Here equal words pair in order, as many as possible (words written alike first); WordNet
 * relatives keep their (mutual) pairs where both words are still free.
 */
function oneToOne(al: Alignment): { partnerA: number[]; partnerB: number[] } {
  // Usually every pair is mutual already (no word repeats unmatched): nothing to redo.
  if (
    al.partnerA.every((j, i) => j < 0 || al.partnerB[j] === i) &&
    al.partnerB.every((i, j) => i < 0 || al.partnerA[i] === j)
  ) {
    return { partnerA: al.partnerA, partnerB: al.partnerB };
  }
  const keysA = al.wordsA.map(matchKey);
  const keysB = al.wordsB.map(matchKey);
  const n = keysA.length;
  const m = keysB.length;
  // Equal words as written count double: "reported" pairs with "reported" before "reporting".
  const weight = (i: number, j: number) =>
    keysA[i] !== keysB[j] ? 0 : al.wordsA[i]?.text === al.wordsB[j]?.text ? 2 : 1;
  // best[i][j]: the heaviest in-order pairing of wordsA[i..] with wordsB[j..]
  const best = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  const at = (i: number, j: number) => (best[i] as number[])[j] as number;
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      const w = weight(i, j);
      (best[i] as number[])[j] = Math.max(at(i + 1, j), at(i, j + 1), w > 0 ? at(i + 1, j + 1) + w : 0);
    }
  }
  const partnerA = new Array<number>(n).fill(-1);
  const partnerB = new Array<number>(m).fill(-1);
  for (let i = 0, j = 0; i < n && j < m;) {
    const w = weight(i, j);
    if (w > 0 && at(i, j) === at(i + 1, j + 1) + w) {
      partnerA[i] = j;
      partnerB[j] = i;
      i++;
      j++;
    } else if (at(i + 1, j) >= at(i, j + 1)) i++;
    else j++;
  }
  al.partnerA.forEach((j, i) => {
    if (j >= 0 && al.relationA[i] !== "same" && al.partnerB[j] === i && partnerA[i] === -1 && partnerB[j] === -1) {
      partnerA[i] = j;
      partnerB[j] = i;
    }
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
    const headA = al.wordsA[i] as Token;
    const headB = al.wordsB[runB[0] as number] as Token;
    // An adjective heading each run, opposite to the other ("is empty" / "is full of people", "huge" / "very
    // small"): the rest of the run says more about the opposite, it does not make another thing of it.
    if (!antonym && isAdjective(headA) && isAdjective(headB) && opposedAdjectives(headA, headB, al, i, runB[0])) {
      out.push({ a: [headA], b: [headB], antonym: true, adjectives: true });
      continue;
    }
    out.push({ a: runA.map((k) => al.wordsA[k] as Token), b: runB.map((k) => al.wordsB[k] as Token), antonym });
  }
  return out;
}
