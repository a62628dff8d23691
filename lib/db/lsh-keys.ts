import "server-only";
import { DEFAULT_SPACE_ID } from "@/lib/spaces/schema";
/**
 * The MinHash LSH band keys of SQL's `sift_lsh_keys(text)` (migration 20261202090000_fact_band), computed
 * in JS from the text's lexemes. Retrieval used to call the SQL function per candidate at query time,
 * ~0.3 ms each (96 seeded hashes per lexeme, then grouping); here the hashing takes well under 0.1 ms.
 * The lexemes still come from PostgreSQL's own `to_tsvector('english', ...)`, so stemming and stop words
 * cannot drift; only the hashing is re-implemented, and tests/review/sql-equivalence.test.ts checks the keys
 * equal the SQL function's.
 *
 * Pure code: no database, no `server-only`.
 */

const BANDS = 32;
const ROWS = 3;

// The two 32-bit halves of the last hash (high = b, low = c): the hot loop compares these instead of
// building a BigInt per hash, which made the JS keys slower than the SQL function.
let hi = 0;
let lo = 0;

/** hash_bytes_extended over UTF-8 bytes, result in `hi`/`lo`. Seeds are small and non-negative. */
function hashBytes(k: Uint8Array, seed: number): void {
  let len = k.length;
  let a = (0x9e3779b9 + len + 3923095) | 0;
  let b = a;
  let c = a;
  let p = 0;
  // lookup3's mix(), inlined: a closure per call cost a third of the time.
  const mixed = seed !== 0;
  if (mixed) {
    a = (a + Math.floor(seed / 2 ** 32)) | 0;
    b = (b + (seed | 0)) | 0;
  }
  for (let round = mixed ? 0 : 1; ; round = 0) {
    if (round === 0) {
      a = (a - c) | 0;
      a ^= (c << 4) | (c >>> 28);
      c = (c + b) | 0;
      b = (b - a) | 0;
      b ^= (a << 6) | (a >>> 26);
      a = (a + c) | 0;
      c = (c - b) | 0;
      c ^= (b << 8) | (b >>> 24);
      b = (b + a) | 0;
      a = (a - c) | 0;
      a ^= (c << 16) | (c >>> 16);
      c = (c + b) | 0;
      b = (b - a) | 0;
      b ^= (a << 19) | (a >>> 13);
      a = (a + c) | 0;
      c = (c - b) | 0;
      c ^= (b << 4) | (b >>> 28);
      b = (b + a) | 0;
    }
    if (len < 12) break;
    a = (a + (k[p]! | (k[p + 1]! << 8) | (k[p + 2]! << 16) | (k[p + 3]! << 24))) | 0;
    b = (b + (k[p + 4]! | (k[p + 5]! << 8) | (k[p + 6]! << 16) | (k[p + 7]! << 24))) | 0;
    c = (c + (k[p + 8]! | (k[p + 9]! << 8) | (k[p + 10]! << 16) | (k[p + 11]! << 24))) | 0;
    p += 12;
    len -= 12;
  }
  // The tail: c's lowest byte is left alone (lookup3 reserves it), bytes 8..10 go in above it.
  for (let i = len - 1; i >= 8; i--) c = (c + (k[p + i]! << (8 * (i - 7)))) | 0;
  for (let i = Math.min(len, 8) - 1; i >= 4; i--) b = (b + (k[p + i]! << (8 * (i - 4)))) | 0;
  for (let i = Math.min(len, 4) - 1; i >= 0; i--) a = (a + (k[p + i]! << (8 * i))) | 0;
  c ^= b;
  c = (c - ((b << 14) | (b >>> 18))) | 0;
  a ^= c;
  a = (a - ((c << 11) | (c >>> 21))) | 0;
  b ^= a;
  b = (b - ((a << 25) | (a >>> 7))) | 0;
  c ^= b;
  c = (c - ((b << 16) | (b >>> 16))) | 0;
  a ^= c;
  a = (a - ((c << 4) | (c >>> 28))) | 0;
  b ^= a;
  b = (b - ((a << 14) | (a >>> 18))) | 0;
  c ^= b;
  c = (c - ((b << 24) | (b >>> 8))) | 0;
  hi = b;
  lo = c >>> 0;
}

const toBigInt = (h: number, l: number) => (BigInt(h) << 32n) | BigInt(l);

/**
 * PostgreSQL's `hash_bytes_extended` (src/common/hashfn.c, Bob Jenkins' lookup3, little-endian byte
 * order as on every platform PGlite and our servers run on), as `hashtextextended(text, seed)` returns it:
 * a signed 64-bit integer.
 */
export function hashTextExtended(text: string, seed: number): bigint {
  hashBytes(Buffer.from(text, "utf8"), seed);
  return toBigInt(hi, lo);
}

/**
 * `sift_lsh_keys` from a text's lexemes (`tsvector_to_array(to_tsvector('english', text))`): per seed
 * 0..95 the minimum lexeme hash, each band of 3 consecutive minimums joined as decimal text and hashed
 * with the band number as seed. Distinct, in no particular order; empty without lexemes.
 */
export function lshKeysFromLexemes(lexemes: readonly string[]): bigint[] {
  if (lexemes.length === 0) return [];
  const bytes = lexemes.map((lx) => Buffer.from(lx, "utf8"));
  const mins: bigint[] = [];
  for (let k = 0; k < BANDS * ROWS; k++) {
    // Signed 64-bit order: the high halves as int32, then the low halves as uint32.
    let mh = 0;
    let ml = 0;
    for (const [j, lx] of bytes.entries()) {
      hashBytes(lx, k);
      if (j === 0 || hi < mh || (hi === mh && lo < ml)) {
        mh = hi;
        ml = lo;
      }
    }
    mins.push(toBigInt(mh, ml));
  }
  const keys = new Set<bigint>();
  for (let band = 0; band < BANDS; band++) {
    keys.add(hashTextExtended(mins.slice(band * ROWS, band * ROWS + ROWS).join(","), band));
  }
  return [...keys];
}

/**
 * A space's keys, as `sift_space_keys` salts them in the triggers: the default space's unchanged, another's
 * XORed with the hash of its id, so no lookup reaches another space's bands.
 */
export function spaceKeys(keys: readonly bigint[], spaceId: string): bigint[] {
  if (spaceId === DEFAULT_SPACE_ID) return [...keys];
  const salt = hashTextExtended(spaceId, 0);
  return keys.map((k) => k ^ salt);
}
