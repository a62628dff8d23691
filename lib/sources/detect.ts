import { AppError } from "@/lib/errors";

/** What a file or paste is, before parsing; JSON is split into Slack / chat by its shape later. */
export type SourceKind = "vtt" | "srt" | "json" | "markdown" | "text";

export const ACCEPTED_FORMATS =
  "Accepted formats: plain text (.txt), Markdown (.md), WebVTT (.vtt), SubRip (.srt) and chat " +
  "JSON (.json: Slack export or a list of messages).";

const BY_EXTENSION: Record<string, SourceKind> = {
  txt: "text",
  text: "text",
  log: "text",
  md: "markdown",
  markdown: "markdown",
  vtt: "vtt",
  webvtt: "vtt",
  srt: "srt",
  json: "json",
};

const BY_MEDIA_TYPE: Record<string, SourceKind> = {
  "text/plain": "text",
  "text/markdown": "markdown",
  "text/x-markdown": "markdown",
  "text/vtt": "vtt",
  "application/x-subrip": "srt",
  "text/srt": "srt",
  "application/json": "json",
  "text/json": "json",
};

function refuse(what: string): never {
  throw new AppError("UNSUPPORTED_FILE", `${what} cannot be read. ${ACCEPTED_FORMATS}`);
}

/**
 * The kind the uploader declared, if any. A recognised extension wins over the media type
 * (browsers guess media types from extensions, and often badly); unknown ones are refused.
 */
export function declaredKind(filename?: string, mediaType?: string): SourceKind | null {
  const ext = /\.([A-Za-z][A-Za-z0-9]{0,9})$/.exec(filename?.trim() ?? "")?.[1]?.toLowerCase();
  if (ext !== undefined) {
    const kind = BY_EXTENSION[ext];
    if (!kind) refuse(`A .${ext} file`);
    return kind;
  }
  const type = mediaType?.split(";")[0]?.trim().toLowerCase() ?? "";
  if (type === "" || type === "application/octet-stream") return null;
  const kind = BY_MEDIA_TYPE[type];
  if (kind) return kind;
  if (type.startsWith("text/")) return "text";
  if (type.endsWith("+json")) return "json";
  return refuse(`A file of type ${type}`);
}

const TIMING = /^\s*(?:\d{1,}:)?\d{1,2}:\d{1,2}([.,])\d{1,3}\s+-->\s+(?:\d{1,}:)?\d{1,2}:\d{1,2}[.,]\d{1,3}/;

/** Recognises subtitle files pasted as text or saved as .txt, by the first cue's timing line. */
export function sniffSubtitles(text: string): "vtt" | "srt" | null {
  const head = text.trimStart();
  if (/^WEBVTT(?:[ \t\n]|$)/.test(head)) return "vtt";
  const lines = head.split("\n", 4).map((l) => l.trim());
  const timing = TIMING.exec(lines[0] ?? "") ?? (/^\S+$/.test(lines[0] ?? "") ? TIMING.exec(lines[1] ?? "") : null);
  if (!timing) return null;
  return timing[1] === "," ? "srt" : "vtt";
}

/** Markdown notes: a heading, or bold labels used the way notes use them. */
export function sniffMarkdown(text: string): boolean {
  if (/^[ \t]{0,3}#{1,6}[ \t]+\S/m.test(text)) return true;
  return (text.match(/\*\*[^*\n]+\*\*/g)?.length ?? 0) >= 2;
}

export function looksLikeJson(text: string): boolean {
  return /^\s*[[{]/.test(text);
}
