import "server-only";
import { randomBytes } from "node:crypto";
import type pg from "pg";
import { log } from "@/lib/log";
import { embeddedPGliteOf, serverPoolOf } from "@/lib/db/client";
import { filtersOf, resolveWords } from "@/lib/db/fact-search";
import type { SiftPGlite } from "@/lib/db/pglite";
import type { Db } from "@/lib/db/types";
import type { ExportableFact } from "@/lib/facts/export";
import type { FactQuery } from "@/lib/facts/query";
import { Prisma } from "@/lib/generated/prisma/client";

// Each row is an ExportableFact as it comes off the wire (on PGlite, its JSON with the times read as dates): the
// provenance built as JSON by the database, in order, its source as `{ id, title }` or null (a deleted source),
// so nothing is remapped per fact in JS. Times as timestamptz:
// the columns hold UTC without a zone, and pg would read them in the process's own zone.
const COLUMNS = Prisma.sql`f."id", f."content", f."kind", f."status"::text AS "status",
  f."temporal"::text AS "temporal",
  f."confidence", f."importance", f."validFrom" AT TIME ZONE 'UTC' AS "validFrom",
  f."validTo" AT TIME ZONE 'UTC' AS "validTo", f."createdAt" AT TIME ZONE 'UTC' AS "createdAt", f."version",
  COALESCE((
    SELECT json_agg(json_build_object('quote', p."quote", 'speaker', p."speaker", 'start', p."start",
      'end', p."end", 'source', CASE WHEN s."id" IS NULL THEN NULL
        ELSE json_build_object('id', s."id", 'title', COALESCE(s."title", '')) END) ORDER BY p."createdAt")
    -- A source of another space (the fact was moved from there) is left out; its quote stays.
    FROM "FactProvenance" p LEFT JOIN "Source" s ON s."id" = p."sourceId" AND s."spaceId" = f."spaceId"
    WHERE p."factId" = f."id"
  ), '[]'::json) AS "provenance"`;

/**
 * Every fact a search matches, in batches, for an export: by approval time, or by kind then time (for
 * Markdown grouped by kind); memory bounded by the batch (and the one read ahead), whatever the fact base's
 * size. On a PostgreSQL server, one statement read through a cursor (DECLARE … FETCH, in a read-only
 * transaction on a connection of its own, so the export is one snapshot and the server plans it once); on
 * PGlite, the ids sorted once into a held cursor, then pages by id (throughHeldKeys): a transaction held open
 * while a client downloads would stop every other statement of the one-connection database. Either way the
 * driver's rows are the batch (no Prisma row mapping), and the next batch is read while the caller writes this one.
 */
export function iterateFacts({
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
  return readAhead(pagesOf(db, spaceId, query, byKind, Math.max(1, Math.floor(batch))));
}

async function* pagesOf(
  db: Db,
  spaceId: string,
  query: FactQuery,
  byKind: boolean,
  batch: number,
): AsyncGenerator<ExportableFact[]> {
  const filters = filtersOf(query, spaceId);
  const condition = query.q ? (await resolveWords(db, filters, query.q)).condition : filters;
  const order = Prisma.sql`ORDER BY ${byKind ? Prisma.sql`f."kind", ` : Prisma.empty}f."createdAt", f."id"`;
  const pool = serverPoolOf(db);
  const pglite = embeddedPGliteOf(db);
  if (pool) {
    yield* throughCursor(pool, Prisma.sql`SELECT ${COLUMNS} FROM "Fact" f WHERE ${condition} ${order}`, batch);
  } else if (pglite) {
    yield* throughHeldKeys(pglite, condition, order, batch);
  } else {
    yield* byKeyset(db, condition, order, byKind, batch);
  }
}

/** The pages of `pages`, the next one requested as soon as one is handed out; stopping waits for it, then stops. */
async function* readAhead<T>(pages: AsyncGenerator<T>): AsyncGenerator<T> {
  let next = pages.next();
  try {
    for (;;) {
      const page = await next;
      if (page.done) return;
      next = pages.next();
      yield page.value;
    }
  } finally {
    await next.catch(() => undefined);
    await pages.return(undefined);
  }
}

async function* throughCursor(pool: pg.Pool, statement: Prisma.Sql, batch: number): AsyncGenerator<ExportableFact[]> {
  const client = await pool.connect();
  let failed = false;
  try {
    await client.query("BEGIN READ ONLY");
    // The columns hold UTC without a zone: bound dates (a from/to filter) are read as UTC too.
    await client.query("SET LOCAL TimeZone = 'UTC'");
    // The per-fact provenance makes the statement look costly, and JIT would spend seconds compiling it (measured:
    // 1.7 s of 2.6 s for 100k facts); it runs faster interpreted.
    await client.query("SET LOCAL jit = off");
    await client.query({
      text: `DECLARE sift_export NO SCROLL CURSOR FOR ${statement.text}`,
      values: statement.values,
    });
    for (;;) {
      const { rows } = await client.query<ExportableFact>(`FETCH ${batch} FROM sift_export`);
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

/**
 * On PGlite: the matching ids in export order, sorted once into a cursor WITH HOLD (materialized by PGlite when
 * it is declared, outside any transaction, so other statements run between the pages), then each page of ids
 * read with its facts, in that order. Keyset pages sorted the whole result again for every page (no index has
 * the order under every filter): 100 sorts of 100k facts for an export of 100k. A fact changed since the ids were
 * read is exported as it is now, and left out if it no longer matches.
 */
async function* throughHeldKeys(
  pglite: SiftPGlite,
  condition: Prisma.Sql,
  order: Prisma.Sql,
  batch: number,
): AsyncGenerator<ExportableFact[]> {
  const cursor = `sift_export_${randomBytes(8).toString("hex")}`;
  const keys = Prisma.sql`SELECT f."id" FROM "Fact" f WHERE ${condition} ${order}`;
  await pglite.query(`DECLARE ${cursor} NO SCROLL CURSOR WITH HOLD FOR ${keys.text}`, keys.values);
  try {
    for (;;) {
      const ids = (await pglite.query<{ id: string }>(`FETCH ${batch} FROM ${cursor}`)).rows.map((r) => r.id);
      if (ids.length === 0) return;
      // Each row as one JSON value: PGlite's reader copies every field of every row apart, which took most of
      // an export's time with a dozen fields; JSON.parse reads the one. Times come as ISO text with their offset.
      const page = Prisma.sql`SELECT row_to_json(x) AS "r" FROM (SELECT ${COLUMNS}, k."n"
        FROM unnest(${ids}::text[]) WITH ORDINALITY AS k("id", "n") JOIN "Fact" f ON f."id" = k."id"
        WHERE ${condition}) x ORDER BY x."n"`;
      const { rows } = await pglite.query<{ r: JsonRow }>(page.text, page.values);
      if (rows.length > 0) yield rows.map(({ r }) => fromJsonRow(r));
      if (ids.length < batch) return;
    }
  } finally {
    // The cursor holds its ids until closed or the database closes; a close that fails only keeps them till then.
    await pglite
      .query(`CLOSE ${cursor}`)
      .catch((error: unknown) => log.warn({ err: error }, "export cursor not closed"));
  }
}

/** A row as JSON: times as ISO text with their offset; a float JSON cannot write (NaN, Infinity) as a string. */
type JsonRow = Omit<ExportableFact, "validFrom" | "validTo" | "createdAt" | "confidence" | "importance"> & {
  validFrom: string | null;
  validTo: string | null;
  createdAt: string;
  confidence: number | string;
  importance: number | string;
};

function fromJsonRow(r: JsonRow): ExportableFact {
  return {
    ...r,
    confidence: Number(r.confidence),
    importance: Number(r.importance),
    validFrom: r.validFrom === null ? null : new Date(r.validFrom),
    validTo: r.validTo === null ? null : new Date(r.validTo),
    createdAt: new Date(r.createdAt),
  };
}

/** A client of neither kind opened here (no driver to reach): keyset pages through Prisma. */
async function* byKeyset(
  db: Db,
  condition: Prisma.Sql,
  order: Prisma.Sql,
  byKind: boolean,
  batch: number,
): AsyncGenerator<ExportableFact[]> {
  let after: ExportableFact | null = null;
  for (;;) {
    const page: Prisma.Sql = after
      ? byKind
        ? Prisma.sql`AND (f."kind", f."createdAt", f."id") > (${after.kind}, ${after.createdAt}, ${after.id})`
        : Prisma.sql`AND (f."createdAt", f."id") > (${after.createdAt}, ${after.id})`
      : Prisma.empty;
    // Keyset on the stored column: the selected createdAt is the same instant, read as UTC.
    const rows = await db.$queryRaw<ExportableFact[]>`
      SELECT ${COLUMNS} FROM "Fact" f WHERE ${condition} ${page} ${order} LIMIT ${batch}`;
    if (rows.length === 0) return;
    yield rows;
    after = rows[rows.length - 1] ?? null;
    if (rows.length < batch) return;
  }
}
