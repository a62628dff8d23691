import { parseTimestamps, RE_TIMESTAMP } from "subtitle";
import { AppError } from "@/lib/errors";
import type { Turn } from "@/lib/sources/build";
import { splitLines, type Line } from "@/lib/sources/lines";
import { replaceIn, verbatim, type Reading } from "@/lib/sources/reading";

/** SRT cues carry HTML-ish styling (`<i>`, `<font color=…>`) and ASS override codes (`{\an8}`). */
function stripStyling(text: string, reading: Reading): Reading {
  let out = replaceIn(text, reading, /<\/?[a-zA-Z][^>]*>/g, () => "");
  out = replaceIn(text, out, /\{\\[^}]*\}/g, () => "");
  const entities: Record<string, string> = { "&nbsp;": " ", "&lt;": "<", "&gt;": ">", "&amp;": "&" };
  return replaceIn(text, out, /&(?:nbsp|lt|gt|amp);/g, (m) => entities[m[0]] ?? m[0]);
}

const isIndex = (line: string) => /^\d+$/.test(line.trim());
const isTimestamp = (line: string) => RE_TIMESTAMP.test(line);
const isComment = (line: string) => /^NOTE/.test(line);

/**
 * SubRip, line by line as `subtitle`'s parser reads it (its state machine and timestamp reader), with
 * offsets: a cue is its timing line and the lines up to the next timing line, without an index line just
 * before that one and without blank lines at either end. One turn per cue, in file order.
 */
export function parseSrt(text: string): Turn[] {
  const turns: Turn[] = [];
  let expect: "header" | "id" | "timestamp" | "text" | "comment" = "header";
  let webVtt = false;
  let cue: { startMs: number; endMs: number } | null = null;
  let buffer: Line[] = [];
  const lines = splitLines(text);

  const push = () => {
    while (buffer.length > 0 && buffer.at(-1)!.text === "") buffer.pop();
    while (buffer.length > 0 && buffer[0]!.text === "") buffer.shift();
    const first = buffer[0];
    const last = buffer.at(-1);
    if (cue && first && last) {
      turns.push({ speaker: null, ...cue, reading: stripStyling(text, verbatim(first.start, last.end)) });
    }
    cue = null;
    buffer = [];
  };
  const timing = (line: Line, row: number) => {
    if (!isTimestamp(line.text)) {
      const detail = `expected timestamp at row ${row + 1}, but received: "${line.text.slice(0, 100)}"`;
      throw new AppError("UNSUPPORTED_FILE", `This SRT file could not be read: ${detail}.`);
    }
    const { start, end } = parseTimestamps(line.text);
    cue = { startMs: start, endMs: end };
    expect = "text";
  };
  const id = (line: Line, row: number) => {
    expect = "timestamp";
    if (isIndex(line.text)) return;
    if (webVtt && isComment(line.text)) expect = "comment";
    else timing(line, row);
  };

  let started = false;
  lines.forEach((line, row) => {
    if (!started && line.text.trim() === "") return;
    started = true;
    if (expect === "header") {
      webVtt ||= /^WEBVTT/.test(line.text);
      if (!webVtt) id(line, row);
      else if (line.text === "") expect = "id";
    } else if (expect === "id") {
      id(line, row);
    } else if (expect === "timestamp") {
      timing(line, row);
    } else if (expect === "comment") {
      if (line.text.trim() === "") expect = "id";
    } else if (buffer.length === 0) {
      buffer.push(line);
    } else if (isTimestamp(line.text)) {
      if (isIndex(buffer.at(-1)!.text)) buffer.pop();
      push();
      timing(line, row);
    } else if (isComment(line.text)) {
      push();
      expect = line.text.trim() === "" ? "id" : "comment";
    } else {
      buffer.push(line);
    }
  });
  if (buffer.length > 0) push();
  return turns;
}
