import { z } from "zod";
import { STORED_FORMATS } from "@/lib/sources/formats";
import { storableLine } from "@/lib/text/storable";
import { SubjectSchema } from "@/lib/spaces/schema";

/**
 * A stretch of a segment's stored text that does not read as itself: a subtitle tag or the timing lines
 * between two merged cues (read as "" or " "), an entity or a JSON escape (read as its character).
 */
export const MarkupSchema = z.object({
  start: z.number().int().nonnegative(),
  end: z.number().int().nonnegative(),
  as: z.string(),
});
export type Markup = z.infer<typeof MarkupSchema>;

/**
 * One speaker turn, subtitle cue or chat message, with UTF-16 offsets into the stored source text (the
 * user's file as given). `text` is the stored slice itself; what it reads as is the slice with its
 * `markup` replaced (`readSegment`, lib/sources/view.ts).
 */
export const SegmentSchema = z.object({
  speaker: z.string().nullable(),
  startMs: z.number().int().nonnegative().nullable(),
  endMs: z.number().int().nonnegative().nullable(),
  text: z.string(),
  /** Offset of `text` in the stored source text: storedText.slice(start, end) === text */
  start: z.number().int().nonnegative(),
  end: z.number().int().nonnegative(),
  /** Absent when the slice reads as itself (always for plain text and Markdown). */
  markup: z.array(MarkupSchema).optional(),
});
export type Segment = z.infer<typeof SegmentSchema>;
export const SegmentsSchema = z.array(SegmentSchema);

/** What a source is stored as (lib/sources/formats.ts). */
export const SourceFormatSchema = z.enum(STORED_FORMATS);
export type SourceFormat = z.infer<typeof SourceFormatSchema>;

/** What a parser produces from a file or a paste. */
export const ParsedSourceSchema = z.object({
  format: SourceFormatSchema,
  text: z.string(),
  segments: z.array(SegmentSchema),
  participants: z.array(z.string()),
  /** Said to the person when the bytes were not UTF-8 and were read another way (lib/sources/decode.ts). */
  decoding: z.string().optional(),
});
export type ParsedSource = z.infer<typeof ParsedSourceSchema>;

/** The ingest form's fields (a paste, or metadata for an upload); the form, the action and the API share it. */
export const SourceInputSchema = z.object({
  // A title or hint with a NUL or a lone surrogate would fail the insert (INTERNAL): stored without them.
  title: z.string().transform(storableLine).pipe(z.string().trim().max(200)).optional(),
  text: z.string().optional(),
  meetingDate: z.union([z.literal(""), z.iso.date("Use a date like 2026-11-30")]).optional(),
  preset: z.string().max(40).optional(),
  contextHints: z
    .string()
    .transform(storableLine)
    .pipe(z.string().trim().max(2_000, "Keep context hints under 2,000 characters"))
    .optional(),
  /** "1": ingest a text that was ingested before once more. */
  again: z.literal("1").optional(),
  /** Whom the text is about (an agent's end user): its facts carry it, and can be found and forgotten by it. */
  subject: SubjectSchema,
});

/** How a source came in: the ingest form's paste or upload, the REST API, or an agent's proposal (MCP). */
export const SOURCE_ORIGINS = ["paste", "upload", "api", "agent"] as const;
