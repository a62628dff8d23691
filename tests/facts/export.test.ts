import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { iterateFacts } from "@/lib/db/fact-export";
import { createExportWriter, type ExportFormat } from "@/lib/facts/export";
import { FactQuerySchema } from "@/lib/facts/query";
import { createTestDb, type TestDb } from "@/tests/db";
import { addFact, createSourceWithRun } from "@/tests/review/fixtures";
import { DEFAULT_SPACE_ID } from "@/lib/spaces/schema";

// Exports are read back by the tools they are for: every fact, its provenance, and nothing mangled.

let db: TestDb;
const tricky = 'Budget "final", per legal:\nno changes | *ever*';
beforeAll(async () => {
  db = await createTestDb();
  const p = db.prisma;
  const { sourceId } = await createSourceWithRun(p);
  for (const [i, content] of ["Kenji owns the audit log.", tricky, "The beta closes on Friday."].entries()) {
    const fact = await addFact(p, content);
    await p.fact.update({
      where: { id: fact.id },
      data: { kind: i === 1 ? "constraint" : "decision", createdAt: new Date(Date.UTC(2026, 9, 1 + i)) },
    });
    await p.factProvenance.create({ data: { factId: fact.id, sourceId, speaker: "Priya", quote: content } });
  }
});
afterAll(async () => db?.close());

/** What the export route sends, in batches of two so that batch boundaries are crossed. */
async function exported(format: ExportFormat, q: Record<string, string> = {}): Promise<string> {
  const writer = createExportWriter(format);
  let out = writer.start();
  const query = FactQuerySchema.parse(q);
  for await (const batch of iterateFacts({
    spaceId: DEFAULT_SPACE_ID,
    db: db.prisma,
    query,
    byKind: format === "md",
    batch: 2,
  })) {
    out += writer.batch(batch);
  }
  return out + writer.end();
}

describe("exporting the fact base", () => {
  it("JSON and JSON Lines parse back to every fact with its sources, oldest first", async () => {
    const json = JSON.parse(await exported("json")) as Array<{ content: string; sources: Array<{ quote: string }> }>;
    expect(json.map((f) => f.content)).toEqual(["Kenji owns the audit log.", tricky, "The beta closes on Friday."]);
    expect(json[1]?.sources[0]?.quote).toBe(tricky);
    const lines = (await exported("jsonl")).trimEnd().split("\n");
    expect(lines.map((l) => (JSON.parse(l) as { content: string }).content)).toEqual(json.map((f) => f.content));
  });

  it("CSV is RFC 4180: a header, and quotes, commas and newlines survive a parser", async () => {
    const rows = parse(await exported("csv"), { columns: true }) as Array<Record<string, string>>;
    expect(rows).toHaveLength(3);
    expect(rows[1]).toMatchObject({ content: tricky, kind: "constraint", speakers: "Priya", quotes: tricky });
  });

  it("Markdown groups by kind and escapes what Markdown would read as formatting", async () => {
    const md = await exported("md");
    expect(md.indexOf("## constraint")).toBeLessThan(md.indexOf("## decision"));
    expect(md).toContain('- Budget "final", per legal: no changes \\| \\*ever\\*');
    expect(md).toContain("  - *Sync* (Priya): “Kenji owns the audit log.”");
  });

  it("exports only what the search matches, and says so when nothing does", async () => {
    const json = JSON.parse(await exported("json", { q: "audit log" })) as unknown[];
    expect(json).toHaveLength(1);
    expect(JSON.parse(await exported("json", { q: "nothing like this" }))).toEqual([]);
    expect(await exported("md", { kind: "preference" })).toContain("No facts match this search.");
  });

  it("keeps the approval times to the millisecond, and a day's bounds by UTC", async () => {
    const json = JSON.parse(await exported("json", { from: "2026-10-02", to: "2026-10-02" })) as Array<{
      content: string;
      approvedAt: string;
    }>;
    expect(json.map((f) => [f.content, f.approvedAt])).toEqual([[tricky, "2026-10-02T00:00:00.000Z"]]);
  });

  it("a download stopped halfway gives its connection back and leaves no transaction open", async () => {
    const batches = iterateFacts({
      spaceId: DEFAULT_SPACE_ID,
      db: db.prisma,
      query: FactQuerySchema.parse({}),
      batch: 1,
    });
    expect((await batches.next()).value).toHaveLength(1);
    await batches.return(undefined);
    // Every statement after it still runs, and nothing is left inside an export's transaction.
    const [open] = await db.prisma.$queryRaw<[{ n: bigint }]>`
      SELECT count(*) AS "n" FROM pg_stat_activity
      WHERE datname = current_database() AND state LIKE 'idle in transaction%'`;
    expect(Number(open.n)).toBe(0);
    expect(JSON.parse(await exported("json"))).toHaveLength(3);
  });
});
