import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findSimilarFacts } from "@/lib/db/retrieval";
import { createTestDb, type TestDb } from "@/tests/db";
import { insertFacts } from "@/tests/review/generate-facts";
import { DEFAULT_SPACE_ID } from "@/lib/spaces/schema";

// Retrieval skips LSH bands shared by hundreds of facts when a text has rarer ones. A text made only of
// such crowded bands must still get its look-alikes, not just exact hits.
describe(`findSimilarFacts with crowded bands (${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite"})`, () => {
  let db: TestDb;
  let ids: string[];
  let contents: string[];
  const fillers = ["so", "then", "just", "all", "very", "too", "again", "only"];

  beforeAll(async () => {
    db = await createTestDb();
    // 256 statements with the same four lexemes (financ, own, audit, log), differing only in stop words:
    // every one of their bands is shared by all 256.
    contents = Array.from({ length: 256 }, (_, mask) => {
      const extra = fillers.filter((_, b) => mask & (1 << b)).join(" ");
      return `Finance ${extra ? `${extra} ` : ""}owns the audit log.`;
    });
    contents.push("Finance owns the billing dashboard in March.", "Legal owns the audit trail for 2024.");
    ids = await insertFacts(db.prisma, contents);
  }, 120_000);
  afterAll(async () => {
    await db?.close();
  });

  it("returns same-lexeme facts for a text whose bands are all crowded", async () => {
    const [hits] = await findSimilarFacts({
      spaceId: DEFAULT_SPACE_ID,
      db: db.prisma,
      texts: ["The audit log is owned by finance."],
      limit: 8,
    });
    expect(hits).toHaveLength(8);
    for (const h of hits ?? []) expect(h.content).toMatch(/^Finance .*owns the audit log\.$/);
  });

  it("still ranks an exact duplicate first among the crowd", async () => {
    const [hits] = await findSimilarFacts({
      spaceId: DEFAULT_SPACE_ID,
      db: db.prisma,
      texts: ["Finance so then owns the audit log."],
      limit: 8,
    });
    expect(hits?.[0]).toMatchObject({ id: ids[3], exact: true });
  });

  it("finds a fact whose rare bands the text shares, next to a crowded one", async () => {
    const [hits] = await findSimilarFacts({
      spaceId: DEFAULT_SPACE_ID,
      db: db.prisma,
      texts: ["Legal owns the audit trail for 2025."],
      limit: 8,
    });
    expect(hits?.[0]?.id).toBe(ids[257]);
  });
});
