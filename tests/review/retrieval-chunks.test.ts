import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findSimilarFacts, findSimilarFactsInChunks } from "@/lib/db/retrieval";
import { createTestDb, type TestDb } from "@/tests/db";
import { generateVariedFacts } from "@/tests/review/generate-varied-facts";
import { insertFacts } from "@/tests/review/generate-facts";
import { DEFAULT_SPACE_ID } from "@/lib/spaces/schema";

// reviewCandidates matches one chunk while the next is retrieved: chunking must not change what is found.
describe(`findSimilarFactsInChunks (${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite"})`, () => {
  let db: TestDb;
  let ids: string[];
  let texts: string[];

  beforeAll(async () => {
    db = await createTestDb();
    const contents = generateVariedFacts(1_030, 5);
    ids = await insertFacts(db.prisma, contents.slice(0, 1_000));
    // Exact copies, one-word changes and statements never seen, interleaved so every chunk has each kind.
    texts = Array.from({ length: 23 }, (_, k) => {
      const fact = contents[k * 40] as string;
      return k % 3 === 0 ? fact : k % 3 === 1 ? fact.replace(/\.$/, " again.") : (contents[1_000 + k] as string);
    });
  }, 120_000);
  afterAll(async () => {
    await db?.close();
  });

  it("finds the same facts, in the same order, whatever the chunk size", async () => {
    const whole = await findSimilarFacts({ spaceId: DEFAULT_SPACE_ID, db: db.prisma, texts, limit: 8 });
    expect(whole[0]?.[0]).toMatchObject({ id: ids[0], exact: true });
    expect(whole[1]?.[0]).toMatchObject({ id: ids[40], exact: false });
    for (const chunkSize of [1, 5, 23, 100]) {
      const chunks: Array<Awaited<ReturnType<typeof findSimilarFacts>>> = [];
      for await (const chunk of findSimilarFactsInChunks({
        spaceId: DEFAULT_SPACE_ID,
        db: db.prisma,
        texts,
        limit: 8,
        chunkSize,
      }))
        chunks.push(chunk);
      expect(chunks.map((c) => c.length)).toEqual(
        Array.from({ length: Math.ceil(23 / chunkSize) }, (_, k) => Math.min(chunkSize, 23 - k * chunkSize)),
      );
      expect(chunks.flat()).toEqual(whole);
    }
  });

  it("yields nothing for no texts and empty lists for a zero limit", async () => {
    const none: unknown[] = [];
    for await (const chunk of findSimilarFactsInChunks({
      spaceId: DEFAULT_SPACE_ID,
      db: db.prisma,
      texts: [],
      limit: 8,
      chunkSize: 5,
    }))
      none.push(chunk);
    expect(none).toEqual([]);
    expect(
      await findSimilarFacts({ spaceId: DEFAULT_SPACE_ID, db: db.prisma, texts: texts.slice(0, 3), limit: 0 }),
    ).toEqual([[], [], []]);
  });
});
