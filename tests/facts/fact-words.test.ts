import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { searchFacts } from "@/lib/db/fact-search";
import { FactQuerySchema } from "@/lib/facts/query";
import { createTestDb, truncateAll, type TestDb } from "@/tests/db";
import { addFact } from "@/tests/review/fixtures";
import { DEFAULT_SPACE_ID } from "@/lib/spaces/schema";

// The facts' vocabulary a misspelt word is respelt from (FactWord, kept by a trigger on Fact): each word with
// how many facts hold it, gone with its last fact, and only ever respelt into a word a fact the search may
// show holds.

let db: TestDb;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(async () => db?.close());
beforeEach(async () => truncateAll(db.prisma));

const words = async () =>
  Object.fromEntries((await db.prisma.factWord.findMany({ orderBy: { word: "asc" } })).map((w) => [w.word, w.facts]));

describe("the facts' vocabulary", () => {
  it("counts each fact once per word, follows an edit, and forgets a word with its last fact", async () => {
    const a = await addFact(db.prisma, "Kenji owns the audit log, the audit log.");
    await addFact(db.prisma, "Lena owns the lease.");
    expect(await words()).toEqual({ audit: 1, kenji: 1, lease: 1, lena: 1, log: 1, owns: 2, the: 2 });

    await db.prisma.fact.update({ where: { id: a.id }, data: { content: "Kenji owns the billing export." } });
    expect(await words()).toEqual({ billing: 1, export: 1, kenji: 1, lease: 1, lena: 1, owns: 2, the: 2 });

    await db.prisma.fact.delete({ where: { id: a.id } });
    expect(await words()).toEqual({ lease: 1, lena: 1, owns: 1, the: 1 });
  });

  it("respells into a word an active fact holds, never one only an archived fact holds", async () => {
    // "lancha" is closer to "lanch" than "launch" is, but no fact the search may show holds it.
    await addFact(db.prisma, "The lancha tour is on Sunday.", "archived");
    await addFact(db.prisma, "We will launch the kiosk app in May.");
    const page = await searchFacts({
      spaceId: DEFAULT_SPACE_ID,
      db: db.prisma,
      query: FactQuerySchema.parse({ q: "lanch" }),
    });
    expect(page.spelledAs).toBe("launch");
    expect(page.facts.map((f) => f.content)).toEqual(["We will launch the kiosk app in May."]);
  });
});
