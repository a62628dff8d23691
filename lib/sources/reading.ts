import type { Markup } from "@/lib/sources/schema";

/**
 * How a stretch of the stored text reads once its markup is taken away. Parsers of subtitles and JSON
 * store the user's file as given and describe each turn as a list of parts: a part is read as itself
 * (verbatim) or as `as` (a tag as "", "&amp;" as "&", "\u00e9" as "é", the timing lines between two
 * merged cues as " "). Every operation works on the reading and keeps the parts contiguous, so a turn
 * always covers one slice of the stored text and any offset in its reading maps back into that slice.
 */
export interface Part {
  start: number;
  end: number;
  /** What the stored text [start, end) reads as; verbatim when absent. */
  as?: string;
}
export type Reading = Part[];

export function verbatim(start: number, end: number): Reading {
  return end > start ? [{ start, end }] : [];
}

export function readText(stored: string, reading: Reading): string {
  let out = "";
  for (const p of reading) out += p.as ?? stored.slice(p.start, p.end);
  return out;
}

function partLength(p: Part): number {
  return p.as === undefined ? p.end - p.start : p.as.length;
}

/** Stored offset of `at` in the reading; inside a replaced part, its start or end by `side`. */
export function storedOffset(reading: Reading, at: number, side: "start" | "end"): number {
  let clean = 0;
  for (let i = 0; i < reading.length; i++) {
    const p = reading[i]!;
    const len = partLength(p);
    // A quote that starts where a tag is read as "" starts after it; one that ends there ends before it.
    const inside = side === "start" ? at < clean + len : at <= clean + len && !(len === 0 && at === clean);
    if (inside) {
      if (p.as === undefined) return p.start + (at - clean);
      if (at === clean) return p.start;
      return side === "start" ? p.start : p.end;
    }
    clean += len;
  }
  return reading.at(-1)?.end ?? 0;
}

/** Offset in the reading of stored offset `at`; inside a replaced part, its start or end by `side`. */
export function readingOffset(reading: Reading, at: number, side: "start" | "end"): number {
  let clean = 0;
  for (const p of reading) {
    const len = partLength(p);
    if (at < p.end || (at === p.end && p.as === undefined)) {
      if (at <= p.start) return clean;
      if (p.as === undefined) return clean + (at - p.start);
      return side === "start" ? clean : clean + len;
    }
    clean += len;
  }
  return clean;
}

/**
 * The reading cut at `at`. A replaced part that `at` falls inside is on both sides, each read as its half
 * (same stored range): callers keep one side only, or widen the cut to the part's edges first.
 */
function splitAt(reading: Reading, at: number): [Reading, Reading] {
  let clean = 0;
  for (let i = 0; i < reading.length; i++) {
    const p = reading[i]!;
    const len = partLength(p);
    if (clean + len <= at) {
      clean += len;
      continue;
    }
    if (clean >= at) return [reading.slice(0, i), reading.slice(i)];
    const k = at - clean;
    const left: Part = p.as === undefined ? { start: p.start, end: p.start + k } : { ...p, as: p.as.slice(0, k) };
    const right: Part = p.as === undefined ? { start: p.start + k, end: p.end } : { ...p, as: p.as.slice(k) };
    return [
      [...reading.slice(0, i), left],
      [right, ...reading.slice(i + 1)],
    ];
  }
  return [reading, []];
}

/**
 * Replaces what `re` (global) matches in the reading by `by(match)`: the matched stored text becomes one
 * part read as the replacement. A match that cuts a replaced part takes the whole part (its other
 * characters kept in the replacement), so the result reads exactly like a string replace. One pass over
 * the parts and the matches together: linear in both.
 */
export function replaceIn(
  stored: string,
  reading: Reading,
  re: RegExp,
  by: (match: RegExpExecArray) => string,
): Reading {
  const text = readText(stored, reading);
  // Most turns have nothing to replace: leave them as they are. (matchAll starts at `re.lastIndex`.)
  re.lastIndex = 0;
  const any = re.test(text);
  re.lastIndex = 0;
  if (!any) return reading;
  const starts: number[] = [];
  let total = 0;
  for (const p of reading) {
    starts.push(total);
    total += partLength(p);
  }
  const ends = (k: number) => starts[k]! + partLength(reading[k]!);
  const out: Reading = [];
  // Everything before the next group is in `out`; part k is the next, `off` of it already taken.
  let k = 0;
  let off = 0;
  let seek = 0;
  const emitTo = (at: number) => {
    while (k < reading.length && ends(k) <= at) {
      const p = reading[k]!;
      out.push(off > 0 ? { start: p.start + off, end: p.end } : p);
      k++;
      off = 0;
    }
    if (k < reading.length && at > starts[k]! + off) {
      const p = reading[k]!;
      out.push({ start: p.start + off, end: p.start + (at - starts[k]!) });
      off = at - starts[k]!;
    }
  };
  // Matches whose widened spans touch one another make one group: one part, read as all their replacements.
  const groups: { from: number; to: number; matches: RegExpExecArray[] }[] = [];
  for (const m of text.matchAll(re)) {
    if (m[0].length === 0) continue;
    const a = m.index;
    const b = a + m[0].length;
    while (seek < reading.length && ends(seek) <= a) seek++;
    let end = seek;
    while (end < reading.length && ends(end) < b) end++;
    const first = reading[seek];
    const last = reading[end];
    if (!first || !last) break;
    const from = first.as !== undefined ? starts[seek]! : a;
    const to = last.as !== undefined ? ends(end) : b;
    const group = groups.at(-1);
    if (group && from < group.to) {
      group.to = Math.max(group.to, to);
      group.matches.push(m);
    } else groups.push({ from, to, matches: [m] });
  }
  for (const { from, to, matches } of groups) {
    emitTo(from);
    const p = reading[k]!;
    const start = p.as === undefined ? p.start + off : p.start;
    let stop = start;
    while (k < reading.length && ends(k) <= to) {
      stop = reading[k]!.end;
      k++;
      off = 0;
    }
    if (k < reading.length && to > starts[k]!) {
      off = to - starts[k]!;
      stop = reading[k]!.start + off;
    }
    let as = "";
    let at = from;
    for (const m of matches) {
      as += text.slice(at, m.index) + by(m);
      at = m.index + m[0].length;
    }
    out.push({ start, end: stop, as: as + text.slice(at, to) });
  }
  emitTo(total);
  return merge(out);
}

/** Adjacent replaced parts become one; empty verbatim parts go. */
function merge(reading: Reading): Reading {
  const out: Reading = [];
  for (const p of reading) if (p.as !== undefined || p.end > p.start) pushPart(out, p);
  return out;
}

/** Drops the first `n` characters of the reading (a "Name: " label). */
export function dropLeading(reading: Reading, n: number): Reading {
  return merge(splitAt(reading, n)[1]);
}

/** The reading without leading and trailing white space. */
export function trimReading(stored: string, reading: Reading): Reading {
  const text = readText(stored, reading);
  const from = text.length - text.trimStart().length;
  const to = text.trimEnd().length;
  if (to <= from) return [];
  const out = merge(splitAt(splitAt(reading, from)[1], to - from)[0]);
  // A closing tag after the last word reads as nothing: the turn ends before it.
  while (out.length > 0 && out.at(-1)!.as === "") out.pop();
  return out;
}

/** Appends to `a` whatever lies between it and `b` in the stored text, read as `separator`, then `b`. */
export function appendReading(a: Reading, b: Reading, separator: string): void {
  const end = a.at(-1)?.end;
  const start = b[0]?.start;
  if (end !== undefined && start !== undefined) pushPart(a, { start: end, end: Math.max(end, start), as: separator });
  for (const p of b) pushPart(a, p);
}

/** Pushes a part, joining it to a replaced part it follows. */
function pushPart(reading: Reading, p: Part): void {
  const prev = reading.at(-1);
  if (prev && prev.as !== undefined && p.as !== undefined && prev.end === p.start) {
    reading[reading.length - 1] = { start: prev.start, end: p.end, as: prev.as + p.as };
  } else reading.push(p);
}

/** The parts a stored segment lists: the replaced ones (the rest of its slice reads as itself). */
export function toMarkup(reading: Reading): Markup[] {
  return reading.flatMap((p) => (p.as === undefined ? [] : [{ start: p.start, end: p.end, as: p.as }]));
}

/** A stored segment's reading again, from its slice and its markup. */
export function fromMarkup(start: number, end: number, markup: readonly Markup[] | undefined): Reading {
  const out: Reading = [];
  let at = start;
  for (const m of [...(markup ?? [])].sort((x, y) => x.start - y.start)) {
    if (m.start < at || m.end > end) continue;
    out.push(...verbatim(at, m.start), { start: m.start, end: m.end, as: m.as });
    at = m.end;
  }
  out.push(...verbatim(at, end));
  return out;
}
