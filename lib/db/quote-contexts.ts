import "server-only";
import type { Db } from "@/lib/db/types";
import { Prisma } from "@/lib/generated/prisma/client";
import { SegmentsSchema, type Segment } from "@/lib/sources/schema";
import { readableView } from "@/lib/sources/view";
import type { QuoteContext } from "@/lib/queue/candidate";

/** Characters read on each side of a quote; a card shows whole lines of it, a few at first. */
const CONTEXT_CHARS = 800;
/** Longer segments are not read for one card: such a quote's context is the stored text around it. */
const MAX_SEGMENT_CHARS = 100_000;

/** The segments of the subtitle and chat sources among these (their text is not read as it is), in order. */
async function readTurns(db: Db, sourceIds: string[]): Promise<Map<string, { format: string; segments: Segment[] }>> {
  const rows = await db.$queryRaw<Array<{ id: string; format: string; segments: unknown }>>`
    SELECT s."id", s."format", s."segments" FROM "Source" s
    WHERE s."id" = ANY(${sourceIds}::text[]) AND s."format" NOT IN ('text', 'markdown')`;
  const out = new Map<string, { format: string; segments: Segment[] }>();
  for (const row of rows) {
    const segments = SegmentsSchema.safeParse(row.segments);
    // Unreadable segments: the stored text around the quote is shown, as for any text.
    if (segments.success)
      out.set(row.id, { format: row.format, segments: segments.data.sort((x, y) => x.start - y.start) });
  }
  return out;
}

/**
 * A subtitle or chat quote's context as its source reads ("Speaker: text" lines, markup read away), from
 * the turns around it; null when no turn holds its start, or that turn is too long to read for one card.
 */
function readableContext(source: { format: string; segments: Segment[] }, start: number, end: number) {
  const { segments } = source;
  let lo = 0;
  let hi = segments.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (segments[mid]!.end <= start) lo = mid + 1;
    else hi = mid;
  }
  const at = segments[lo];
  if (!at || at.start > start || at.end - at.start > MAX_SEGMENT_CHARS) return null;
  let first = lo;
  let last = lo;
  let before = 0;
  let after = 0;
  // Neighbours until the context is long enough, none too long to read for one card.
  const short = (i: number) => segments[i]!.end - segments[i]!.start <= MAX_SEGMENT_CHARS;
  while (first > 0 && before < CONTEXT_CHARS && short(first - 1)) before += segments[--first]!.text.length;
  while (last + 1 < segments.length && (segments[last]!.end < end || after < CONTEXT_CHARS) && short(last + 1)) {
    after += segments[++last]!.text.length;
  }
  const view = readableView({ format: source.format, text: "", segments: segments.slice(first, last + 1) });
  const from = view.toView(start, "start");
  const to = view.toView(end, "end");
  return {
    before: view.text.slice(Math.max(0, from - CONTEXT_CHARS), from),
    after: view.text.slice(to, to + CONTEXT_CHARS),
    quote: view.text.slice(from, to),
  };
}

/**
 * The text around quotes in their sources. `rows` selects the quotes (`id`, `quote`, `start`, `end`,
 * `sourceId`). Each source's text is read once and cut in JS, where offsets are UTF-16 units as stored. Cut
 * in SQL once per quote (PostgreSQL counts characters from the start of the text for each cut, and read the
 * 5 MB text and its 70k segments again for each), a page of 50 cards on a 5 MB transcript took 0.5-6 s on
 * PGlite; now ~0.1 s. A segment's time is looked up in SQL (jsonb_path, in C), only in a source that has
 * times, its segments read once. A subtitle or chat file is stored as given: its segments are read once too,
 * and each quote's context is the turns around it as they read.
 */
async function readContexts(db: Db, rows: Prisma.Sql): Promise<Map<string, QuoteContext>> {
  const quotes = await db.$queryRaw<
    Array<{ id: string; quote: string; start: number; end: number; sourceId: string; startMs: number | null }>
  >`
    WITH x AS MATERIALIZED (${rows}),
    timed AS (
      SELECT s."id", s."segments" || '[]'::jsonb AS "segments" FROM "Source" s
      WHERE s."id" IN (SELECT "sourceId" FROM x)
        AND jsonb_path_exists(s."segments", '$[*].startMs ? (@.type() == "number")')
      OFFSET 0
    )
    SELECT x."id", x."quote", x."start", x."end", x."sourceId",
      (jsonb_path_query_first(t."segments",
        '$[*] ? (@.start <= $at && @.end >= $at && @.startMs.type() == "number").startMs',
        jsonb_build_object('at', x."start")))::int AS "startMs"
    FROM x LEFT JOIN timed t ON t."id" = x."sourceId"
    WHERE x."quote" IS NOT NULL AND x."start" IS NOT NULL AND x."end" IS NOT NULL AND x."sourceId" IS NOT NULL`;
  if (quotes.length === 0) return new Map();
  const sourceIds = [...new Set(quotes.map((q) => q.sourceId))];
  // The whole text: left(text, n) would count characters again (~150 ms on 5 MB); reading it is ~30 ms.
  const texts = await db.$queryRaw<Array<{ id: string; text: string }>>`
    SELECT s."id", s."text" FROM "Source" s WHERE s."id" = ANY(${sourceIds}::text[])`;
  const textOf = new Map(texts.map((t) => [t.id, t.text]));
  const turns = await readTurns(db, sourceIds);
  const out = new Map<string, QuoteContext>();
  for (const q of quotes) {
    const text = textOf.get(q.sourceId);
    if (text === undefined) continue;
    const source = turns.get(q.sourceId);
    const readable = source ? readableContext(source, q.start, q.end) : null;
    if (readable) {
      out.set(q.id, { ...readable, startMs: q.startMs });
      continue;
    }
    const from = Math.max(0, q.start - CONTEXT_CHARS);
    const window = text.slice(from, q.end + CONTEXT_CHARS);
    const at = nearestIndexOf(window, q.quote, q.start - from);
    if (at < 0) continue;
    out.set(q.id, { before: window.slice(0, at), after: window.slice(at + q.quote.length), startMs: q.startMs });
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
    Prisma.sql`SELECT c."id", c."quote", c."start", c."end", r."sourceId" FROM "Candidate" c
      JOIN "ExtractionRun" r ON r."id" = c."runId" WHERE c."id" = ANY(${candidateIds}::text[]) AND c."supported"`,
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
    Prisma.sql`SELECT p."id", p."quote", p."start", p."end", p."sourceId" FROM "FactProvenance" p
      WHERE p."id" = ANY(${provenanceIds}::text[])`,
  );
}
