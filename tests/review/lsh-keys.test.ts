import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashTextExtended, lshKeysFromLexemes } from "@/lib/db/lsh-keys";
import { createTestDb, type TestDb } from "@/tests/db";
import { generateFacts } from "@/tests/review/generate-facts";

// Retrieval computes candidates' band keys in JS; the triggers compute the facts' keys in SQL. If the two
// ever differ, no candidate would share a band with any fact and review would miss every look-alike.
describe(`LSH band keys in JS equal sift_lsh_keys (${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite"})`, () => {
  let db: TestDb;
  beforeAll(async () => {
    db = await createTestDb();
  }, 60_000);
  afterAll(async () => {
    await db?.close();
  });

  async function sqlSide(texts: string[]) {
    return db.prisma.$queryRaw<Array<{ lexemes: string[]; keys: string[] }>>`
      SELECT tsvector_to_array(to_tsvector('english', t)) AS lexemes, sift_lsh_keys(t)::text[] AS keys
      FROM unnest(${texts}::text[]) WITH ORDINALITY AS u(t, ord) ORDER BY ord`;
  }

  it("hashes strings of every tail length and non-ASCII text as hashtextextended does", async () => {
    const strings = ["", "a", "ab", "abc", "abcd", "abcde", "abcdef", "abcdefg", "abcdefgh", "abcdefghi", "abcdefghij",
      "abcdefghijk", "abcdefghijkl", "abcdefghijklm", "-1234567890123456789,987654321,-5", "café", "Zürich straße", "東京 🚀"];
    const seeds = [0, 1, 2, 31, 95];
    const rows = await db.prisma.$queryRaw<Array<{ s: string; k: number; h: string }>>`
      SELECT s, k, hashtextextended(s, k)::text AS h FROM unnest(${strings}::text[]) AS s, unnest(${seeds}::int[]) AS k`;
    expect(rows).toHaveLength(strings.length * seeds.length);
    for (const { s, k, h } of rows) expect(hashTextExtended(s, k).toString(), `${s} / ${k}`).toBe(h);
  });

  it("gives the same band keys as the SQL function for fact texts, punctuation and empty input", async () => {
    const texts = [...generateFacts(200, 11), "", "the and of", "Priya's budget: €40,000 (approx.) — due 2026-03-31!", "co-operate e-mail x@y.com"];
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
