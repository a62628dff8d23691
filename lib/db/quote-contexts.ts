import "server-only";
import type { Db } from "@/lib/db/types";
import { Prisma } from "@/lib/generated/prisma/client";

/** Where a quote sits in its transcript: the text just before and after it, and its segment's time. */
export interface QuoteContext {
  before: string;
  after: string;
  /** Milliseconds from the start of the recording, when the source has timestamps. */
  startMs: number | null;
}

/** Characters read on each side of a quote; a card shows whole lines of it, a few at first. */
const CONTEXT_CHARS = 800;

/**
 * The text around quotes in their sources, read in SQL so a 5 MB transcript is never loaded for one card.
 * `rows` names the table of quotes (`x`: id, quote, start, end) joined to its source (`s`). PostgreSQL
 * counts characters (code points) where offsets are UTF-16 units, so the window is cut where the quote is
 * found in it, nearest to where the offsets say; a quote not found there gets no context.
 */
async function readContexts(db: Db, rows: Prisma.Sql, where: Prisma.Sql): Promise<Map<string, QuoteContext>> {
  const found = await db.$queryRaw<
    Array<{ id: string; quote: string; lead: number; window: string; startMs: number | null }>
  >`
    SELECT x."id", x."quote", least(x."start", ${CONTEXT_CHARS}::int) AS "lead",
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
