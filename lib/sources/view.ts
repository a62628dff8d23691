import { READ_AS_STORED } from "@/lib/sources/formats";
import { fromMarkup, readingOffset, readText, storedOffset, type Reading } from "@/lib/sources/reading";
import type { Segment } from "@/lib/sources/schema";

/**
 * What a reader (the extractor, the source view) reads of a stored source. Plain text and Markdown read
 * as they are stored. Subtitles and chats are stored as the user's file; they read as one "Speaker: text"
 * line per turn, their markup read away, and every offset in that view maps back into the file.
 */
export interface SourceView {
  text: string;
  /** The turns, with offsets into the view's text. */
  segments: Segment[];
  /** Offset in the stored text of an offset in the view; `side` says which edge of a replaced stretch. */
  toStored(at: number, side: "start" | "end"): number;
  /** Offset in the view of an offset in the stored text. */
  toView(at: number, side: "start" | "end"): number;
}

/** What a stored segment reads as: its slice with its markup replaced. */
export function readSegment(segment: Segment): string {
  return readText(segment.text, shift(fromMarkup(segment.start, segment.end, segment.markup), -segment.start));
}

function shift(reading: Reading, by: number): Reading {
  return reading.map((p) => ({ ...p, start: p.start + by, end: p.end + by }));
}

interface Placed {
  /** Where the turn's reading starts in the view, after its "Speaker: " label. */
  at: number;
  reading: Reading;
  segment: Segment;
}

function lowerBound<T>(items: T[], key: (item: T) => number, value: number): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (key(items[mid]!) <= value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The view of a source. Segments need not be the whole file's (a window of them reads the same), but
 * must not overlap. Sources stored before the file was kept as given read as their own rebuilt text.
 */
export function readableView(source: { format: string; text: string; segments: Segment[] }): SourceView {
  if (READ_AS_STORED.includes(source.format) || source.segments.length === 0) {
    return { text: source.text, segments: source.segments, toStored: (at) => at, toView: (at) => at };
  }
  const placed: Placed[] = [];
  const segments: Segment[] = [];
  let text = "";
  for (const segment of [...source.segments].sort((a, b) => a.start - b.start)) {
    const reading = fromMarkup(segment.start, segment.end, segment.markup);
    const said = readSegment(segment);
    if (text !== "") text += "\n";
    if (segment.speaker !== null) text += `${segment.speaker}: `;
    const at = text.length;
    text += said;
    placed.push({ at, reading, segment });
    const { markup: _markup, ...rest } = segment;
    segments.push({ ...rest, text: said, start: at, end: text.length });
  }
  const toStored = (at: number, side: "start" | "end") => {
    // The turn whose reading starts at or before `at`; a label or a line break maps to its turn's edge.
    const i = Math.max(0, lowerBound(placed, (p) => p.at, at) - 1);
    const p = placed[i]!;
    const offset = at - p.at;
    if (offset < 0) return p.segment.start;
    if (offset > segments[i]!.end - segments[i]!.start) {
      return side === "start" ? (placed[i + 1]?.segment.start ?? p.segment.end) : p.segment.end;
    }
    return storedOffset(p.reading, offset, side);
  };
  const toView = (at: number, side: "start" | "end") => {
    const i = Math.max(0, lowerBound(placed, (p) => p.segment.start, at) - 1);
    const p = placed[i]!;
    if (at <= p.segment.start) return p.at;
    if (at >= p.segment.end) {
      const next = placed[i + 1];
      return side === "start" && next ? next.at : segments[i]!.end;
    }
    return p.at + readingOffset(p.reading, at, side);
  };
  return { text, segments, toStored, toView };
}

/** Marks of the stored text placed in the view; each keeps its stored start as the `#at-` anchor. */
export function spansInView<S extends { start: number | null; end: number | null }>(
  view: SourceView,
  spans: S[],
): Array<S & { anchor: number | null }> {
  return spans.map((span) =>
    span.start === null || span.end === null
      ? { ...span, anchor: span.start }
      : { ...span, start: view.toView(span.start, "start"), end: view.toView(span.end, "end"), anchor: span.start },
  );
}
