import { unixLineEnds } from "@/lib/sources/decode";
import { sniffJson, sniffMarkdown, sniffSubtitles } from "@/lib/sources/sniff";

/**
 * The source formats Sift reads, in one table: what declares each (extensions, media types), how its content
 * is recognised when nothing declares it, what it is stored as and how it reads. Detection (detect.ts), the
 * parsers (parse.ts, one per kind, checked by type), the view (view.ts), the ingest form's file picker, the
 * API's schema and the CLI's usage read it; tests/docs.test.ts holds the README's table to it. The ingest
 * form is a client component and imports this: it never imports a parser (tests/architecture.test.ts).
 */
export const FORMAT_TABLE = [
  {
    kind: "text",
    label: "plain text",
    extensions: ["txt", "text", "log"],
    mediaTypes: ["text/plain"],
    // The fallback: what no other format claims, and any other text/* type.
    sniff: null,
    stored: ["text"],
    view: "as stored",
  },
  {
    kind: "markdown",
    label: "Markdown",
    extensions: ["md", "markdown"],
    mediaTypes: ["text/markdown", "text/x-markdown"],
    sniff: { order: 4, test: sniffMarkdown },
    stored: ["markdown"],
    view: "as stored",
  },
  {
    kind: "vtt",
    label: "WebVTT",
    extensions: ["vtt", "webvtt"],
    mediaTypes: ["text/vtt"],
    sniff: { order: 1, test: (text: string) => sniffSubtitles(unixLineEnds(text)) === "vtt" },
    stored: ["vtt"],
    view: "turns",
  },
  {
    kind: "srt",
    label: "SubRip",
    extensions: ["srt"],
    mediaTypes: ["application/x-subrip", "text/srt"],
    sniff: { order: 2, test: (text: string) => sniffSubtitles(unixLineEnds(text)) === "srt" },
    stored: ["srt"],
    view: "turns",
  },
  {
    kind: "json",
    label: "chat JSON",
    note: "Slack export or a list of messages",
    extensions: ["json"],
    // Any other `+json` type too.
    mediaTypes: ["application/json", "text/json"],
    sniff: { order: 3, test: sniffJson },
    // Split by its shape when parsed.
    stored: ["slack-json", "chat-json"],
    view: "turns",
  },
] as const satisfies readonly FormatRow[];

interface FormatRow {
  kind: string;
  /** As a sentence names it: "Accepted formats: plain text (.txt), …". */
  label: string;
  note?: string;
  /** Lower case, without the dot; the first is the one usage texts name. */
  extensions: readonly string[];
  mediaTypes: readonly string[];
  /** Recognising the content of a paste or an undeclared file: tests run by `order`, first match wins. */
  sniff: { order: number; test: (text: string) => boolean } | null;
  /** `Source.format` values a file of this kind is stored as. */
  stored: readonly string[];
  /** How the stored text reads (lib/sources/view.ts): as it is, or one "Speaker: text" line per turn. */
  view: "as stored" | "turns";
}

/** What a file or paste is, before parsing; JSON is split into Slack / chat by its shape later. */
export type SourceKind = (typeof FORMAT_TABLE)[number]["kind"];
type Row = (typeof FORMAT_TABLE)[number];

/** Every `Source.format` (SourceFormatSchema). */
export const STORED_FORMATS = FORMAT_TABLE.flatMap((f): Row["stored"][number][] => [...f.stored]);

/** Stored formats whose text reads as it is stored (no markup to read away). */
export const READ_AS_STORED: readonly string[] = FORMAT_TABLE.filter((f) => f.view === "as stored").flatMap(
  (f) => f.stored,
);

export function formatOfExtension(extension: string): SourceKind | undefined {
  return FORMAT_TABLE.find((f) => (f.extensions as readonly string[]).includes(extension.toLowerCase()))?.kind;
}

export function formatOfMediaType(mediaType: string): SourceKind | undefined {
  return FORMAT_TABLE.find((f) => (f.mediaTypes as readonly string[]).includes(mediaType.toLowerCase()))?.kind;
}

/** The formats that can be recognised by content, in the order their tests run. */
export const SNIFFED_FORMATS = FORMAT_TABLE.flatMap((f) => (f.sniff ? [{ kind: f.kind, sniff: f.sniff }] : [])).sort(
  (a, b) => a.sniff.order - b.sniff.order,
);

const named = FORMAT_TABLE.map((f) => `${f.label} (.${f.extensions[0]}${"note" in f ? `: ${f.note}` : ""})`);

/** For messages: "Accepted formats: plain text (.txt), …, chat JSON (.json: Slack export or a list of messages)." */
export const ACCEPTED_FORMATS = `Accepted formats: ${named.slice(0, -1).join(", ")} and ${named.at(-1)}.`;

/** For usage texts: ".txt .md .vtt .srt .json". */
export const MAIN_EXTENSIONS = FORMAT_TABLE.map((f) => `.${f.extensions[0]}`).join(" ");

const extensions = FORMAT_TABLE.flatMap((f) => f.extensions.map((e) => `.${e}`));

/** For the API's schema: ".txt .text .log .md …". */
export const ALL_EXTENSIONS = extensions.join(" ");

/** For a file input's `accept`: every extension and media type. */
export const FILE_INPUT_ACCEPT = [...extensions, ...FORMAT_TABLE.flatMap((f) => f.mediaTypes)].join(",");
