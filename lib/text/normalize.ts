import { createHash } from "node:crypto";

/**
 * The one "same words" key: two statements that differ only in case, punctuation, quotes, dashes,
 * accents' composition or spacing normalize equal. The extractor de-duplicates a run with it, the
 * matcher's "normalized" stage compares with it, and the content hash is its sha256.
 * Digits, letters and word order are kept, so "Q3" and "Q4" never normalize equal.
 */
export function normalizeText(text: string): string {
  return (
    text
      .normalize("NFKC")
      .toLowerCase()
      .replace(/[\u2018\u2019\u02bc`´]/g, "'")
      .replace(/[\u201c\u201d«»„]/g, '"')
      .replace(/[\u2010-\u2015\u2212]/g, "-")
      // Keep decimal points and thousands separators inside numbers ("2.5", "1,000").
      .replace(/(\d)[.,](?=\d)/g, "$1\u0000")
      .replace(/[^\p{L}\p{N}\u0000'%$€£\s-]+/gu, " ")
      .replace(/(^|\s)['-]+|['-]+(?=\s|$)/g, "$1")
      .replace(/\u0000/g, ".")
      .replace(/\s+/g, " ")
      .trim()
  );
}

/** sha256 (hex) of the normalized text: equal hashes mean the statements are the same words. */
export function contentHash(text: string): string {
  return hashNormalized(normalizeText(text));
}

/** contentHash of a text already normalized (saves normalizing twice). */
export function hashNormalized(normalized: string): string {
  return createHash("sha256").update(normalized, "utf8").digest("hex");
}
