/**
 * The API's fact pages (GET /api/facts, MCP search_facts) over N facts: the first page, and a page deep in
 * the results reached by cursor (keyset) against the same page by offset (what /facts does), newest first
 * and for words; 50 requests each, p50 and p95. Calls the function the route calls, without HTTP.
 *   npx tsx bench/api-facts.ts [--facts 100000] [--depth 200] [--db pglite|postgres|both]
 */
import { arg, forEachBenchDatabase, pct, relaunchUnderServerCondition, timed } from "./lib/harness";
import { DEFAULT_SPACE_ID } from "@/lib/spaces/schema";

relaunchUnderServerCondition(import.meta.filename);

const { searchFacts, searchFactsAfter } = await import("@/lib/db/fact-search");
const { FactQuerySchema } = await import("@/lib/facts/query");
const { insertFacts } = await import("@/tests/review/generate-facts");
const { generateVariedFacts } = await import("@/tests/review/generate-varied-facts");

const count = Number(arg("facts", "100000"));
const depth = Number(arg("depth", "200"));
const size = 25;
const facts = generateVariedFacts(count, 3);

await forEachBenchDatabase(arg("db", "both"), async (opened, label) => {
  const db = opened.prisma;
  await insertFacts(db, facts);
  await db.$executeRawUnsafe('VACUUM ANALYZE "Fact"');
  console.log(`\n${label}: ${count} facts, pages of ${size}, deep = page ${depth}`);
  const searches: Record<string, Record<string, string>> = { "newest first, no words": {}, "one common word": {} };
  const common = (facts[0] as string).split(" ").find((w) => w.length > 4) ?? "report";
  (searches["one common word"] as Record<string, string>).q = common;
  for (const [name, params] of Object.entries(searches)) {
    const query = FactQuerySchema.parse({ ...params, size: String(size) });
    // The cursor of page `depth`, walked once (what a client paging through would hold).
    let after = null;
    for (let p = 1; p < depth; p++) {
      const page = await searchFactsAfter({ spaceId: DEFAULT_SPACE_ID, db, query, after, limit: size });
      if (!page.next) break;
      after = page.next;
    }
    const first: number[] = [];
    const keyset: number[] = [];
    const offset: number[] = [];
    for (let i = 0; i < 55; i++) {
      const t: number[] = [];
      await timed(t, () => searchFactsAfter({ spaceId: DEFAULT_SPACE_ID, db, query, limit: size }));
      await timed(t, () => searchFactsAfter({ spaceId: DEFAULT_SPACE_ID, db, query, after, limit: size }));
      await timed(t, () => searchFacts({ spaceId: DEFAULT_SPACE_ID, db, query: { ...query, page: depth } }));
      if (i < 5) continue;
      first.push(t[0] as number);
      keyset.push(t[1] as number);
      offset.push(t[2] as number);
    }
    const f = (xs: number[]) => `p50 ${pct(xs, 50).toFixed(1)} ms, p95 ${pct(xs, 95).toFixed(1)} ms`;
    console.log(`${name} (q=${params.q ?? ""})`);
    console.log(`  first page by cursor       ${f(first)}`);
    console.log(`  page ${depth} by cursor        ${f(keyset)}`);
    console.log(`  page ${depth} by offset (/facts) ${f(offset)}`);
  }
});
