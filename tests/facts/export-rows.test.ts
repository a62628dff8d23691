import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { iterateFacts } from "@/lib/db/fact-export";
import { factListInclude } from "@/lib/db/facts";
import { createExportWriter, EXPORT_FORMATS, type ExportableFact } from "@/lib/facts/export";
import { FactQuerySchema } from "@/lib/facts/query";
import { contentHash } from "@/lib/matcher";
import { DEFAULT_SPACE_ID } from "@/lib/spaces/schema";
import { createTestDb, type TestDb } from "@/tests/db";
import { createSourceWithRun } from "@/tests/review/fixtures";

// The export reads its rows straight from the driver, the provenance built as JSON by the database. Whatever the
// format, it writes what the same writer writes from the facts as Prisma reads them (the domain objects): several
// sources in order, a deleted source, nulls, quotes with quotes, commas and newlines, unicode, odd numbers.

let db: TestDb;
const awkward = [
  'He said "ship it", then: no.\nNext line, with a comma | and a pipe',
  "Ünïcödé — 東京 🚀 עברית\u2028line separator\ttab *stars* _under_ [link] <b> # \\ `tick`",
  "plain",
];

beforeAll(async () => {
  db = await createTestDb();
  const p = db.prisma;
  const { sourceId } = await createSourceWithRun(p);
  const other = await p.space.create({ data: { slug: "elsewhere", name: "Elsewhere" } });
  const facts = [
    { content: awkward[0]!, kind: "decision", confidence: 0.1 + 0.2, importance: 1e-7, status: "active" as const },
    { content: awkward[1]!, kind: "constraint", confidence: 1, importance: 0, status: "archived" as const },
    {
      content: "A fact with no sources.",
      kind: "decision",
      confidence: 0.5,
      importance: 0.25,
      status: "active" as const,
    },
    {
      content: "Same time as the first",
      kind: "decision",
      confidence: 0.75,
      importance: 0.5,
      status: "active" as const,
    },
  ];
  for (const [i, f] of facts.entries()) {
    const created = new Date(Date.UTC(2026, 9, 1, 12, 0, 0, i === 3 ? 0 : 123 * i));
    const fact = await p.fact.create({
      data: {
        ...f,
        contentHash: contentHash(f.content),
        temporal: i === 1 ? "past" : "present",
        createdAt: created,
        validFrom: i === 0 ? new Date(Date.UTC(2026, 0, 1)) : null,
        validTo: i === 0 ? new Date(Date.UTC(2027, 5, 30, 23, 59, 59, 999)) : null,
        version: i + 1,
      },
    });
    if (i >= 2) continue;
    for (const [j, quote] of [awkward[i]!, awkward[1 - i]!, null].entries()) {
      await p.factProvenance.create({
        data: {
          factId: fact.id,
          sourceId: j === 1 ? null : sourceId,
          speaker: j === 2 ? null : j === 0 ? 'Priya, "the PM"' : "Zoë",
          quote,
          start: j === 2 ? null : 3 * j,
          end: j === 2 ? null : 3 * j + 10,
          createdAt: new Date(Date.UTC(2026, 9, 1, 12, 0, 0, 10 - j)),
        },
      });
    }
  }
  // Microseconds, which a JS Date does not hold: every reader drops them alike.
  await p.$executeRaw`UPDATE "Fact" SET "createdAt" = '2026-10-01 12:00:00.000999',
    "validFrom" = '2025-12-31 23:59:59.999999' WHERE "content" = 'Same time as the first'`;
  // Another space's fact, with provenance from the same source: never exported from this one.
  const foreign = await p.fact.create({
    data: {
      content: "Elsewhere only.",
      contentHash: contentHash("Elsewhere only."),
      kind: "decision",
      confidence: 0.9,
      importance: 0.5,
      temporal: "present",
      spaceId: other.id,
    },
  });
  await p.factProvenance.create({ data: { factId: foreign.id, sourceId, speaker: "Priya", quote: "Elsewhere only." } });
});
afterAll(async () => db?.close());

async function written(format: (typeof EXPORT_FORMATS)[number], batches: AsyncIterable<ExportableFact[]>) {
  const writer = createExportWriter(format);
  let out = writer.start();
  for await (const batch of batches) out += writer.batch(batch);
  return out + writer.end();
}

describe("an export's rows", () => {
  it.each(EXPORT_FORMATS)(
    "%s: the same bytes as the writer gives for the facts as Prisma reads them",
    async (format) => {
      const byKind = format === "md";
      const facts = await db.prisma.fact.findMany({
        where: { spaceId: DEFAULT_SPACE_ID },
        include: factListInclude,
        orderBy: [...(byKind ? [{ kind: "asc" as const }] : []), { createdAt: "asc" }, { id: "asc" }],
      });
      expect(facts).toHaveLength(4);
      expect(facts.flatMap((f) => f.provenance).filter((p) => p.source === null)).toHaveLength(2);
      const expected = await written(
        format,
        (async function* () {
          yield facts;
        })(),
      );
      const query = FactQuerySchema.parse({ status: "all" });
      for (const batch of [1, 3, 1_000]) {
        const actual = await written(
          format,
          iterateFacts({ db: db.prisma, spaceId: DEFAULT_SPACE_ID, query, byKind, batch }),
        );
        expect(actual).toBe(expected);
      }
      expect(expected).not.toContain("Elsewhere only.");
    },
  );

  it("an export stopped halfway leaves no cursor behind (PGlite holds its ids in one between pages)", async () => {
    const query = FactQuerySchema.parse({ status: "all" });
    const batches = iterateFacts({ db: db.prisma, spaceId: DEFAULT_SPACE_ID, query, batch: 1 });
    expect((await batches.next()).value).toHaveLength(1);
    // Other statements run between the pages.
    expect(await db.prisma.fact.count({ where: { spaceId: DEFAULT_SPACE_ID } })).toBe(4);
    await batches.return(undefined);
    // The statement asking is a portal of its own, unnamed.
    const [open] = await db.prisma.$queryRaw<[{ n: bigint }]>`SELECT count(*) AS "n" FROM pg_cursors WHERE name <> ''`;
    expect(Number(open.n)).toBe(0);
  });
});
