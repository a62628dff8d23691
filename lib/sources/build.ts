import { appendReading, readText, replaceIn, toMarkup, trimReading, type Reading } from "@/lib/sources/reading";
import type { ParsedSource, Segment, SourceFormat } from "@/lib/sources/schema";
import { CONTROLS, LONE_SURROGATE } from "@/lib/text/storable";

/** One utterance as a subtitle or chat parser sees it: where it is in the stored text and how it reads. */
export interface Turn {
  speaker: string | null;
  startMs: number | null;
  endMs: number | null;
  reading: Reading;
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

// In a turn, CR stays: it is the file's own line end (CRLF) and reads as white space.
const CONTROLS_BUT_CR = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

/** A turn's reading without controls, lone surrogates and surrounding white space: what the extractor reads. */
function cleanReading(text: string, reading: Reading): Reading {
  const safe = replaceIn(
    text,
    replaceIn(text, reading, CONTROLS_BUT_CR, () => ""),
    LONE_SURROGATE,
    () => "\uFFFD",
  );
  return trimReading(text, safe);
}

/** Speaker names end up in "Name: text" lines, so they must be one short line. */
export function cleanSpeaker(name: string | null | undefined): string | null {
  if (typeof name !== "string") return null;
  const clean = name
    .replace(/\s+/g, " ")
    .replace(CONTROLS, "")
    .replace(LONE_SURROGATE, "\uFFFD")
    .trim()
    .slice(0, 100)
    .trim();
  return clean === "" ? null : clean;
}

function participantsOf(segments: Segment[]): string[] {
  const seen = new Set<string>();
  for (const s of segments) if (s.speaker !== null) seen.add(s.speaker);
  return [...seen];
}

const WRAP = /[^\S\r\n]*(?:\r\n?|\n)\s*/g;
const SENTENCE_END = /[.!?…。！？"”’)\]]$/u;

/**
 * Subtitle files cut one person's speech into many short cues; a turn is all consecutive cues of
 * one speaker (what lies between them, timing lines included, reads as one space). Unattributed cues
 * are only joined while a sentence is still running, so a film's subtitles stay line by line.
 */
export function mergeCues(text: string, turns: Turn[]): Turn[] {
  const out: Turn[] = [];
  let prevText = "";
  for (const t of turns) {
    // A cue's line breaks are where the subtitle wrapped, not where the speaker paused.
    const reading = cleanReading(
      text,
      replaceIn(text, t.reading, WRAP, () => " "),
    );
    const said = readText(text, reading);
    if (said === "") continue;
    const speaker = cleanSpeaker(t.speaker);
    const prev = out.at(-1);
    const continues =
      prev !== undefined && prev.speaker === speaker && (speaker !== null || !SENTENCE_END.test(prevText));
    if (continues) {
      appendReading(prev.reading, reading, " ");
      prev.endMs = t.endMs ?? prev.endMs;
    } else {
      out.push({ speaker, startMs: t.startMs, endMs: t.endMs, reading });
    }
    prevText = said;
  }
  return out;
}

/** One segment per turn, pointing into `text` (the file as given) with the markup it reads around. */
export function assembleTurns(format: SourceFormat, text: string, turns: Turn[]): ParsedSource {
  const segments: Segment[] = [];
  for (const t of turns) {
    const reading = cleanReading(text, t.reading);
    const first = reading[0];
    const last = reading.at(-1);
    if (!first || !last) continue;
    const markup = toMarkup(reading);
    segments.push({
      speaker: cleanSpeaker(t.speaker),
      startMs: cleanMs(t.startMs),
      endMs: cleanMs(t.endMs),
      text: text.slice(first.start, last.end),
      start: first.start,
      end: last.end,
      ...(markup.length > 0 ? { markup } : {}),
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
