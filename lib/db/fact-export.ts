import "server-only";
import type pg from "pg";
import { serverPoolOf } from "@/lib/db/client";
import { filtersOf, resolveWords } from "@/lib/db/fact-search";
import type { Db } from "@/lib/db/types";
import type { ExportableFact } from "@/lib/facts/export";
import type { FactQuery } from "@/lib/facts/query";
import { Prisma } from "@/lib/generated/prisma/client";

interface ExportRow extends Omit<ExportableFact, "provenance"> {
  provenance: Array<{
    quote: string | null;
    speaker: string | null;
    start: number | null;
    end: number | null;
    sourceId: string | null;
    title: string | null;
  }>;
}

// The facts and their provenance (as JSON, in order) in one statement, not a query per relation. Times as
// timestamptz: the columns hold UTC without a zone, and pg would read them in the process's own zone.
const COLUMNS = Prisma.sql`f."id", f."content", f."kind", f."status"::text AS "status",
  f."temporal"::text AS "temporal",
  f."confidence", f."importance", f."validFrom" AT TIME ZONE 'UTC' AS "validFrom",
  f."validTo" AT TIME ZONE 'UTC' AS "validTo", f."createdAt" AT TIME ZONE 'UTC' AS "createdAt", f."version",
  COALESCE((
    SELECT json_agg(json_build_object('quote', p."quote", 'speaker', p."speaker", 'start', p."start",
      'end', p."end", 'sourceId', s."id", 'title', s."title") ORDER BY p."createdAt")
    -- A source of another space (the fact was moved from there) is left out; its quote stays.
    FROM "FactProvenance" p LEFT JOIN "Source" s ON s."id" = p."sourceId" AND s."spaceId" = f."spaceId"
    WHERE p."factId" = f."id"
  ), '[]'::json) AS "provenance"`;

/**
 * Every fact a search matches, in batches, for an export: by approval time, or by kind then time (for
 * Markdown grouped by kind); memory bounded by the batch, whatever the fact base's size. On a PostgreSQL
 * server, one statement read through a cursor (DECLARE … FETCH, in a read-only transaction on a connection
 * of its own, so the export is one snapshot and the server plans it once); on PGlite, keyset pages: a
 * transaction held open while a client downloads would stop every other statement of the one-connection
 * database.
 */
export async function* iterateFacts({
  db,
  spaceId,
  query,
  byKind = false,
  batch = 1_000,
}: {
  db: Db;
  /** Only this space's facts. */
  spaceId: string;
  query: FactQuery;
  byKind?: boolean;
  batch?: number;
}): AsyncGenerator<ExportableFact[]> {
  const filters = filtersOf(query, spaceId);
  const condition = query.q ? (await resolveWords(db, filters, query.q)).condition : filters;
  const order = Prisma.sql`ORDER BY ${byKind ? Prisma.sql`f."kind", ` : Prisma.empty}f."createdAt", f."id"`;
  const pool = serverPoolOf(db);
  const pages = pool
    ? throughCursor(pool, Prisma.sql`SELECT ${COLUMNS} FROM "Fact" f WHERE ${condition} ${order}`, batch)
    : byKeyset(db, condition, order, byKind, batch);
  for await (const rows of pages) {
    yield rows.map(({ provenance, ...fact }) => ({
      ...fact,
      provenance: provenance.map(({ sourceId, title, ...p }) => ({
        ...p,
        source: sourceId ? { id: sourceId, title: title ?? "" } : null,
      })),
    }));
  }
}

async function* throughCursor(pool: pg.Pool, statement: Prisma.Sql, batch: number): AsyncGenerator<ExportRow[]> {
  const client = await pool.connect();
  let failed = false;
  try {
    await client.query("BEGIN READ ONLY");
    // The columns hold UTC without a zone: bound dates (a from/to filter) are read as UTC too.
    await client.query("SET LOCAL TimeZone = 'UTC'");
    await client.query({
      text: `DECLARE sift_export NO SCROLL CURSOR FOR ${statement.text}`,
      values: statement.values,
    });
    for (;;) {
      const { rows } = await client.query<ExportRow>(`FETCH ${Math.max(1, Math.floor(batch))} FROM sift_export`);
      if (rows.length === 0) return;
      yield rows;
      if (rows.length < batch) return;
    }
  } catch (error) {
    failed = true;
    throw error;
  } finally {
    // Also when the download is cancelled (the generator returned early): the transaction ends, the connection
    // goes back; one whose state is unknown after an error is destroyed rather than reused.
    await client.query(failed ? "ROLLBACK" : "COMMIT").catch(() => (failed = true));
    client.release(failed);
  }
}

async function* byKeyset(
  db: Db,
  condition: Prisma.Sql,
  order: Prisma.Sql,
  byKind: boolean,
  batch: number,
): AsyncGenerator<ExportRow[]> {
  let after: { kind: string; createdAt: Date; id: string } | null = null;
  for (;;) {
    const page: Prisma.Sql = after
      ? byKind
        ? Prisma.sql`AND (f."kind", f."createdAt", f."id") > (${after.kind}, ${after.createdAt}, ${after.id})`
        : Prisma.sql`AND (f."createdAt", f."id") > (${after.createdAt}, ${after.id})`
      : Prisma.empty;
    // Keyset on the stored column: the selected createdAt is the same instant, read as UTC.
    const rows = await db.$queryRaw<ExportRow[]>`
      SELECT ${COLUMNS} FROM "Fact" f WHERE ${condition} ${page} ${order} LIMIT ${batch}`;
    if (rows.length === 0) return;
    yield rows;
    after = rows[rows.length - 1] ?? null;
    if (rows.length < batch) return;
  }
}
