/**
 * Searching the fact base (lib/db/fact-search.ts) over N facts: words found as words, misspelt words (the
 * close-spelling fallback), a filter without words, and "as of" a day; 100 searches each, p50 and p95.
 *   npx tsx bench/fact-search.ts [--facts 100000] [--db pglite|postgres|both] [--spaces 1]
 * --spaces K: K spaces of N facts each (the default space and K - 1 more, each from its own seed of the same
 * generator, so they share a vocabulary); the searches go round the spaces, each in its own space's words.
 */
import { arg, forEachBenchDatabase, pct, relaunchUnderServerCondition, timed } from "./lib/harness";
import { DEFAULT_SPACE_ID } from "@/lib/spaces/schema";

relaunchUnderServerCondition(import.meta.filename);

const { searchFacts } = await import("@/lib/db/fact-search");
const { FactQuerySchema } = await import("@/lib/facts/query");
const { insertFacts } = await import("@/tests/review/generate-facts");
const { generateVariedFacts } = await import("@/tests/review/generate-varied-facts");

const count = Number(arg("facts", "100000"));
const spaceCount = Math.max(1, Number(arg("spaces", "1")));
const spaces = Array.from({ length: spaceCount }, (_, k) => ({
  id: k === 0 ? DEFAULT_SPACE_ID : `bench-space-${k}`,
  facts: generateVariedFacts(count, 3 + k),
}));

/** A word cut or doubled: what a hurried person types. */
function misspell(word: string, k: number): string {
  if (word.length < 5) return word;
  const at = 1 + (k % (word.length - 2));
  return k % 2 ? word.slice(0, at) + word.slice(at + 1) : word.slice(0, at) + word[at] + word.slice(at);
}

await forEachBenchDatabase(arg("db", "both"), async (opened, label) => {
  const db = opened.prisma;
  const seeded = performance.now();
  for (const space of spaces) {
    if (space.id !== DEFAULT_SPACE_ID) {
      await db.space.create({ data: { id: space.id, slug: space.id, name: space.id } });
    }
    await insertFacts(db, space.facts, 5_000, space.id);
  }
  await db.$executeRawUnsafe('VACUUM ANALYZE "Fact"');
  const seconds = ((performance.now() - seeded) / 1000).toFixed(0);
  console.log(`\n${label}: ${spaceCount} space(s) of ${count} facts seeded in ${seconds} s`);
  // Search i runs in space i mod K, with that space's words.
  const spaceOf = (i: number) => spaces[i % spaceCount] as (typeof spaces)[number];
  const kinds: Record<string, (i: number) => Record<string, string>> = {
    "three words, found as words": (i) => ({
      q: (spaceOf(i).facts[(i * 7919) % count] as string)
        .split(" ")
        .filter((w) => w.length > 4)
        .slice(0, 3)
        .join(" "),
    }),
    "two words, one misspelt": (i) => {
      const words = (spaceOf(i).facts[(i * 104_729) % count] as string).split(" ").filter((w) => /^[a-z]{5,}$/.test(w));
      return { q: [misspell(words[0] ?? "deadline", i), words[1] ?? ""].join(" ").trim() };
    },
    "a filter, no words (newest first)": (i) => ({ min: String(0.5 + (i % 5) / 10), sort: "newest" }),
    "words and as of a day": (i) => ({
      q: (spaceOf(i).facts[(i * 31) % count] as string).split(" ").filter((w) => w.length > 5)[0] ?? "report",
      asOf: "2026-12-31",
    }),
  };
  for (const [name, make] of Object.entries(kinds)) {
    const times: number[] = [];
    let found = 0;
    for (let i = 0; i < 110; i++) {
      const t: number[] = [];
      const page = await timed(t, () =>
        searchFacts({ spaceId: spaceOf(i).id, db, query: FactQuerySchema.parse(make(i)) }),
      );
      if (i >= 10) {
        times.push(t[0] as number);
        if (page.total > 0) found++;
      }
    }
    console.log(
      `${name.padEnd(36)} p50 ${pct(times, 50).toFixed(1)} ms, p95 ${pct(times, 95).toFixed(1)} ms ` +
        `(${found} of ${times.length} found something)`,
    );
  }
});
