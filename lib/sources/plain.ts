import { assembleSpans, type Span } from "@/lib/sources/build";
import { splitLines } from "@/lib/sources/lines";
import type { ParsedSource } from "@/lib/sources/schema";
import {
  acceptedSpeakers,
  countLabel,
  matchHeaderLine,
  matchSpeakerLine,
  type LabelStats,
} from "@/lib/sources/speakers";

type LineKind =
  | { type: "blank" }
  | { type: "heading" }
  | { type: "other" }
  | { type: "speaker"; label: string; timeMs: number | null; hasTime: boolean; textStart: number; empty: boolean }
  | { type: "header"; label: string; timeMs: number | null };

interface Line {
  start: number;
  end: number;
  indent: number;
  bullet: boolean;
  kind: LineKind;
}

const HEADING = /^[ \t]{0,3}#{1,6}[ \t]+\S/;
const BULLET = /^[ \t]*(?:[-*+•]|\d{1,3}[.)])[ \t]+/;

function classify(text: string): Line[] {
  const lines: Line[] = [];
  for (const { text: raw, start, end } of splitLines(text)) {
    let kind: LineKind;
    if (raw.trim() === "") kind = { type: "blank" };
    else if (HEADING.test(raw)) kind = { type: "heading" };
    else {
      const header = matchHeaderLine(raw);
      const speaker = header ? null : matchSpeakerLine(raw);
      if (header) kind = { type: "header", ...header };
      else if (speaker) {
        const empty = raw.slice(speaker.textStart).trim() === "";
        kind = { type: "speaker", ...speaker, textStart: start + speaker.textStart, empty };
      } else kind = { type: "other" };
    }
    const indent = /^[ \t]*/.exec(raw)?.[0].length ?? 0;
    lines.push({ start, end, indent, bullet: BULLET.test(raw), kind });
  }
  return lines;
}

/**
 * Labels are judged over the whole document: an Otter header counts only when there are at least
 * two, and a label alone on its line ("PRIYA:") only when it repeats or has a time.
 */
function resolveLabels(lines: Line[]): void {
  // A header is followed by what was said; "Lunch 12:30" in a schedule is followed by more items.
  let next: LineKind["type"] | null = null;
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i];
    if (!line || line.kind.type === "blank") continue;
    const type = line.kind.type;
    if (type === "header" && next !== "other" && next !== "speaker") line.kind = { type: "other" };
    next = type;
  }
  const stats = new Map<string, LabelStats>();
  let headers = 0;
  for (const { kind } of lines) {
    if (kind.type === "speaker") countLabel(stats, kind.label, kind.hasTime);
    if (kind.type === "header") {
      countLabel(stats, kind.label, true);
      headers++;
    }
  }
  const accepted = acceptedSpeakers(stats);
  for (const line of lines) {
    const k = line.kind;
    if (k.type === "header" && (headers < 2 || !accepted.has(k.label))) line.kind = { type: "other" };
    if (k.type === "speaker") {
      const s = stats.get(k.label);
      const strong = k.hasTime || (s?.count ?? 0) >= 2;
      if (!accepted.has(k.label) || (k.empty && !strong)) line.kind = { type: "other" };
    }
  }
}

interface OpenTurn {
  span: Span;
  /** the label line had no text: the utterance starts on a later line */
  awaiting: boolean;
  bullet: boolean;
  indent: number;
}

function toSpans(lines: Line[]): Span[] {
  const spans: Span[] = [];
  let cur: OpenTurn | null = null;
  const open = (span: Span, line: Line, awaiting: boolean): OpenTurn => {
    spans.push(span);
    return { span, awaiting, bullet: line.bullet, indent: line.indent };
  };
  for (const line of lines) {
    const k = line.kind;
    const turn = cur;
    if (k.type === "blank") {
      if (!turn?.awaiting) cur = null;
    } else if (k.type === "heading") {
      spans.push({ speaker: null, startMs: null, start: line.start, end: line.end });
      cur = null;
    } else if (k.type === "speaker") {
      cur = open({ speaker: k.label, startMs: k.timeMs, start: k.textStart, end: line.end }, line, k.empty);
    } else if (k.type === "header") {
      cur = open({ speaker: k.label, startMs: k.timeMs, start: line.end, end: line.end }, line, true);
    } else if (turn && !(line.bullet && turn.bullet && line.indent <= turn.indent)) {
      // A line without a label continues the open turn; a sibling bullet does not.
      if (turn.awaiting) turn.span.start = line.start;
      turn.awaiting = false;
      turn.span.end = line.end;
    } else {
      cur = open({ speaker: null, startMs: null, start: line.start, end: line.end }, line, false);
    }
  }
  return spans;
}

/**
 * Plain text and Markdown keep the text exactly as given (CRLF, blank lines and doubled spaces
 * included), with one segment per speaker turn, paragraph or heading pointing into it: a quote's
 * offsets are offsets into the user's own text.
 */
export function parsePlain(text: string, format: "text" | "markdown"): ParsedSource {
  const lines = classify(text);
  resolveLabels(lines);
  return assembleSpans(format, text, toSpans(lines));
}
