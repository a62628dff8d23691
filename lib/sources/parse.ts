import { parse as parseJsonc, printParseErrorCode, type ParseError } from "jsonc-parser";
import { AppError, isAppError } from "@/lib/errors";
import { assembleTurns, mergeCues, type Turn } from "@/lib/sources/build";
import {
  assertTextWithinLimit,
  assertWithinLimit,
  decodeBytes,
  decodingNote,
  prepareSourceText,
  unixLineEnds,
} from "@/lib/sources/decode";
import { declaredKind } from "@/lib/sources/detect";
import { SNIFFED_FORMATS, type SourceKind } from "@/lib/sources/formats";
import { parseJsonChat } from "@/lib/sources/json-chat";
import { parsePlain } from "@/lib/sources/plain";
import type { ParsedSource } from "@/lib/sources/schema";
import { resolveInlineSpeakers } from "@/lib/sources/speakers";
import { parseSrt } from "@/lib/sources/srt";
import { sniffSubtitles } from "@/lib/sources/sniff";
import { parseVtt } from "@/lib/sources/vtt";

export interface ParseSourceInput {
  /** Upload name; its extension decides the format when it has one. */
  filename?: string;
  /** Upload media type, used when the name has no extension. */
  mediaType?: string;
  /** Raw upload; wins over `text` when both are given. */
  bytes?: Uint8Array;
  /** A paste. */
  text?: string;
  /** Uploads and pastes (measured as UTF-8) larger than this are refused. */
  maxBytes: number;
}

/** Subtitles are read where they are: CRLF and blank lines stay, and the cues point into the file. */
function parseSubtitles(kind: "vtt" | "srt", text: string): ParsedSource {
  const cues: Turn[] = kind === "vtt" ? parseVtt(text) : parseSrt(text);
  return assembleTurns(kind, text, mergeCues(text, resolveInlineSpeakers(text, cues)));
}

/** JSON.parse's messages rarely say where; jsonc-parser's scanner gives the offset of the first fault. */
function jsonError(text: string, cause: unknown): AppError {
  const errors: ParseError[] = [];
  parseJsonc(text, errors, { disallowComments: true, allowTrailingComma: false });
  const first = errors[0];
  if (!first) {
    const detail = cause instanceof Error ? cause.message : String(cause);
    return new AppError("UNSUPPORTED_FILE", `This JSON file is malformed: ${detail}`, { cause });
  }
  const before = text.slice(0, first.offset);
  const line = before.split("\n").length;
  const column = first.offset - before.lastIndexOf("\n");
  const what = printParseErrorCode(first.error)
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase();
  return new AppError("UNSUPPORTED_FILE", `This JSON file is malformed at line ${line}, column ${column}: ${what}.`, {
    cause,
  });
}

function parseJson(text: string): ParsedSource {
  try {
    JSON.parse(text);
  } catch (error) {
    throw jsonError(text, error);
  }
  const { format, turns } = parseJsonChat(text);
  return assembleTurns(format, text, turns);
}

/**
 * A declared subtitle file: one saved under the other extension is common, and the timing lines tell. Sniffed
 * (a paste, a .txt), it is subtitles only if cues with text come out; otherwise it is still text.
 */
function subtitleReader(kind: "vtt" | "srt"): Reader {
  return {
    parse: (text) => parseSubtitles(sniffSubtitles(unixLineEnds(text)) ?? kind, text),
    parseSniffed: (text) => {
      try {
        const parsed = parseSubtitles(kind, text);
        return parsed.segments.length > 0 ? parsed : null;
      } catch (error) {
        if (!isAppError(error)) throw error;
        return null;
      }
    },
  };
}

interface Reader {
  /** Reads a text declared to be of this kind (by its extension or media type). */
  parse(text: string): ParsedSource;
  /** Reads a text recognised as this kind by its content; null: not this kind after all. Default: `parse`. */
  parseSniffed?(text: string): ParsedSource | null;
}

/** The parser of each kind of the format table (lib/sources/formats.ts): a kind without one is a type error. */
const READERS: Record<SourceKind, Reader> = {
  text: { parse: parseUndeclared },
  markdown: { parse: (text) => parsePlain(text, "markdown") },
  vtt: subtitleReader("vtt"),
  srt: subtitleReader("srt"),
  // Valid JSON that is no chat is refused with the reason, not read as text.
  json: { parse: parseJson },
};

/** Content that clearly is another format is read as such even when named .txt or pasted. */
function parseUndeclared(text: string): ParsedSource {
  for (const { kind, sniff } of SNIFFED_FORMATS) {
    if (!sniff.test(text)) continue;
    const reader = READERS[kind];
    const parsed = reader.parseSniffed ? reader.parseSniffed(text) : reader.parse(text);
    if (parsed) return parsed;
  }
  return parsePlain(text, "text");
}

function parseUnchecked(input: ParseSourceInput): ParsedSource {
  const declared = declaredKind(input.filename, input.mediaType);
  let raw: string;
  let decoding: string | null = null;
  if (input.bytes !== undefined) {
    assertWithinLimit(input.bytes.length, input.maxBytes);
    raw = decodeBytes(input.bytes);
    decoding = decodingNote(input.bytes);
  } else if (typeof input.text === "string") {
    assertTextWithinLimit(input.text, input.maxBytes);
    raw = input.text;
  } else {
    throw new AppError("VALIDATION", "Upload a file or paste some text.");
  }
  const text = prepareSourceText(raw);
  const parsed = READERS[declared ?? "text"].parse(text);
  if (parsed.segments.length === 0) {
    const what = declared === "vtt" || declared === "srt" ? "no subtitle cues with text" : "no text";
    throw new AppError("UNSUPPORTED_FILE", `Nothing to read: the file has ${what}.`);
  }
  return decoding ? { ...parsed, decoding } : parsed;
}

/**
 * Reads an upload or a paste into one stored text plus segments (speaker turns, cues, messages or
 * paragraphs) whose offsets point into it. Every format is stored as given (only a BOM dropped): a
 * subtitle or chat segment points at its cue's lines or its message's string literal, and lists the
 * markup inside it (`Segment.markup`; lib/sources/view.ts reads it). Throws only AppError: TOO_LARGE,
 * UNSUPPORTED_FILE (empty, binary, malformed, unknown format) or VALIDATION (neither bytes nor text given).
 */
export function parseSource(input: ParseSourceInput): ParsedSource {
  try {
    return parseUnchecked(input);
  } catch (error) {
    if (isAppError(error)) throw error;
    // A parser library choking on odd input is still an unreadable file, not a crash.
    throw new AppError("UNSUPPORTED_FILE", "This file could not be read as a transcript, chat or notes.", {
      cause: error,
    });
  }
}
