import type { ParsedSource, Segment, SourceFormat } from "@/lib/sources/schema";

/** One utterance as a format parser sees it, before it is placed in the stored text. */
export interface Turn {
  speaker: string | null;
  startMs: number | null;
  endMs: number | null;
  text: string;
}

/** A piece of an already-stored text (plain text and Markdown keep the text as it was pasted). */
export interface Span {
  speaker: string | null;
  startMs: number | null;
  start: number;
  end: number;
}

function cleanMs(value: number | null): number | null {
  if (value === null || !Number.isFinite(value) || value < 0) return null;
  return Math.min(Math.round(value), Number.MAX_SAFE_INTEGER);
}

// C0 controls other than tab and newline: JSON strings and VTT escapes ("&#0;") can carry them, and
// PostgreSQL refuses NUL in text columns.
const CONTROLS = /[\u0000-\u0008\u000B-\u001F\u007F]/g;

/** Turn text from a parser, with line endings and controls made safe for the stored text. */
function cleanText(text: string): string {
  return text.replace(/\r\n?/g, "\n").replace(CONTROLS, "").trim();
}

/** Speaker names end up in "Name: text" lines, so they must be one short line. */
export function cleanSpeaker(name: string | null | undefined): string | null {
  if (typeof name !== "string") return null;
  const clean = name.replace(/\s+/g, " ").replace(CONTROLS, "").trim().slice(0, 100).trim();
  return clean === "" ? null : clean;
}

function participantsOf(segments: Segment[]): string[] {
  const seen = new Set<string>();
  for (const s of segments) if (s.speaker !== null) seen.add(s.speaker);
  return [...seen];
}

const SENTENCE_END = /[.!?…。！？"”’)\]]$/u;

/**
 * Subtitle files cut one person's speech into many short cues; a turn is all consecutive cues of
 * one speaker. Unattributed cues are only joined while a sentence is still running, so a film's
 * subtitles stay line by line.
 */
export function mergeCues(turns: Turn[]): Turn[] {
  const out: Turn[] = [];
  for (const t of turns) {
    const text = t.text.replace(/\s+/g, " ").trim();
    if (text === "") continue;
    const speaker = cleanSpeaker(t.speaker);
    const prev = out.at(-1);
    const continues =
      prev !== undefined && prev.speaker === speaker && (speaker !== null || !SENTENCE_END.test(prev.text));
    if (continues) {
      prev.text = `${prev.text} ${text}`;
      prev.endMs = t.endMs ?? prev.endMs;
    } else {
      out.push({ speaker, startMs: t.startMs, endMs: t.endMs, text });
    }
  }
  return out;
}

/** Writes turns as "Speaker: text" lines (or just the text when nobody is named). */
export function assembleTurns(format: SourceFormat, turns: Turn[]): ParsedSource {
  let text = "";
  const segments: Segment[] = [];
  for (const t of turns) {
    const body = cleanText(t.text);
    if (body === "") continue;
    const speaker = cleanSpeaker(t.speaker);
    if (text !== "") text += "\n";
    if (speaker !== null) text += `${speaker}: `;
    const start = text.length;
    text += body;
    segments.push({
      speaker,
      startMs: cleanMs(t.startMs),
      endMs: cleanMs(t.endMs),
      text: body,
      start,
      end: text.length,
    });
  }
  return { format, text, segments, participants: participantsOf(segments) };
}

/** Segments that point into `text` as it is, trimmed of surrounding whitespace. */
export function assembleSpans(format: SourceFormat, text: string, spans: Span[]): ParsedSource {
  const segments: Segment[] = [];
  for (const span of spans) {
    let start = Math.max(0, span.start);
    let end = Math.min(text.length, span.end);
    while (start < end && /\s/.test(text[start] ?? "")) start++;
    while (end > start && /\s/.test(text[end - 1] ?? "")) end--;
    if (start >= end) continue;
    segments.push({
      speaker: cleanSpeaker(span.speaker),
      startMs: cleanMs(span.startMs),
      endMs: null,
      text: text.slice(start, end),
      start,
      end,
    });
  }
  return { format, text, segments, participants: participantsOf(segments) };
}
