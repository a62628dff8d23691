import type { Chunk } from "@/lib/extraction/types";
import type { Segment } from "@/lib/sources/schema";

/**
 * Splits a source into chunks that each fit one model request. Chunks tile the text: they are
 * contiguous, cover every character once, and break where a reader would — before a speaker turn
 * (at the start of its line, so a "Bob:" label travels with Bob's words), else at paragraphs,
 * lines, sentences and words, in that order of preference.
 */

/** Rough and provider-independent; the budget leaves room for the prompt around the chunk. */
export const CHARS_PER_TOKEN = 4;

export interface ChunkInputOptions {
  text: string;
  segments: Segment[];
  /** Upper bound for each chunk's estimated tokens. */
  tokenBudget: number;
}

interface Span {
  start: number;
  end: number;
}

export function chunkInput({ text, segments, tokenBudget }: ChunkInputOptions): Chunk[] {
  if (text.trim().length === 0) return [];
  const maxChars = Math.max(1, Math.floor(tokenBudget * CHARS_PER_TOKEN));
  const sorted = segments.filter((s) => s.end > s.start).sort((a, b) => a.start - b.start);
  const starts = sorted.length > 0 ? turnStarts(text, sorted) : paragraphStarts(text);

  const units: Span[] = [];
  for (let i = 0; i < starts.length; i++) {
    const unit = { start: starts[i]!, end: starts[i + 1] ?? text.length };
    if (unit.end > unit.start) units.push(...splitOversized(text, unit, maxChars));
  }

  const spans: Span[] = [];
  for (const unit of units) {
    const last = spans.at(-1);
    if (last && unit.end - last.start <= maxChars) last.end = unit.end;
    else spans.push({ ...unit });
  }

  // Spans and segments both run in text order: one pass over the segments, not one per chunk.
  let first = 0;
  return spans.map((span, index) => {
    while (first < sorted.length && sorted[first]!.end <= span.start) first++;
    const inside: Segment[] = [];
    for (let i = first; i < sorted.length && sorted[i]!.start < span.end; i++) {
      inside.push(...clip(text, sorted[i]!, span));
    }
    return { index, start: span.start, end: span.end, segments: inside };
  });
}

/** Boundary before each segment: the start of its line when only a label precedes it there. */
function turnStarts(text: string, segments: Segment[]): number[] {
  const starts = [0];
  let previousEnd = 0;
  for (const segment of segments.slice(1)) {
    const from = Math.max(previousEnd, 0);
    const gap = text.slice(from, segment.start);
    const newline = gap.lastIndexOf("\n");
    const boundary = newline === -1 ? segment.start : from + newline + 1;
    if (boundary > starts.at(-1)!) starts.push(boundary);
    previousEnd = Math.max(previousEnd, segment.end);
  }
  return starts;
}

function paragraphStarts(text: string): number[] {
  const starts = [0];
  for (const m of text.matchAll(/\n[ \t]*\n\s*/g)) {
    const boundary = m.index + m[0].length;
    if (boundary < text.length && boundary > starts.at(-1)!) starts.push(boundary);
  }
  return starts;
}

/** Breaks a too-long unit at the coarsest boundaries that make every piece fit. */
function splitOversized(text: string, unit: Span, maxChars: number): Span[] {
  if (unit.end - unit.start <= maxChars) return [unit];
  const finders = [lineBreaks, sentenceBreaks, wordBreaks];
  for (const find of finders) {
    const breaks = find(text, unit).filter((b) => b > unit.start && b < unit.end);
    if (breaks.length === 0) continue;
    return packBreaks(unit, breaks, maxChars).flatMap((piece) => splitOversized(text, piece, maxChars));
  }
  // A single word longer than the budget: cut it, since a model request cannot hold it anyway.
  const pieces: Span[] = [];
  for (let at = unit.start; at < unit.end; at += maxChars) {
    pieces.push({ start: at, end: Math.min(unit.end, at + maxChars) });
  }
  return pieces;
}

/** Greedy: each piece runs to the last break that keeps it under the limit (or the first break). */
function packBreaks(unit: Span, breaks: number[], maxChars: number): Span[] {
  const pieces: Span[] = [];
  let start = unit.start;
  const points = [...breaks, unit.end];
  let i = 0;
  while (start < unit.end) {
    let end = points[i]!;
    while (i + 1 < points.length && points[i + 1]! - start <= maxChars) end = points[++i]!;
    pieces.push({ start, end });
    start = end;
    i++;
  }
  return pieces;
}

function lineBreaks(text: string, unit: Span): number[] {
  const out: number[] = [];
  for (let i = text.indexOf("\n", unit.start); i !== -1 && i < unit.end; i = text.indexOf("\n", i + 1)) {
    out.push(i + 1);
  }
  return out;
}

const sentenceSegmenter = new Intl.Segmenter("en", { granularity: "sentence" });
function sentenceBreaks(text: string, unit: Span): number[] {
  const slice = text.slice(unit.start, unit.end);
  return [...sentenceSegmenter.segment(slice)].map((s) => unit.start + s.index);
}

function wordBreaks(text: string, unit: Span): number[] {
  const slice = text.slice(unit.start, unit.end);
  return [...slice.matchAll(/\s+/g)].map((m) => unit.start + m.index + m[0].length);
}

/** The part of a segment inside a chunk, so that text.slice(start, end) === segment.text still holds. */
function clip(text: string, segment: Segment, span: Span): Segment[] {
  const start = Math.max(segment.start, span.start);
  const end = Math.min(segment.end, span.end);
  if (end <= start) return [];
  if (start === segment.start && end === segment.end) return [segment];
  return [{ ...segment, start, end, text: text.slice(start, end) }];
}
