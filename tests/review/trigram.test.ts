import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { trigrams, trigramSimilarity } from "@/lib/db/trigram";
import { createTestDb, type TestDb } from "@/tests/db";
import { generateFacts } from "@/tests/review/generate-facts";

// Retrieval ranks each text's pool of look-alikes by pg_trgm similarity computed in JS. If it drifted
// from the database's similarity(), the matcher would see a different 8 facts than the pool's best.
describe(`trigram similarity in JS equals pg_trgm's similarity() (${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite"})`, () => {
  let db: TestDb;
  beforeAll(async () => {
    db = await createTestDb();
  }, 60_000);
  afterAll(async () => {
    await db?.close();
  });

  async function compare(pairs: Array<[string, string]>) {
    const rows = await db.prisma.$queryRaw<Array<{ s: number }>>`
      SELECT similarity(a, b)::float8 AS s FROM unnest(${pairs.map((p) => p[0])}::text[], ${pairs.map((p) => p[1])}::text[]) WITH ORDINALITY AS u(a, b, o) ORDER BY o`;
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
