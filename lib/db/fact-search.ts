import "server-only";
import { factListInclude, type FactListItem } from "@/lib/db/facts";
import type { Db } from "@/lib/db/types";
import type { ExportableFact } from "@/lib/facts/export";
import type { FactQuery } from "@/lib/facts/query";
import { Prisma } from "@/lib/generated/prisma/client";

export interface FactSearchPage {
  facts: FactListItem[];
  /** Facts matching the query, over all pages. */
  total: number;
  /** No fact has the words: these are close spellings of them. */
  closeSpellings: boolean;
}

/** The end of a day (UTC), for inclusive date bounds. */
const endOf = (day: string) => new Date(`${day}T23:59:59.999Z`);

/**
 * The facts a search asks for, best first, one page, with the honest total. Words are matched as full
 * text (the `search` tsvector, ranked by ts_rank and closeness); when no fact has them, by pg_trgm's word
 * similarity against the content, for typos (both indexed). Words are only ever bound parameters: `%`, `_`
 * or quotes are searched for as themselves. "As of" a day keeps the facts that were valid then: approved
 * by then, not yet superseded.
 */
export async function searchFacts({ db, query }: { db: Db; query: FactQuery }): Promise<FactSearchPage> {
  const filters = filtersOf(query);
  const words = query.q;
  if (!words) return pageOf(db, query, filters, ORDER[query.sort]);
  // Words first as words (full text); only when none matches, as close spellings (a typo, a word cut short).
  // Done the other way round, a search for "1796075337825" or "Q3" would also bring every number or code
  // that shares most of its characters.
  const order = query.sort === "relevance" ? RELEVANCE(words) : ORDER[query.sort];
  const found = await pageOf(db, query, exactWords(filters, words), order);
  if (found.total > 0) return found;
  const close = closeSpellings(filters, words);
  if (!close) return found;
  return { ...(await pageOf(db, query, close.condition, RELEVANCE(close.letters))), closeSpellings: true };
}

/**
 * Every fact a search matches, in batches, for an export: by approval time, or by kind then time (for
 * Markdown grouped by kind). Keyset pages, so 100k facts are never all in memory.
 */
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

export async function* iterateFacts({
  db,
  query,
  byKind = false,
  batch = 1_000,
}: {
  db: Db;
  query: FactQuery;
  byKind?: boolean;
  batch?: number;
}): AsyncGenerator<ExportableFact[]> {
  const filters = filtersOf(query);
  let condition = filters;
  if (query.q) {
    const exact = exactWords(filters, query.q);
    const [{ any }] = await db.$queryRaw<
      [{ any: boolean }]
    >`SELECT EXISTS (SELECT 1 FROM "Fact" f WHERE ${exact}) AS "any"`;
    condition = any ? exact : (closeSpellings(filters, query.q)?.condition ?? exact);
  }
  let after: { kind: string; createdAt: Date; id: string } | null = null;
  for (;;) {
    const page: Prisma.Sql = after
      ? byKind
        ? Prisma.sql`AND (f."kind", f."createdAt", f."id") > (${after.kind}, ${after.createdAt}, ${after.id})`
        : Prisma.sql`AND (f."createdAt", f."id") > (${after.createdAt}, ${after.id})`
      : Prisma.empty;
    // One query per batch: the facts and their provenance (as JSON, in order), not a query per relation.
    const rows = await db.$queryRaw<ExportRow[]>`
      SELECT f."id", f."content", f."kind", f."status"::text AS "status", f."temporal"::text AS "temporal",
        f."confidence", f."importance", f."validFrom", f."validTo", f."createdAt", f."version",
        COALESCE((
          SELECT json_agg(json_build_object('quote', p."quote", 'speaker', p."speaker", 'start', p."start",
            'end', p."end", 'sourceId', s."id", 'title', s."title") ORDER BY p."createdAt")
          FROM "FactProvenance" p LEFT JOIN "Source" s ON s."id" = p."sourceId" WHERE p."factId" = f."id"
        ), '[]'::json) AS "provenance"
      FROM "Fact" f WHERE ${condition} ${page}
      ORDER BY ${byKind ? Prisma.sql`f."kind", ` : Prisma.empty}f."createdAt", f."id" LIMIT ${batch}`;
    if (rows.length === 0) return;
    yield rows.map(({ provenance, ...fact }) => ({
      ...fact,
      provenance: provenance.map(({ sourceId, title, ...p }) => ({
        ...p,
        source: sourceId ? { id: sourceId, title: title ?? "" } : null,
      })),
    }));
    after = rows[rows.length - 1] ?? null;
    if (rows.length < batch) return;
  }
}

function filtersOf(query: FactQuery): Prisma.Sql {
  const where: Prisma.Sql[] = [];
  if (query.asOf) {
    const at = endOf(query.asOf);
    where.push(Prisma.sql`f."createdAt" <= ${at} AND f."status" <> 'archived'`);
    where.push(Prisma.sql`(f."validFrom" IS NULL OR f."validFrom" <= ${at})`);
    where.push(Prisma.sql`(f."validTo" IS NULL OR f."validTo" > ${at})`);
  } else if (query.status !== "all") {
    // Compared as the enum, not as text, so the (status, createdAt) index serves "newest first".
    where.push(Prisma.sql`f."status" = CAST(${query.status} AS "FactStatus")`);
  }
  if (query.kind) where.push(Prisma.sql`f."kind" = ${query.kind}`);
  if (query.min !== undefined) where.push(Prisma.sql`f."confidence" >= ${query.min}`);
  if (query.max !== undefined) where.push(Prisma.sql`f."confidence" <= ${query.max}`);
  if (query.from) where.push(Prisma.sql`f."createdAt" >= ${new Date(`${query.from}T00:00:00Z`)}`);
  if (query.to) where.push(Prisma.sql`f."createdAt" <= ${endOf(query.to)}`);
  if (query.source) {
    where.push(Prisma.sql`EXISTS (SELECT 1 FROM "FactProvenance" p
      WHERE p."factId" = f."id" AND p."sourceId" = ${query.source})`);
  }
  if (query.speaker) {
    where.push(Prisma.sql`EXISTS (SELECT 1 FROM "FactProvenance" p
      WHERE p."factId" = f."id" AND lower(p."speaker") = lower(${query.speaker}))`);
  }
  if (query.reviewer) {
    where.push(Prisma.sql`EXISTS (SELECT 1 FROM "FactRevision" r JOIN "Reviewer" v ON v."id" = r."reviewerId"
      WHERE r."factId" = f."id" AND (lower(v."name") = lower(${query.reviewer}) OR v."id" = ${query.reviewer}))`);
  }
  return where.length ? Prisma.join(where, " AND ") : Prisma.sql`true`;
}

const exactWords = (filters: Prisma.Sql, words: string) =>
  Prisma.sql`${filters} AND f."search" @@ websearch_to_tsquery('english', ${words})`;

/**
 * The words matched loosely, for typos. Numbers are not spelt close ("Q3 2027" must not find 2026): only
 * the words with letters are, and every number must be there as written; null when no word has letters.
 */
function closeSpellings(filters: Prisma.Sql, words: string): { condition: Prisma.Sql; letters: string } | null {
  const tokens = words.split(/\s+/).filter(Boolean);
  const numbers = tokens.filter((t) => /^[\d.,:/-]+$/.test(t));
  const letters = tokens.filter((t) => !numbers.includes(t)).join(" ");
  if (!/\p{L}{3}/u.test(letters)) return null;
  const exactNumbers = numbers.map((n) => Prisma.sql`strpos(f."content", ${n}) > 0`);
  return {
    condition: Prisma.join([filters, Prisma.sql`${letters} <% f."content"`, ...exactNumbers], " AND "),
    letters,
  };
}

async function pageOf(db: Db, query: FactQuery, condition: Prisma.Sql, order: Prisma.Sql): Promise<FactSearchPage> {
  const [rows, counted] = await Promise.all([
    db.$queryRaw<Array<{ id: string }>>`
      SELECT f."id" FROM "Fact" f WHERE ${condition}
      ORDER BY ${order}, f."id"
      LIMIT ${query.size} OFFSET ${(query.page - 1) * query.size}`,
    db.$queryRaw<Array<{ total: bigint }>>`SELECT count(*) AS "total" FROM "Fact" f WHERE ${condition}`,
  ]);
  const found = await db.fact.findMany({ where: { id: { in: rows.map((r) => r.id) } }, include: factListInclude });
  const byId = new Map(found.map((f) => [f.id, f]));
  return {
    facts: rows.flatMap((r) => byId.get(r.id) ?? []),
    total: Number(counted[0]?.total ?? 0),
    closeSpellings: false,
  };
}

const RELEVANCE = (words: string) =>
  Prisma.sql`(ts_rank(f."search", websearch_to_tsquery('english', ${words}))
    + word_similarity(${words}, f."content")) DESC, f."createdAt" DESC`;

const ORDER: Record<FactQuery["sort"], Prisma.Sql> = {
  relevance: Prisma.sql`f."createdAt" DESC`,
  newest: Prisma.sql`f."createdAt" DESC`,
  oldest: Prisma.sql`f."createdAt" ASC`,
  confidence: Prisma.sql`f."confidence" DESC, f."createdAt" DESC`,
  importance: Prisma.sql`f."importance" DESC, f."createdAt" DESC`,
};

/** Where a page of `searchFactsAfter` ended; the API hands it out as an opaque cursor. */
export interface FactSearchKey {
  /** How the words were matched on the first page, kept so every later page matches them the same way. */
  mode: "none" | "words" | "close";
  score: number;
  createdAt: Date;
  id: string;
}

/**
 * One page of a search for the API and agents: best first (rank, then newest), by keyset on (score,
 * approval time, id), so a cursor stays valid while facts are added and never repeats or skips a fact
 * that was there. Scores are rounded in SQL so the key compares exactly on the next page.
 */
export async function searchFactsAfter({
  db,
  query,
  after,
  limit,
}: {
  db: Db;
  query: FactQuery;
  after?: FactSearchKey | null;
  limit: number;
}): Promise<{ facts: FactListItem[]; next: FactSearchKey | null; closeSpellings: boolean }> {
  const filters = filtersOf(query);
  const mode = after?.mode ?? (await matchMode(db, filters, query.q));
  const words = query.q ?? "";
  const close = mode === "close" ? closeSpellings(filters, words) : null;
  const condition = mode === "words" ? exactWords(filters, words) : (close?.condition ?? filters);
  const scored = mode === "none" ? null : mode === "words" ? words : (close?.letters ?? words);
  // Without words every score is 0: the key is (approval time, id) alone, which the index serves in order.
  const score = scored
    ? Prisma.sql`round((ts_rank(f."search", websearch_to_tsquery('english', ${scored}))
        + word_similarity(${scored}, f."content"))::numeric, 6)::float8`
    : null;
  const page = !after
    ? Prisma.empty
    : score
      ? Prisma.sql`AND (${score}, f."createdAt", f."id") < (${after.score}::float8, ${after.createdAt}, ${after.id})`
      : Prisma.sql`AND (f."createdAt", f."id") < (${after.createdAt}, ${after.id})`;
  const rows = await db.$queryRaw<Array<{ id: string; createdAt: Date; score: number }>>`
    SELECT f."id", f."createdAt", ${score ?? Prisma.sql`0::float8`} AS "score" FROM "Fact" f WHERE ${condition} ${page}
    ORDER BY ${score ? Prisma.sql`3 DESC, ` : Prisma.empty}f."createdAt" DESC, f."id" DESC LIMIT ${limit + 1}`;
  const shown = rows.slice(0, limit);
  const found = await db.fact.findMany({ where: { id: { in: shown.map((r) => r.id) } }, include: factListInclude });
  const byId = new Map(found.map((f) => [f.id, f]));
  const last = shown[shown.length - 1];
  return {
    facts: shown.flatMap((r) => byId.get(r.id) ?? []),
    next:
      rows.length > limit && last ? { mode, score: Number(last.score), createdAt: last.createdAt, id: last.id } : null,
    closeSpellings: mode === "close",
  };
}

/** Words matched as words when any fact has them, else as close spellings (as `searchFacts` decides). */
async function matchMode(db: Db, filters: Prisma.Sql, words: string | undefined): Promise<FactSearchKey["mode"]> {
  if (!words) return "none";
  const [{ any }] = await db.$queryRaw<
    [{ any: boolean }]
  >`SELECT EXISTS (SELECT 1 FROM "Fact" f WHERE ${exactWords(filters, words)}) AS "any"`;
  return any || !closeSpellings(filters, words) ? "words" : "close";
}
