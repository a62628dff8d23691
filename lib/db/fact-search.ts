import "server-only";
import { factListInclude, type FactListItem } from "@/lib/db/facts";
import type { Db } from "@/lib/db/types";
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
  const where: Prisma.Sql[] = [];
  if (query.asOf) {
    const at = endOf(query.asOf);
    where.push(Prisma.sql`f."createdAt" <= ${at} AND f."status" <> 'archived'`);
    where.push(Prisma.sql`(f."validFrom" IS NULL OR f."validFrom" <= ${at})`);
    where.push(Prisma.sql`(f."validTo" IS NULL OR f."validTo" > ${at})`);
  } else if (query.status !== "all") {
    where.push(Prisma.sql`f."status"::text = ${query.status}`);
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
  const words = query.q;
  const filters = where.length ? Prisma.join(where, " AND ") : Prisma.sql`true`;
  if (!words) return pageOf(db, query, filters, ORDER[query.sort]);
  // Words first as words (full text); only when none matches, as close spellings (a typo, a word cut short).
  // Done the other way round, a search for "1796075337825" or "Q3" would also bring every number or code
  // that shares most of its characters.
  const exact = Prisma.sql`${filters} AND f."search" @@ websearch_to_tsquery('english', ${words})`;
  const order = query.sort === "relevance" ? RELEVANCE(words) : ORDER[query.sort];
  const found = await pageOf(db, query, exact, order);
  if (found.total > 0) return found;
  // Numbers are not spelt close: "Q3 2027" must not find 2026. Only the words with letters are matched
  // loosely; every number must be there as written.
  const tokens = words.split(/\s+/).filter(Boolean);
  const numbers = tokens.filter((t) => /^[\d.,:/-]+$/.test(t));
  const letters = tokens.filter((t) => !numbers.includes(t)).join(" ");
  if (!/\p{L}{3}/u.test(letters)) return found;
  const exactNumbers = numbers.map((n) => Prisma.sql`strpos(f."content", ${n}) > 0`);
  const close = Prisma.join([filters, Prisma.sql`${letters} <% f."content"`, ...exactNumbers], " AND ");
  return { ...(await pageOf(db, query, close, RELEVANCE(letters))), closeSpellings: true };
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
