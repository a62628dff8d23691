import { quoteDiffersNote, turnAround, unsupportedSpecifics } from "@/lib/extraction/invention";
import type { Candidate, ExtractedFact } from "@/lib/extraction/schema";

/**
 * Grounding locates a fact's quote in the source so reviewers see the exact span it came from.
 * Models (and people) copy quotes imperfectly, so three passes run from strict to lenient; the
 * lenient pass has a threshold high enough that an invented sentence is reported as unsupported.
 */

export type GroundingMethod = "exact" | "normalized" | "fuzzy";
export interface GroundedSpan {
  start: number;
  end: number;
  method: GroundingMethod;
}
export interface SpanHint {
  start: number;
  end: number;
}

/** Share of the quote's tokens a window must reproduce (token F1) to count as a fuzzy match. */
export const FUZZY_THRESHOLD = 0.7;
/** Below this many tokens, a fuzzy match is too likely to be chance. */
const FUZZY_MIN_TOKENS = 5;

export function groundQuote(sourceText: string, quote: string, hint?: SpanHint): GroundedSpan | null {
  const trimmed = quote.trim();
  if (trimmed.length === 0 || sourceText.length === 0) return null;

  if (hint && sourceText.slice(hint.start, hint.end) === trimmed) {
    return { start: hint.start, end: hint.end, method: "exact" };
  }
  const exact = nearestOccurrence(sourceText, trimmed, hint);
  if (exact !== null) return { start: exact, end: exact + trimmed.length, method: "exact" };

  const normalized = normalizedMatch(sourceText, trimmed, hint);
  if (normalized) return { ...normalized, method: "normalized" };

  const fuzzy = fuzzyMatch(sourceText, trimmed, hint);
  return fuzzy ? { ...fuzzy, method: "fuzzy" } : null;
}

/**
 * Turns extracted facts into candidates. A found quote is replaced by the source's own text at the
 * span, so `text.slice(start, end) === quote` holds for every supported candidate.
 */
export function groundFacts(
  sourceText: string,
  facts: ExtractedFact[],
  hints?: (SpanHint | undefined)[],
  /** The conversation's date (YYYY-MM-DD): what a relative date in a quote can resolve to. */
  sourceDate?: string,
): Candidate[] {
  return facts.map((fact, i) => {
    const span = groundQuote(sourceText, fact.quote, hints?.[i]);
    if (!span) return { ...fact, start: null, end: null, supported: false };
    const found = sourceText.slice(span.start, span.end);
    const notes = [...(fact.notes ?? [])];
    // A quote found only fuzzily may be invented near a real line: the source's words are shown, and both go
    // to the reviewer rather than the real text quietly standing in for the model's.
    if (span.method === "fuzzy") notes.push(quoteDiffersNote(fact.quote, found));
    const turn = turnAround(sourceText, span.start, span.end);
    const missing = unsupportedSpecifics(fact.content, found, turn, sourceDate, fact.speaker);
    if (missing.length > 0) notes.push(`Not in the quote: ${missing.map((m) => `'${m}'`).join(", ")}`);
    return {
      ...fact,
      ...(notes.length > 0 ? { notes } : {}),
      quote: found,
      start: span.start,
      end: span.end,
      supported: true,
    };
  });
}

function nearestOccurrence(haystack: string, needle: string, hint?: SpanHint): number | null {
  let best: number | null = null;
  for (let i = haystack.indexOf(needle); i !== -1; i = haystack.indexOf(needle, i + 1)) {
    if (!hint) return i;
    if (best === null || Math.abs(i - hint.start) < Math.abs(best - hint.start)) best = i;
    if (i > hint.start) break; // later occurrences are only farther away
  }
  return best;
}

const CHAR_FOLD: Record<string, string> = {
  "\u2018": "'",
  "\u2019": "'",
  "\u201B": "'",
  "\u201C": '"',
  "\u201D": '"',
  "\u2013": "-",
  "\u2014": "-",
  "\u00A0": " ",
};

/** Lower-cased letters/digits with single spaces; `map[i]` is the source offset of normalized char i. */
function normalize(text: string): { norm: string; map: number[] } {
  let norm = "";
  const map: number[] = [];
  let pendingSpace = false;
  for (let i = 0; i < text.length; i++) {
    const ch = (CHAR_FOLD[text[i]!] ?? text[i]!).toLowerCase();
    if (/[\p{L}\p{N}]/u.test(ch)) {
      if (pendingSpace && norm.length > 0) {
        norm += " ";
        map.push(i);
      }
      pendingSpace = false;
      norm += ch;
      map.push(i);
    } else if (/[\s\-/]/.test(ch)) {
      pendingSpace = true;
    }
    // Other punctuation is dropped, so "it's" and "its" differ but "ok," and "ok" do not.
  }
  return { norm, map };
}

function normalizedMatch(sourceText: string, quote: string, hint?: SpanHint): { start: number; end: number } | null {
  const q = normalize(quote).norm;
  if (q.length < 3) return null;
  const { norm, map } = cached(sourceText, "norm", normalize);
  const mappedHint = hint ? { start: lowerBound(map, hint.start), end: lowerBound(map, hint.end) } : undefined;
  const at = nearestOccurrence(norm, q, mappedHint);
  if (at === null) return null;
  return { start: map[at]!, end: map[at + q.length - 1]! + 1 };
}

function lowerBound(sorted: number[], value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

// groundFacts grounds many quotes against one text: keep the last text's derived forms.
const cache: { text: string | null; values: Map<string, unknown> } = { text: null, values: new Map() };
function cached<T>(text: string, key: string, compute: (t: string) => T): T {
  if (cache.text !== text) {
    cache.text = text;
    cache.values.clear();
  }
  if (!cache.values.has(key)) cache.values.set(key, compute(text));
  return cache.values.get(key) as T;
}

interface Token {
  text: string;
  start: number;
  end: number;
}

function tokenize(text: string): Token[] {
  const out: Token[] = [];
  for (const m of text.matchAll(/[\p{L}\p{N}]+(?:['\u2019][\p{L}]+)*/gu)) {
    out.push({ text: m[0].toLowerCase().replace(/\u2019/g, "'"), start: m.index, end: m.index + m[0].length });
  }
  return out;
}

/**
 * Best window by token F1 with the quote, over window lengths near the quote's. Each length is one
 * linear sliding pass with incremental overlap counts, so 100 KB of text takes a few milliseconds.
 */
function fuzzyMatch(sourceText: string, quote: string, hint?: SpanHint): { start: number; end: number } | null {
  const q = tokenize(quote);
  if (q.length < FUZZY_MIN_TOKENS) return null;
  const src = cached(sourceText, "tokens", tokenize);
  const need = new Map<string, number>();
  for (const t of q) need.set(t.text, (need.get(t.text) ?? 0) + 1);

  let best: { score: number; from: number; len: number; distance: number } | null = null;
  const minLen = Math.max(1, q.length - 3);
  for (let len = minLen; len <= q.length + 3 && len <= src.length; len++) {
    const have = new Map<string, number>();
    let overlap = 0;
    for (let i = 0; i < src.length; i++) {
      const add = src[i]!.text;
      const a = have.get(add) ?? 0;
      if (a < (need.get(add) ?? 0)) overlap++;
      have.set(add, a + 1);
      if (i >= len) {
        const drop = src[i - len]!.text;
        const d = have.get(drop)! - 1;
        have.set(drop, d);
        if (d < (need.get(drop) ?? 0)) overlap--;
      }
      if (i < len - 1) continue;
      const from = i - len + 1;
      const score = (2 * overlap) / (len + q.length);
      const distance = hint ? Math.abs(src[from]!.start - hint.start) : 0;
      if (!best || score > best.score + 1e-9 || (Math.abs(score - best.score) <= 1e-9 && distance < best.distance)) {
        best = { score, from, len, distance };
      }
    }
  }
  if (!best || best.score < FUZZY_THRESHOLD) return null;
  // Trim window edges that share nothing with the quote, so the span is no wider than the support.
  let from = best.from;
  let to = best.from + best.len - 1;
  while (from < to && !need.has(src[from]!.text)) from++;
  while (to > from && !need.has(src[to]!.text)) to--;
  return { start: src[from]!.start, end: src[to]!.end };
}
