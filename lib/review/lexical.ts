import { stemmer } from "stemmer";
import { requireFromApp } from "@/lib/runtime/require";
import { contentHash, normalizeText, NUMBER_WORDS, rawTokens, type RawToken } from "./normalize";
import { loadWordVectors, type WordVectors } from "./wordvectors";

/** Function words: they count little in overlap (their weight is low) but stay for word order. */
export const STOP_WORDS = new Set(
  ("a an the and or but if of to in on at by for with from as into onto about over under " +
    "is are was were be been being am do does did doing have has had having will would shall should " +
    "can could may might must this that these those there here it its it's he she they them his her " +
    "their we us our you your i me my mine which who whom whose what when where while than then so " +
    "such very just also too up out off all any some each both only own same other").split(" "),
);

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
}

export interface Analysis {
  text: string;
  normalized: string;
  hash: string;
  tokens: Token[];
  /** weighted sum of unit word vectors (SIF-style), or null without vectors */
  embedding: Float32Array | null;
  totalWeight: number;
}

interface Lemmatizer { noun(w: string): string; verb(w: string): string }
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

/** Porter stem of the word's base form: Porter alone misses irregular forms ("ran", "men", "lying"). */
function baseStem(word: string): string {
  const lem = getLemmatizer();
  if (!lem || word.length < 3) return stemmer(word);
  const verb = lem.verb(word);
  // Adjectives are left alone on purpose: "better" → "good" would merge a comparison with its base.
  return stemmer(verb !== word ? verb : lem.noun(word));
}

const stemCache = new Map<string, string>();
export function stemOf(word: string): string {
  let s = stemCache.get(word);
  if (s === undefined) {
    s = /^\d/.test(word) ? word : Object.hasOwn(NUMBER_WORDS, word) ? (NUMBER_WORDS[word] as string) : baseStem(word);
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

function embedTokens(tokens: Token[], vectors: WordVectors | null): Float32Array | null {
  if (!vectors) return null;
  const out = new Float32Array(vectors.dim);
  for (const t of tokens) {
    if (t.row < 0) continue;
    const off = t.row * vectors.dim;
    for (let i = 0; i < vectors.dim; i++) out[i] = (out[i] as number) + t.weight * (vectors.data[off + i] as number);
  }
  return out;
}

export interface AnalyzeOptions {
  idf?: IdfTable;
  vectors?: WordVectors | null;
}

/** Everything the similarity needs from one text, computed once and reusable across pairs. */
export function analyze(text: string, options: AnalyzeOptions = {}): Analysis {
  const vectors = options.vectors === undefined ? loadWordVectors() : options.vectors;
  const idf = options.idf;
  const tokens: Token[] = rawTokens(text).map((t) => {
    const stem = stemOf(t.text);
    const row = lookupRow(vectors, t.text);
    let weight: number;
    if (idf) weight = (idf.idf.get(stem) ?? idf.unseen) / idf.unseen;
    else if (row >= 0) weight = sifWeight(row);
    else weight = 1;
    if (STOP_WORDS.has(t.text)) weight = Math.min(weight, STOP_WEIGHT);
    return { ...t, stem, stop: STOP_WORDS.has(t.text), weight, row };
  });
  const embedding = embedTokens(tokens, vectors);
  const totalWeight = tokens.reduce((s, t) => s + t.weight, 0);
  return { text, normalized: normalizeText(text), hash: contentHash(text), tokens, embedding, totalWeight };
}

/** The same analysis without the tokens at `drop` (used to ask "equal apart from this value?"). */
export function withoutTokens(an: Analysis, drop: ReadonlySet<number>, vectors: WordVectors | null = loadWordVectors()): Analysis {
  const tokens = an.tokens.filter((t) => !drop.has(t.index));
  const embedding = embedTokens(tokens, vectors);
  return { ...an, tokens, embedding, totalWeight: tokens.reduce((s, t) => s + t.weight, 0) };
}
