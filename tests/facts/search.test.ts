import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { searchFacts } from "@/lib/db/fact-search";
import { FactQuerySchema, type FactQuery } from "@/lib/facts/query";
import { createTestDb, type TestDb } from "@/tests/db";
import { addFact, createSourceWithRun } from "@/tests/review/fixtures";
import { DEFAULT_SPACE_ID } from "@/lib/spaces/schema";

// Searching the fact base: ranked words, typos, literal characters, filters, "as of" a day, pages.

let db: TestDb;
const ids: Record<string, string> = {};
let sourceId = "";

beforeAll(async () => {
  db = await createTestDb();
  const p = db.prisma;
  const add = async (key: string, content: string, data: Record<string, unknown> = {}) => {
    const fact = await addFact(p, content);
    await p.fact.update({ where: { id: fact.id }, data });
    ids[key] = fact.id;
  };
  await add("deadline", "The offline mode deadline is the end of Q3.", { createdAt: new Date("2026-09-01T10:00:00Z") });
  await add("offline", "Offline mode stores drafts in the browser.", { createdAt: new Date("2026-09-02T10:00:00Z") });
  await add("budget", "The launch budget is 40,000 dollars.", {
    kind: "constraint",
    confidence: 0.6,
    status: "superseded",
    createdAt: new Date("2026-08-01T10:00:00Z"),
    validTo: new Date("2026-10-15T00:00:00Z"),
  });
  await add("budget2", "The launch budget is 50,000 dollars.", {
    kind: "constraint",
    createdAt: new Date("2026-10-15T00:00:00Z"),
    validFrom: new Date("2026-10-15T00:00:00Z"),
  });
  await add("percent", "Uptime must stay above 99.9% for the 100%_done badge.");
  const { sourceId: s } = await createSourceWithRun(p);
  sourceId = s;
  await p.factProvenance.create({ data: { factId: ids.offline!, sourceId, speaker: "Lena", quote: "drafts" } });
});
afterAll(async () => db?.close());

const search = async (q: Partial<Record<keyof FactQuery, string>>) => {
  const page = await searchFacts({ spaceId: DEFAULT_SPACE_ID, db: db.prisma, query: FactQuerySchema.parse(q) });
  return { ...page, keys: page.facts.map((f) => Object.entries(ids).find(([, id]) => id === f.id)?.[0]) };
};

describe("searching facts", () => {
  it("ranks the fact with all the words first, and finds it through a typo", async () => {
    expect((await search({ q: "offline mode deadline" })).keys[0]).toBe("deadline");
    expect((await search({ q: "offline mode dedline" })).keys[0]).toBe("deadline");
    expect((await search({ q: "offline" })).keys.sort()).toEqual(["deadline", "offline"]);
    expect((await search({ q: "offline mode dedline" })).closeSpellings).toBe(true);
    expect((await search({ q: "offline mode deadline" })).closeSpellings).toBe(false);
  });

  it("spells a word no fact has as the facts spell it, and says so", async () => {
    const lanch = await search({ q: "lanch" });
    expect(lanch.keys.sort()).toEqual(["budget2"]);
    expect(lanch.spelledAs).toBe("launch");
    expect((await search({ q: "Ofline mode" })).spelledAs).toBe("Offline mode");
    expect((await search({ q: "bruwser drafts" })).keys).toEqual(["offline"]);
    expect((await search({ q: "launch" })).spelledAs).toBeNull();
    // Nothing close: nothing is found, and nothing is said to be respelt.
    const none = await search({ q: "zebra" });
    expect(none.total).toBe(0);
    expect(none.spelledAs).toBeNull();
  });

  it("never spells numbers loosely: a figure that is not there finds nothing", async () => {
    expect((await search({ q: "70,000" })).total).toBe(0);
    expect((await search({ q: "budget 60,000" })).total).toBe(0);
    expect((await search({ q: "budgt 50,000" })).keys).toEqual(["budget2"]);
  });

  it("searches %, _ and quotes as themselves, never as wildcards, and survives NUL", async () => {
    expect((await search({ q: "%" })).total).toBe(0);
    expect((await search({ q: "_" })).total).toBe(0);
    expect((await search({ q: "100%_done" })).keys).toEqual(["percent"]);
    expect((await search({ q: 'it\'s "launch"' })).keys.sort()).toEqual(["budget2"]);
    expect((await search({ q: "offline\u0000 mode" })).keys[0]).toBeDefined();
  });

  it("filters by kind, status, source, speaker, confidence and approval date", async () => {
    expect((await search({ kind: "constraint" })).keys).toEqual(["budget2"]);
    expect((await search({ kind: "constraint", status: "all" })).keys.sort()).toEqual(["budget", "budget2"]);
    expect((await search({ status: "superseded" })).keys).toEqual(["budget"]);
    expect((await search({ source: sourceId })).keys).toEqual(["offline"]);
    expect((await search({ speaker: "lena" })).keys).toEqual(["offline"]);
    expect((await search({ status: "all", max: "0.7" })).keys).toEqual(["budget"]);
    expect((await search({ from: "2026-09-01", to: "2026-09-01" })).keys).toEqual(["deadline"]);
  });

  it("answers what was true on a day: the superseded budget then, its successor after", async () => {
    expect((await search({ q: "launch budget", asOf: "2026-10-01" })).keys).toEqual(["budget"]);
    expect((await search({ q: "launch budget", asOf: "2026-10-20" })).keys).toEqual(["budget2"]);
    expect((await search({ asOf: "2026-07-01" })).total).toBe(0);
  });

  it("pages with an honest total", async () => {
    const first = await search({ size: "25" });
    expect(first.total).toBe(4);
    const all = await search({ status: "all", sort: "oldest" });
    expect(all.total).toBe(5);
    expect(all.keys.slice(0, 3)).toEqual(["budget", "deadline", "offline"]);
    expect((await search({ page: "2" })).facts).toEqual([]);
  });
});
