import webvtt from "webvtt-parser";
import type { Turn } from "@/lib/sources/build";
import type { Part } from "@/lib/sources/reading";
import { splitLines, type Line } from "@/lib/sources/lines";

// The parser's default entity table lacks the ";" forms, which turns "&amp;" into "&;".
const ENTITIES: Record<string, string> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&apos;": "'",
  "&nbsp;": " ",
  "&lrm;": "",
  "&rlm;": "",
  "&amp": "&",
  "&lt": "<",
  "&gt": ">",
  "&nbsp": " ",
};

interface Cue {
  timing: string;
  /** The payload lines, as offsets into the stored text. */
  start: number;
  end: number;
}

const SIGNATURE = /^WEBVTT(?:[ \t]|$)/;
const BLOCK = /^(?:NOTE|STYLE)(?:$|[ \t])/;

/** Lines until the next empty one (or one with a timing arrow, which starts a cue): returns where it stopped. */
function skipBlock(lines: Line[], i: number): { at: number; arrow: boolean } {
  while (i < lines.length && lines[i]!.text !== "") {
    if (lines[i]!.text.includes("-->")) return { at: i, arrow: true };
    i++;
  }
  return { at: i, arrow: false };
}

/**
 * The cue blocks of a WebVTT file, in file order, found the way the W3C reference parser finds them
 * (its cue loop, line by line), but with offsets: header, NOTE and STYLE blocks and cue ids are skipped.
 */
function cueBlocks(text: string): Cue[] {
  const from = text.length - text.trimStart().length;
  const lines = splitLines(text, from);
  const cues: Cue[] = [];
  let i = 0;
  let collected = false;
  if (SIGNATURE.test(lines[0]?.text ?? "")) {
    const header = skipBlock(lines, 1);
    i = header.at;
    collected = header.arrow;
  }
  while (i < lines.length) {
    if (!collected) {
      while (i < lines.length && lines[i]!.text === "") i++;
      if (i >= lines.length) break;
    }
    if (!lines[i]!.text.includes("-->")) {
      if (BLOCK.test(lines[i]!.text)) {
        // A NOTE or STYLE block runs to the next empty line, arrows included.
        while (i < lines.length && lines[i]!.text !== "") i++;
        continue;
      }
      i++;
      if (i >= lines.length || lines[i]!.text === "" || !lines[i]!.text.includes("-->")) continue;
    }
    collected = false;
    const timing = lines[i]!.text;
    const payload = skipBlock(lines, i + 1);
    collected = payload.arrow;
    if (payload.at > i + 1) cues.push({ timing, start: lines[i + 1]!.start, end: lines[payload.at - 1]!.end });
    i = payload.at;
  }
  return cues;
}

/** The reference parser reads the timing line (and refuses a malformed one): seconds, or null. */
function timesOf(timing: string): { startMs: number; endMs: number } | null {
  const { cues } = new webvtt.WebVTTParser(ENTITIES).parse(`WEBVTT\n\n${timing}\nx`, "metadata");
  const cue = cues[0];
  return cue ? { startMs: Math.round(cue.startTime * 1000), endMs: Math.round(cue.endTime * 1000) } : null;
}

const TOKEN = /<[^>]*(?:>|$)|&(?:#x?[0-9a-f]+|[a-z0-9]+);?/gi;

function entity(raw: string): string | null {
  const known = ENTITIES[raw];
  if (known !== undefined) return known;
  const numeric = /^&#(x?)([0-9a-f]+);?$/i.exec(raw);
  if (!numeric) return null;
  const code = parseInt(numeric[2]!, numeric[1] ? 16 : 10);
  return code > 0 && code <= 0xffff && (code < 0xd800 || code > 0xdfff) ? String.fromCharCode(code) : "\uFFFD";
}

/**
 * One cue's payload as turns: one per voice (`<v Priya>Hi</v><v Dan>Hello</v>`), text outside any
 * `<v>` with no known speaker (a "Name: " prefix is looked at later, across the whole file). Tags read
 * as nothing, entities as their character; the ruby text of `<rt>` is left out (read aloud, the base
 * text would be said twice). The `<v>` tags themselves belong to no turn.
 */
function cueTurns(text: string, cue: Cue, startMs: number, endMs: number): Turn[] {
  const turns: Turn[] = [];
  let current: Turn = { speaker: null, startMs, endMs, reading: [] };
  let rt = false;
  const close = (speaker: string | null) => {
    if (current.reading.length > 0) turns.push(current);
    current = { speaker, startMs, endMs, reading: [] };
  };
  const add = (part: Part) => current.reading.push(rt ? { ...part, as: "" } : part);
  const payload = text.slice(cue.start, cue.end);
  let at = 0;
  for (const m of payload.matchAll(TOKEN)) {
    const token = m[0];
    if (m.index > at) add({ start: cue.start + at, end: cue.start + m.index });
    at = m.index + token.length;
    const start = cue.start + m.index;
    const end = start + token.length;
    if (token.startsWith("&")) {
      const as = entity(token);
      add(as === null ? { start, end } : { start, end, as });
      continue;
    }
    const tag = /^<(\/?)([^\s.>/]*)(?:\.[^\s>]*)?(?:\s+([^>]*))?>?$/.exec(token);
    const closing = tag?.[1] === "/";
    const name = tag?.[2] ?? "";
    if (name === "v") {
      close(closing ? null : (tag?.[3] ?? "").replace(/\s+/g, " ").trim() || null);
      continue;
    }
    if (name === "rt") rt = !closing;
    else if (name === "ruby" && closing) rt = false;
    current.reading.push({ start, end, as: "" });
  }
  if (payload.length > at) add({ start: cue.start + at, end: cue.end });
  close(null);
  return turns;
}

/**
 * WebVTT (Zoom, Teams, YouTube…): cue blocks found as the W3C reference parser finds them, timing lines
 * read by it. Returns one turn per voice per cue, in file order, each pointing into `text` as given.
 */
export function parseVtt(text: string): Turn[] {
  const turns: Turn[] = [];
  for (const cue of cueBlocks(text)) {
    const times = timesOf(cue.timing);
    if (times) turns.push(...cueTurns(text, cue, times.startMs, times.endMs));
  }
  return turns;
}
