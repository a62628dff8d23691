import "server-only";
/**
 * pg_trgm's `similarity(a, b)`, computed in JS. Retrieval ranks each text's pool of look-alikes (found in
 * the database by content hash and LSH bands) by it: in SQL, similarity() rebuilt the query text's
 * trigrams for every pooled fact (~1,200 calls per 50-candidate batch), a third of the statement on PGlite.
 * Here each text's trigrams are built once. Same algorithm as pg_trgm (KEEPONLYALNUM, IGNORECASE): words
 * are runs of letters and digits, lower-cased, padded with two spaces in front and one behind; the score is
 * shared trigrams / (all of a + all of b - shared), 0 when either side has none.
 * tests/review/sql-equivalence.test.ts checks the scores equal the database's. Outside ASCII, what counts as a
 * letter follows the database's locale there and Unicode here, and pg_trgm folds multibyte trigrams into
 * a CRC: a rare difference that can only reorder a pool, never drop an exact hit.
 *
 * Pure code: no database, no `server-only`.
 */

const SPACE = 32;
// Three code points per trigram, 16 bits each (a safe integer); astral code points are folded into 16 bits.
const unit = (cp: number) => (cp > 0xffff ? cp % 0xfff1 : cp);
const pack = (a: number, b: number, c: number) => (unit(a) * 65_536 + unit(b)) * 65_536 + unit(c);

/** The text's distinct trigrams, sorted, as pg_trgm's show_trgm would list them (encoded as numbers). */
export function trigrams(text: string): Float64Array {
  const out: number[] = [];
  for (const m of text.toLowerCase().matchAll(/[\p{L}\p{N}]+/gu)) {
    const word = m[0];
    let a = SPACE;
    let b = SPACE;
    for (const ch of word) {
      const c = ch.codePointAt(0) as number;
      out.push(pack(a, b, c));
      a = b;
      b = c;
    }
    out.push(pack(a, b, SPACE));
  }
  const sorted = Float64Array.from(out).sort();
  let n = 0;
  for (let i = 0; i < sorted.length; i++) if (i === 0 || sorted[i] !== sorted[i - 1]) sorted[n++] = sorted[i] as number;
  return sorted.subarray(0, n);
}

/** pg_trgm's similarity() of two texts' trigrams (from `trigrams`). */
export function trigramSimilarity(a: Float64Array, b: Float64Array): number {
  if (a.length === 0 || b.length === 0) return 0;
  let shared = 0;
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = a[i] as number;
    const y = b[j] as number;
    if (x === y) {
      shared++;
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
  }
  return shared / (a.length + b.length - shared);
}
