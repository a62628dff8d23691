import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { iterateFacts } from "@/lib/db/fact-export";
import { searchFacts, searchFactsAfter } from "@/lib/db/fact-search";
import { FactQuerySchema } from "@/lib/facts/query";
import { createTestDb, type TestDb } from "@/tests/db";
import { addFact } from "@/tests/review/fixtures";
import { DEFAULT_SPACE_ID } from "@/lib/spaces/schema";

// The typos, on the fact base page, the API's pages and the export: each finds its fact, and the
// search says which spelling it used.

let db: TestDb;
beforeAll(async () => {
  db = await createTestDb();
  await addFact(db.prisma, "We will launch the kiosk app in Lisbon in May.");
  await addFact(db.prisma, "The launch party is on a Friday.");
  await addFact(db.prisma, "The billing migration finishes before the audit.");
  await addFact(db.prisma, "Support moves from email to Zendesk next quarter.");
  await addFact(db.prisma, "Lena owns the Lisbon office lease.");
});
afterAll(async () => db?.close());

const query = (q: string) => FactQuerySchema.parse({ q });

describe("a search for a word no fact has", () => {
  it.each([
    ["lanch", "launch", 2],
    ["migratoin", "migration", 1],
    ["Zendsk", "Zendesk", 1],
    ["lanch Lisbon", "launch Lisbon", 1],
    // Each word's own answer, in order: a stop word and a known word before the misspelt one.
    ["Lisbon lanch", "Lisbon launch", 1],
    ["the billing migratoin", "the billing migration", 1],
  ])("%s finds its facts, spelt as %s", async (typed, spelt, count) => {
    const page = await searchFacts({ spaceId: DEFAULT_SPACE_ID, db: db.prisma, query: query(typed) });
    expect(page.spelledAs).toBe(spelt);
    expect(page.total).toBe(count);
    expect(page.facts.every((f) => f.content.toLowerCase().includes(spelt.split(" ")[0]!.toLowerCase()))).toBe(true);
  });

  it("keeps the spelling on the API's later pages and in the export", async () => {
    const first = await searchFactsAfter({ spaceId: DEFAULT_SPACE_ID, db: db.prisma, query: query("lanch"), limit: 1 });
    expect(first.spelledAs).toBe("launch");
    expect(first.next).toMatchObject({ mode: "spelled", spelledAs: "launch" });
    const second = await searchFactsAfter({
      spaceId: DEFAULT_SPACE_ID,
      db: db.prisma,
      query: query("lanch"),
      after: first.next,
      limit: 1,
    });
    expect([...first.facts, ...second.facts].map((f) => f.content).sort()).toEqual([
      "The launch party is on a Friday.",
      "We will launch the kiosk app in Lisbon in May.",
    ]);
    const exported = [];
    for await (const batch of iterateFacts({ spaceId: DEFAULT_SPACE_ID, db: db.prisma, query: query("lanch") }))
      exported.push(...batch);
    expect(exported).toHaveLength(2);
  });

  it("is not respelt when the word is there, or when nothing is close to it", async () => {
    expect(
      (await searchFacts({ spaceId: DEFAULT_SPACE_ID, db: db.prisma, query: query("launch") })).spelledAs,
    ).toBeNull();
    const none = await searchFacts({ spaceId: DEFAULT_SPACE_ID, db: db.prisma, query: query("xylophone") });
    expect(none).toMatchObject({ total: 0, spelledAs: null });
  });
});
