import "server-only";
import type { Db } from "@/lib/db/types";
import { Prisma } from "@/lib/generated/prisma/client";
import { SegmentsSchema } from "@/lib/sources/schema";
import { readableView } from "@/lib/sources/view";

/** Where a quote sits in its transcript: the text just before and after it, and its segment's time. */
export interface QuoteContext {
  before: string;
  after: string;
  /** Milliseconds from the start of the recording, when the source has timestamps. */
  startMs: number | null;
  /** What the quote reads as, when its source is a subtitle or chat file (the stored quote keeps its markup). */
  quote?: string;
}

/** Characters read on each side of a quote; a card shows whole lines of it, a few at first. */
const CONTEXT_CHARS = 800;
/** Longer segments are not read for one card: such a quote's context is the stored text around it. */
const MAX_SEGMENT_CHARS = 100_000;

/**
 * A subtitle or chat quote's context as its source reads ("Speaker: text" lines, markup read away), from
 * the segments near it; null when they do not hold the quote.
 */
function readableContext(r: { format: string; near: unknown; start: number; end: number }) {
  const near = SegmentsSchema.safeParse(r.near);
  if (!near.success || !near.data.some((s) => s.start <= r.start && r.end <= s.end)) return null;
  const view = readableView({ format: r.format, text: "", segments: near.data });
  const start = view.toView(r.start, "start");
  const end = view.toView(r.end, "end");
  return {
    before: view.text.slice(Math.max(0, start - CONTEXT_CHARS), start),
    after: view.text.slice(end, end + CONTEXT_CHARS),
    quote: view.text.slice(start, end),
  };
}

/**
 * The text around quotes in their sources, read in SQL so a 5 MB transcript is never loaded for one card.
 * `rows` names the table of quotes (`x`: id, quote, start, end) joined to its source (`s`). PostgreSQL
 * counts characters (code points) where offsets are UTF-16 units, so the window is cut where the quote is
 * found in it, nearest to where the offsets say; a quote not found there gets no context. A subtitle or
 * chat file is stored as given: its quotes get their context from the segments around them, as it reads.
 */
async function readContexts(db: Db, rows: Prisma.Sql, where: Prisma.Sql): Promise<Map<string, QuoteContext>> {
  const found = await db.$queryRaw<
    Array<{
      id: string;
      quote: string;
      lead: number;
      window: string;
      startMs: number | null;
      format: string;
      near: unknown;
      start: number;
      end: number;
    }>
  >`
    SELECT x."id", x."quote", least(x."start", ${CONTEXT_CHARS}::int) AS "lead", s."format", x."start", x."end",
      CASE WHEN s."format" IN ('text', 'markdown') THEN NULL ELSE
        (SELECT jsonb_agg(seg) FROM jsonb_array_elements(s."segments") seg
          WHERE jsonb_typeof(seg) = 'object' AND (seg->>'end')::int >= x."start" - ${CONTEXT_CHARS}::int
            AND (seg->>'start')::int <= x."end" + ${CONTEXT_CHARS}::int
            AND (seg->>'end')::int - (seg->>'start')::int <= ${MAX_SEGMENT_CHARS}::int) END AS "near",
      substr(s."text", greatest(x."start" - ${CONTEXT_CHARS}::int, 0) + 1,
             least(x."start", ${CONTEXT_CHARS}::int) + (x."end" - x."start") + ${CONTEXT_CHARS}::int) AS "window",
      (SELECT (seg->>'startMs')::int FROM jsonb_array_elements(s."segments") seg
        WHERE jsonb_typeof(seg) = 'object' AND (seg->>'start')::int <= x."start" AND (seg->>'end')::int >= x."start"
          AND jsonb_typeof(seg->'startMs') = 'number'
        LIMIT 1) AS "startMs"
    FROM ${rows}
    WHERE ${where} AND x."quote" IS NOT NULL AND x."start" IS NOT NULL AND x."end" IS NOT NULL`;
  const out = new Map<string, QuoteContext>();
  for (const r of found) {
    const readable = r.near === null ? null : readableContext(r);
    if (readable) {
      out.set(r.id, { ...readable, startMs: r.startMs });
      continue;
    }
    const at = nearestIndexOf(r.window, r.quote, r.lead);
    if (at < 0) continue;
    out.set(r.id, { before: r.window.slice(0, at), after: r.window.slice(at + r.quote.length), startMs: r.startMs });
  }
  return out;
}

function nearestIndexOf(text: string, part: string, near: number): number {
  let best = -1;
  for (let at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + 1)) {
    if (best < 0 || Math.abs(at - near) < Math.abs(best - near)) best = at;
  }
  return best;
}

/** Each candidate's quote in its transcript (candidates whose quote was found in the source). */
export async function getQuoteContexts({
  db,
  candidateIds,
}: {
  db: Db;
  candidateIds: string[];
}): Promise<Map<string, QuoteContext>> {
  if (candidateIds.length === 0) return new Map();
  return readContexts(
    db,
    Prisma.sql`"Candidate" x JOIN "ExtractionRun" r ON r."id" = x."runId" JOIN "Source" s ON s."id" = r."sourceId"`,
    Prisma.sql`x."id" = ANY(${candidateIds}::text[]) AND x."supported"`,
  );
}

/** Each provenance entry's quote in its transcript: where a fact was said. */
export async function getProvenanceContexts({
  db,
  provenanceIds,
}: {
  db: Db;
  provenanceIds: string[];
}): Promise<Map<string, QuoteContext>> {
  if (provenanceIds.length === 0) return new Map();
  return readContexts(
    db,
    Prisma.sql`"FactProvenance" x JOIN "Source" s ON s."id" = x."sourceId"`,
    Prisma.sql`x."id" = ANY(${provenanceIds}::text[])`,
  );
}
