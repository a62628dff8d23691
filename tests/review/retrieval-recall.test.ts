import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findSimilarFacts } from "@/lib/db/retrieval";
import { createTestDb, type TestDb } from "@/tests/db";
import { generateFacts, insertFacts } from "@/tests/review/generate-facts";
import { DEFAULT_SPACE_ID } from "@/lib/spaces/schema";

const onWhat = process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite";

// Retrieval keeps only a short list per candidate; these are the look-alikes it must never drop.
describe(`findSimilarFacts recall among 10,000 facts (${onWhat})`, () => {
  let db: TestDb;
  let ids: string[];
  let contents: string[];

  beforeAll(async () => {
    db = await createTestDb();
    contents = generateFacts(10_000, 3);
    contents[4_321] = "Priya will present the billing migration to the board next Monday.";
    contents[8_765] = "Legal asked the vendor to renegotiate the CDN contract before Christmas.";
    ids = await insertFacts(db.prisma, contents);
  }, 120_000);
  afterAll(async () => {
    await db?.close();
  });

  it("finds a statement with the same words in another order", async () => {
    const [hits] = await findSimilarFacts({
      spaceId: DEFAULT_SPACE_ID,
      db: db.prisma,
      texts: ["Next Monday, the board will see Priya present the billing migration."],
      limit: 8,
    });
    expect(hits?.map((h) => h.id)).toContain(ids[4_321]);
  });

  it("finds a paraphrase sharing half of its content words", async () => {
    // Shares legal, vendor, renegotiate, CDN, contract of the fact's 7 content words; adds "wants", "terms", "year".
    const [hits] = await findSimilarFacts({
      spaceId: DEFAULT_SPACE_ID,
      db: db.prisma,
      texts: ["Legal wants the vendor to renegotiate CDN contract terms this year."],
      limit: 8,
    });
    expect(hits?.map((h) => h.id)).toContain(ids[8_765]);
  });

  it("finds a generated fact with one value changed, ahead of same-template look-alikes", async () => {
    const target = contents[1_234] as string;
    const changed = /\d/.test(target)
      ? target.replace(/\d+/, (d) => String(Number(d) + 1))
      : target.replace(/\.$/, " next quarter.");
    const [hits] = await findSimilarFacts({ spaceId: DEFAULT_SPACE_ID, db: db.prisma, texts: [changed], limit: 8 });
    expect(hits?.[0]?.id).toBe(ids[1_234]);
  });
});
