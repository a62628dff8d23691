import "server-only";
import { factListInclude, withOwnSources, type FactListItem } from "@/lib/db/facts";
import type { Db } from "@/lib/db/types";
import type { FactQuery } from "@/lib/facts/query";
import { Prisma } from "@/lib/generated/prisma/client";

export interface FactSearchPage {
  facts: FactListItem[];
  /** Facts matching the query, over all pages. */
  total: number;
  /** No fact has the words: these are close spellings of them. */
  closeSpellings: boolean;
  /** The words as searched when some were spelt as the facts spell them ("launch" for "lanch"); else null. */
  spelledAs: string | null;
}

/** The end of a day (UTC), for inclusive date bounds. */
const endOf = (day: string) => new Date(`${day}T23:59:59.999Z`);

/**
 * The facts a search asks for, best first, one page, with the honest total. Words are matched as full
 * text (the `search` tsvector, ranked by ts_rank and closeness). When no fact has them, a word no fact has
 * is spelt as the closest word the facts do have ("lanch" → "launch", `respell`) and the search says so
 * (`spelledAs`); failing that, the words are matched loosely by pg_trgm's word similarity. Words are only
 * ever bound parameters: `%`, `_` or quotes are searched for as themselves. "As of" a day keeps the facts
 * that were valid then: approved by then, not yet superseded.
 */
export async function searchFacts({
  db,
  spaceId,
  query,
}: {
  db: Db;
  /** Only this space's facts (issue 27). */
  spaceId: string;
  query: FactQuery;
}): Promise<FactSearchPage> {
  const filters = filtersOf(query, spaceId);
  const words = query.q;
  if (!words) return pageOf(db, query, filters, ORDER[query.sort]);
  const found = await resolveWords(db, filters, words);
  const order = query.sort === "relevance" || found.mode === "close" ? RELEVANCE(found.scored) : ORDER[query.sort];
  return { ...(await pageOf(db, query, found.condition, order)), ...spelling(found) };
}

/** The query's filters within one space: every search, page, count and export goes through here. */
export function filtersOf(query: FactQuery, spaceId: string): Prisma.Sql {
  const where: Prisma.Sql[] = [Prisma.sql`f."spaceId" = ${spaceId}`];
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
  if (query.subject) where.push(Prisma.sql`f."subject" = ${query.subject}`);
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
  return Prisma.join(where, " AND ");
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
  const byId = new Map(found.map((f) => [f.id, withOwnSources(f)]));
  return {
    facts: rows.flatMap((r) => byId.get(r.id) ?? []),
    total: Number(counted[0]?.total ?? 0),
    closeSpellings: false,
    spelledAs: null,
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
  mode: SearchMode;
  /** The words as respelt on the first page (mode "spelled"). */
  spelledAs?: string;
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
  spaceId,
  query,
  after,
  limit,
}: {
  db: Db;
  spaceId: string;
  query: FactQuery;
  after?: FactSearchKey | null;
  limit: number;
}): Promise<{
  facts: FactListItem[];
  next: FactSearchKey | null;
  closeSpellings: boolean;
  spelledAs: string | null;
}> {
  const filters = filtersOf(query, spaceId);
  const found = query.q
    ? await resolveWords(db, filters, query.q, after ? { mode: after.mode, spelledAs: after.spelledAs } : undefined)
    : { mode: "none" as const, condition: filters, scored: "" };
  // Without words every score is 0: the key is (approval time, id) alone, which the index serves in order.
  const score =
    found.mode === "none"
      ? null
      : Prisma.sql`round((ts_rank(f."search", websearch_to_tsquery('english', ${found.scored}))
        + word_similarity(${found.scored}, f."content"))::numeric, 6)::float8`;
  const page = !after
    ? Prisma.empty
    : score
      ? Prisma.sql`AND (${score}, f."createdAt", f."id") < (${after.score}::float8, ${after.createdAt}, ${after.id})`
      : Prisma.sql`AND (f."createdAt", f."id") < (${after.createdAt}, ${after.id})`;
  const rows = await db.$queryRaw<Array<{ id: string; createdAt: Date; score: number }>>`
    SELECT f."id", f."createdAt", ${score ?? Prisma.sql`0::float8`} AS "score" FROM "Fact" f
    WHERE ${found.condition} ${page}
    ORDER BY ${score ? Prisma.sql`3 DESC, ` : Prisma.empty}f."createdAt" DESC, f."id" DESC LIMIT ${limit + 1}`;
  const shown = rows.slice(0, limit);
  const facts = await db.fact.findMany({ where: { id: { in: shown.map((r) => r.id) } }, include: factListInclude });
  const byId = new Map(facts.map((f) => [f.id, withOwnSources(f)]));
  const last = shown[shown.length - 1];
  return {
    facts: shown.flatMap((r) => byId.get(r.id) ?? []),
    next:
      rows.length > limit && last
        ? {
            mode: found.mode,
            ...(found.spelledAs ? { spelledAs: found.spelledAs } : {}),
            score: Number(last.score),
            createdAt: last.createdAt,
            id: last.id,
          }
        : null,
    ...spelling(found),
  };
}

type SearchMode = "none" | "words" | "spelled" | "close";
interface ResolvedWords {
  mode: SearchMode;
  condition: Prisma.Sql;
  /** The words the rank is computed for. */
  scored: string;
  spelledAs?: string;
}

const spelling = (found: ResolvedWords) => ({
  closeSpellings: found.mode === "spelled" || found.mode === "close",
  spelledAs: found.spelledAs ?? null,
});

const anyFact = async (db: Db, condition: Prisma.Sql) => {
  const [{ any }] = await db.$queryRaw<
    [{ any: boolean }]
  >`SELECT EXISTS (SELECT 1 FROM "Fact" f WHERE ${condition}) AS "any"`;
  return any;
};

/**
 * How a search's words are matched: as words when some fact has them; else respelt as the facts spell
 * them, when that finds something; else loosely (close spellings of the whole). `fixed` replays the
 * choice a first page made, so later pages match the same way.
 */
export async function resolveWords(
  db: Db,
  filters: Prisma.Sql,
  words: string,
  fixed?: { mode: SearchMode; spelledAs?: string },
): Promise<ResolvedWords> {
  const asWords = { mode: "words" as const, condition: exactWords(filters, words), scored: words };
  if (fixed?.mode === "spelled" && fixed.spelledAs) {
    const spelledAs = fixed.spelledAs;
    return { mode: "spelled", condition: exactWords(filters, spelledAs), scored: spelledAs, spelledAs };
  }
  const close = closeSpellings(filters, words);
  if (fixed?.mode === "close" && close) return { mode: "close", condition: close.condition, scored: close.letters };
  if (fixed || (await anyFact(db, asWords.condition))) return asWords;
  const spelledAs = await respell(db, filters, words);
  if (spelledAs && (await anyFact(db, exactWords(filters, spelledAs)))) {
    return { mode: "spelled", condition: exactWords(filters, spelledAs), scored: spelledAs, spelledAs };
  }
  return close ? { mode: "close", condition: close.condition, scored: close.letters } : asWords;
}

/** A word of three letters or more (numbers and codes are never respelt: "Q3" must not become "Q4"). */
const WORD = /(?<![\p{L}\p{N}])\p{L}{3,}(?![\p{L}\p{N}])/gu;

/** Close words of the fact base a misspelt word is checked against, at most: the most alike first. */
const CLOSE_WORDS = 10;

/**
 * The words spelt as the fact base spells them: each word no fact has becomes the closest word the facts
 * have (pg_trgm similarity, at least 0.3, over FactWord, the facts' own vocabulary, through its trigram index:
 * a list the size of the vocabulary, not of the fact base), of the CLOSE_WORDS most alike the first some fact
 * under the filters holds; ties by how many facts hold it. Its capital is kept. Null when no word changed.
 */
async function respell(db: Db, filters: Prisma.Sql, words: string): Promise<string | null> {
  const matches = [...words.matchAll(WORD)];
  if (matches.length === 0) return null;
  // Which words some fact under the filters holds (or that are stop words): one statement for them all.
  const known = await db.$queryRaw<Array<{ known: boolean }>>`
    SELECT numnode(plainto_tsquery('english', u.w)) = 0
      OR EXISTS (SELECT 1 FROM "Fact" f WHERE ${filters} AND f."search" @@ plainto_tsquery('english', u.w))
      AS "known"
    FROM unnest(${matches.map((m) => m[0].toLowerCase())}::text[]) WITH ORDINALITY AS u(w, ord)
    ORDER BY u.ord`;
  let changed = false;
  let out = "";
  let last = 0;
  for (const [i, match] of matches.entries()) {
    const word = match[0];
    const lower = word.toLowerCase();
    if (known[i]?.known) continue;
    const close = await db.$queryRaw<Array<{ word: string }>>`
      SELECT c."word" FROM (
        SELECT w."word", w."facts", similarity(w."word", ${lower}) AS "score" FROM "FactWord" w
        WHERE w."word" % ${lower} AND similarity(w."word", ${lower}) >= 0.3 AND w."word" <> ${lower}
        ORDER BY 3 DESC, w."facts" DESC, w."word" LIMIT ${CLOSE_WORDS}::int
      ) c
      WHERE EXISTS (SELECT 1 FROM "Fact" f WHERE ${filters} AND f."search" @@ plainto_tsquery('english', c."word"))
      ORDER BY c."score" DESC, c."facts" DESC, c."word" LIMIT 1`;
    const found = close[0]?.word;
    if (!found) continue;
    const index = match.index;
    out +=
      words.slice(last, index) +
      (word[0] === word[0]?.toUpperCase() ? found[0]?.toUpperCase() + found.slice(1) : found);
    last = index + word.length;
    changed = true;
  }
  return changed ? out + words.slice(last) : null;
}
