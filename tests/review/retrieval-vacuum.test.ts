import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { vacuumRetrievalTablesIfStale } from "@/lib/db/retrieval";
import { createTestDb, type TestDb } from "@/tests/db";
import { generateVariedFacts } from "@/tests/review/generate-varied-facts";
import { insertFacts } from "@/tests/review/generate-facts";

// PGlite never autovacuums: after an import, band lookups read the heap until FactBand is vacuumed.
describe(`vacuumRetrievalTablesIfStale (${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite"})`, () => {
  let db: TestDb;
  const allVisible = async () => {
    const [row] = await db.prisma.$queryRaw<
      Array<{ visible: number }>
    >`SELECT relallvisible::float8 AS visible FROM pg_class WHERE oid = '"FactBand"'::regclass`;
    return row?.visible ?? 0;
  };

  beforeAll(async () => {
    db = await createTestDb();
  });
  afterAll(async () => {
    await db?.close();
  });

  it("leaves a fresh database alone, vacuums after an import, then not again", async () => {
    expect(await vacuumRetrievalTablesIfStale({ db: db.prisma })).toBe(false);
    await insertFacts(db.prisma, generateVariedFacts(300, 3));
    expect(await vacuumRetrievalTablesIfStale({ db: db.prisma })).toBe(true);
    expect(await allVisible()).toBeGreaterThan(0);
    expect(await vacuumRetrievalTablesIfStale({ db: db.prisma })).toBe(false);
  });
});
