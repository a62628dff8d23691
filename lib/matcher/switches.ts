/**
 * The matcher's switches, SIFT_WORD_VECTORS, SIFT_WORDNET, SIFT_SENTENCE_ENCODER and SIFT_CACHE_DIR
 * (docs/configuration.md).
 * The matcher runs in the app, the CLI and the eval scripts, so it reads them from the environment itself,
 * when first used; lib/env.ts validates them with SWITCH_VALUES when the server starts.
 */
export const SWITCH_VALUES = /^(on|off|1|0|true|false|yes|no)$/i;
const OFF = /^(off|0|false|no)$/i;

export function switchedOff(name: "SIFT_WORD_VECTORS" | "SIFT_WORDNET"): boolean {
  return OFF.test(process.env[name] ?? "");
}

/** For a switch that is off unless set (SIFT_SENTENCE_ENCODER). */
export function switchedOn(name: "SIFT_SENTENCE_ENCODER"): boolean {
  return SWITCH_VALUES.test(process.env[name] ?? "") && !OFF.test(process.env[name] ?? "");
}

/** Where the word-vector and WordNet caches are built; `fallback` when SIFT_CACHE_DIR is unset. */
export function matcherCacheDir(fallback: string): string {
  return process.env.SIFT_CACHE_DIR?.trim() || fallback;
}
