import { stemmer } from "stemmer";
import { requireFromApp } from "@/lib/runtime/require";
import { hashNormalized, normalizeText } from "@/lib/text/normalize";
import { STOPWORDS } from "@/lib/text/stopwords";
import { NUMBER_WORDS, rawTokens, type RawToken } from "./tokens";
import { loadWordNet, type WordNet, type WordSenses } from "./wordnet";
import { loadWordVectors, type WordVectors } from "./wordvectors";
import { MONTH_ABBREVIATIONS } from "./vocabulary";

/** Words that negate what follows ("not", "never", "without"). */
export const NEGATORS = new Set([
  "not",
  "no",
  "never",
  "none",
  "nobody",
  "nothing",
  "neither",
  "nor",
  "nowhere",
  "without",
]);

/** Word weights: higher means the word tells more about the statement. */
export interface IdfTable {
  /** idf by stem */
  idf: Map<string, number>;
  /** idf of a stem never seen in the corpus (the rarest possible) */
  unseen: number;
}

/** Inverse document frequency over the given statements, smoothed: ln((N + 1) / (df + 1)) + 1. */
export function buildIdf(corpus: Iterable<string>): IdfTable {
  const df = new Map<string, number>();
  let n = 0;
  for (const text of corpus) {
    n++;
    const seen = new Set(rawTokens(text).map((t) => stemOf(t.text)));
    for (const s of seen) df.set(s, (df.get(s) ?? 0) + 1);
  }
  const idf = new Map<string, number>();
  for (const [s, d] of df) idf.set(s, Math.log((n + 1) / (d + 1)) + 1);
  return { idf, unseen: Math.log(n + 1) + 1 };
}

export interface Token extends RawToken {
  stem: string;
  stop: boolean;
  /** 0..1 informativeness */
  weight: number;
  /** row in the word-vector table, or -1 */
  row: number;
  /** WordNet senses of a content word; null for function words, numbers and words WordNet lacks */
  senses: WordSenses | null;
}

export interface Analysis {
  text: string;
  normalized: string;
  hash: string;
  tokens: Token[];
  /** weighted sum of unit word vectors (SIF-style), or null without vectors */
  embedding: Float32Array | null;
  totalWeight: number;
  /** whether WordNet was available: without it, a word with no senses is unknown, not unrelated */
  wordnet: boolean;
  /** the word vectors `row` indexes (null without them) */
  vectors: WordVectors | null;
}

interface Lemmatizer {
  noun(w: string): string;
  verb(w: string): string;
}
let lemmatizer: Lemmatizer | null | undefined;
/** WordNet's irregular forms (ran → run, children → child), or null when the package is missing. */
function getLemmatizer(): Lemmatizer | null {
  if (lemmatizer === undefined) {
    try {
      lemmatizer = requireFromApp("wink-lemmatizer") as Lemmatizer;
    } catch {
      lemmatizer = null;
    }
  }
  return lemmatizer;
}

/** The word is a verb's base form ("ship", not "ships" or "shipped"); unknown without the lemmatizer. */
export function isBaseVerb(word: string): boolean {
  const lem = getLemmatizer();
  return !!lem && lem.verb(word) === word && !/(ed|ing)$/.test(word);
}

/** Porter stem of the word's base form: Porter alone misses irregular forms ("ran", "men", "lying"). */
function baseStem(word: string): string {
  const lem = getLemmatizer();
  if (!lem || word.length < 3) return stemmer(word);
  const verb = lem.verb(word);
  // Adjectives are left alone on purpose: "better" → "good" would merge a comparison with its base.
  return stemmer(verb !== word ? verb : lem.noun(word));
}

const SAME_WORD: Record<string, string> = {
  ...Object.fromEntries(Object.entries(MONTH_ABBREVIATIONS).filter(([k]) => k !== "mar")),
  bn: "billion",
  mln: "million",
  pct: "percent",
};
const stemCache = new Map<string, string>();
export function stemOf(word: string): string {
  let s = stemCache.get(word);
  if (s === undefined) {
    // "8th" is 8 and "Sept" September, "bn" billion: one word however it is written.
    const full = SAME_WORD[word] ?? word;
    s = /^\d/.test(full)
      ? full.replace(/^(\d+)(st|nd|rd|th)$/, "$1")
      : Object.hasOwn(NUMBER_WORDS, full)
        ? (NUMBER_WORDS[full] as string)
        : baseStem(full);
    if (stemCache.size > 200_000) stemCache.clear();
    stemCache.set(word, s);
  }
  return s;
}

// Smooth inverse frequency (Arora et al. 2017): a / (a + p(w)), with p(w) from the word's
// frequency rank in the vector corpus via Zipf's law, so no corpus statistics are needed.
const SIF_A = 3e-4;
// Function words still count a little, so "It is up to you" is not empty.
const STOP_WEIGHT = 0.05;
function sifWeight(rank: number): number {
  const p = 0.08 / (rank + 2.7);
  return SIF_A / (SIF_A + p);
}

function lookupRow(vectors: WordVectors | null, word: string): number {
  if (!vectors) return -1;
  const direct = vectors.index.get(word);
  if (direct !== undefined) return direct;
  const stemmed = vectors.index.get(stemOf(word));
  return stemmed ?? -1;
}

export interface AnalyzeOptions {
  idf?: IdfTable;
  vectors?: WordVectors | null;
  /** null turns WordNet off; default: the shared one, loaded on first use */
  wordnet?: WordNet | null;
}

/** What a word contributes, whatever the text: looked up once per word and reused. */
interface WordInfo {
  stem: string;
  stop: boolean;
  row: number;
  senses: WordSenses | null;
}
const wordCaches = new Map<WordVectors | null, Map<WordNet | null, Map<string, WordInfo>>>();

function wordCache(vectors: WordVectors | null, wordnet: WordNet | null): Map<string, WordInfo> {
  let byNet = wordCaches.get(vectors);
  if (!byNet) wordCaches.set(vectors, (byNet = new Map()));
  let cache = byNet.get(wordnet);
  if (!cache || cache.size > 200_000) byNet.set(wordnet, (cache = new Map()));
  return cache;
}

/**
 * Words of a statement the matcher compares: pair features align every word with every word of the other side,
 * so a statement of thousands of words (a pasted log, an unpunctuated line) would cost the square of that per
 * pair. No fact is this long; the rest of such a text is not compared, and its cost per character stays bounded.
 */
export const MAX_COMPARED_TOKENS = 100;

/** Everything the similarity needs from one text, computed once and reusable across pairs. */
export function analyze(text: string, options: AnalyzeOptions = {}): Analysis {
  const vectors = options.vectors === undefined ? loadWordVectors() : options.vectors;
  const wordnet = options.wordnet === undefined ? loadWordNet() : options.wordnet;
  const idf = options.idf;
  const words = wordCache(vectors, wordnet);
  const embedding = vectors ? new Float32Array(vectors.dim) : null;
  let totalWeight = 0;
  const tokens: Token[] = rawTokens(text)
    .slice(0, MAX_COMPARED_TOKENS)
    .map((t) => {
      let info = words.get(t.text);
      if (!info) {
        const stop = STOPWORDS.has(t.text);
        const senses = wordnet && !stop && !/\d/.test(t.text) ? wordnet.lookup(t.text) : null;
        info = { stem: stemOf(t.text), stop, row: lookupRow(vectors, t.text), senses };
        words.set(t.text, info);
      }
      const { stem, stop, row, senses } = info;
      let weight: number;
      if (idf) weight = (idf.idf.get(stem) ?? idf.unseen) / idf.unseen;
      else if (row >= 0) weight = sifWeight(row);
      else weight = 1;
      if (stop) weight = Math.min(weight, STOP_WEIGHT);
      totalWeight += weight;
      if (embedding && vectors && row >= 0) {
        const off = row * vectors.dim;
        for (let i = 0; i < vectors.dim; i++)
          embedding[i] = (embedding[i] as number) + weight * (vectors.data[off + i] as number);
      }
      // Every token built the same way, one object shape: the scoring loops stay monomorphic.
      return {
        text: t.text,
        original: t.original,
        capitalized: t.capitalized,
        index: t.index,
        possessive: t.possessive,
        afterPunctuation: t.afterPunctuation,
        stem,
        stop,
        weight,
        row,
        senses,
      };
    });
  const normalized = normalizeText(text);
  return {
    text,
    normalized,
    hash: hashNormalized(normalized),
    tokens,
    embedding,
    totalWeight,
    wordnet: wordnet !== null,
    vectors,
  };
}
