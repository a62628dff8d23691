import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashTextExtended, lshKeysFromLexemes } from "@/lib/db/lsh-keys";
import { trigrams, trigramSimilarity } from "@/lib/db/trigram";
import { createTestDb, type TestDb } from "@/tests/db";
import { generateFacts } from "@/tests/review/generate-facts";

const onWhat = process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite";
let db: TestDb;
beforeAll(async () => {
  db = await createTestDb();
}, 60_000);
afterAll(async () => {
  await db?.close();
});

// Two retrieval steps are computed in JS and must equal what the database computes.

// Retrieval computes candidates' band keys in JS; the triggers compute the facts' keys in SQL. If the two
// ever differ, no candidate would share a band with any fact and review would miss every look-alike.
describe(`LSH band keys in JS equal sift_lsh_keys (${onWhat})`, () => {
  async function sqlSide(texts: string[]) {
    return db.prisma.$queryRaw<Array<{ lexemes: string[]; keys: string[] }>>`
      SELECT tsvector_to_array(to_tsvector('english', t)) AS lexemes, sift_lsh_keys(t)::text[] AS keys
      FROM unnest(${texts}::text[]) WITH ORDINALITY AS u(t, ord) ORDER BY ord`;
  }

  it("hashes strings of every tail length and non-ASCII text as hashtextextended does", async () => {
    const strings = [
      "",
      "a",
      "ab",
      "abc",
      "abcd",
      "abcde",
      "abcdef",
      "abcdefg",
      "abcdefgh",
      "abcdefghi",
      "abcdefghij",
      "abcdefghijk",
      "abcdefghijkl",
      "abcdefghijklm",
      "-1234567890123456789,987654321,-5",
      "café",
      "Zürich straße",
      "東京 🚀",
    ];
    const seeds = [0, 1, 2, 31, 95];
    const rows = await db.prisma.$queryRaw<Array<{ s: string; k: number; h: string }>>`
      SELECT s, k, hashtextextended(s, k)::text AS h
      FROM unnest(${strings}::text[]) AS s, unnest(${seeds}::int[]) AS k`;
    expect(rows).toHaveLength(strings.length * seeds.length);
    for (const { s, k, h } of rows) expect(hashTextExtended(s, k).toString(), `${s} / ${k}`).toBe(h);
  });

  it("gives the same band keys as the SQL function for fact texts, punctuation and empty input", async () => {
    const texts = [
      ...generateFacts(200, 11),
      "",
      "the and of",
      "Priya's budget: €40,000 (approx.) — due 2026-03-31!",
      "co-operate e-mail x@y.com",
    ];
    const rows = await sqlSide(texts);
    for (const [i, row] of rows.entries()) {
      const js = lshKeysFromLexemes(row.lexemes).map(String).sort();
      expect(js, texts[i]).toEqual([...row.keys].sort());
    }
  });

  it("agrees on arbitrary strings", async () => {
    const samples = fc.sample(fc.string({ unit: "grapheme", maxLength: 60 }), { numRuns: 150, seed: 42 });
    const rows = await sqlSide(samples);
    for (const [i, row] of rows.entries()) {
      expect(lshKeysFromLexemes(row.lexemes).map(String).sort(), samples[i]).toEqual([...row.keys].sort());
    }
  });
});

// Retrieval ranks each text's pool of look-alikes by pg_trgm similarity computed in JS. If it drifted
// from the database's similarity(), the matcher would see a different 8 facts than the pool's best.
describe(`trigram similarity in JS equals pg_trgm's similarity() (${onWhat})`, () => {
  async function compare(pairs: Array<[string, string]>) {
    const rows = await db.prisma.$queryRaw<Array<{ s: number }>>`
      SELECT similarity(a, b)::float8 AS s
      FROM unnest(${pairs.map((p) => p[0])}::text[], ${pairs.map((p) => p[1])}::text[]) WITH ORDINALITY AS u(a, b, o)
      ORDER BY o`;
    expect(rows).toHaveLength(pairs.length);
    rows.forEach((row, i) => {
      const [a, b] = pairs[i] as [string, string];
      // similarity() returns a float4: equal to ~7 digits.
      expect(trigramSimilarity(trigrams(a), trigrams(b)), `${a} / ${b}`).toBeCloseTo(row.s, 6);
    });
  }

  it("scores fact pairs, punctuation, digits and empty text as the database does", async () => {
    const facts = generateFacts(120, 5);
    const pairs: Array<[string, string]> = facts.slice(0, 60).map((f, i) => [f, facts[i + 60] as string]);
    pairs.push(
      ["The billing API", "the Billing api v2"],
      ["", ""],
      ["", "a"],
      ["x", "x"],
      ["Priya's budget: 40,000 (approx.) - due 2026-03-31!", "priya budget 40000 due 2026"],
      ["co-operate e-mail x@y.com", "cooperate email x y com"],
      ["aaa aaa aaa", "aaa"],
    );
    await compare(pairs);
  });

  it("agrees on arbitrary ASCII strings", async () => {
    const ascii = fc.string({ unit: fc.constantFrom(..."abcXYZ019 .,-_'!?\t"), maxLength: 40 });
    const samples = fc.sample(fc.tuple(ascii, ascii), { numRuns: 200, seed: 7 });
    await compare(samples);
  });

  it("ranks a reworded statement above an unrelated one", () => {
    const text = trigrams("Priya will ship the billing dashboard by end of Q3.");
    const reworded = trigramSimilarity(text, trigrams("By the end of Q3 Priya ships the billing dashboard."));
    const unrelated = trigramSimilarity(text, trigrams("Marcus owns the audit log."));
    expect(reworded).toBeGreaterThan(0.6);
    expect(unrelated).toBeLessThan(0.2);
  });
});
