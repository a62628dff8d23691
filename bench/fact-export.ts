/**
 * Exporting N facts (each with one provenance entry) in every format, as app/facts/export streams it:
 * batches of 1,000 (lib/db/fact-export.ts iterateFacts: a cursor on PostgreSQL, the ids in a held cursor on
 * PGlite) through the format writer, the output counted and dropped (a download). Prints the time and the peak
 * resident memory above the process's level before the export, sampled every 20 ms, and the CPU time this process
 * spent (on a loaded machine the steadier figure; a PostgreSQL server's own work is not in it). In-process, not
 * through the HTTP server.
 *   npx tsx bench/fact-export.ts [--facts 100000] [--db pglite|postgres|both]
 * Seeding 100k facts takes minutes (the FactWord trigger): `--url postgres://…/db` or `--dir <PGlite directory>`
 * exports from that database instead of a throw-away one, seeding it first only if it holds no facts, and keeps
 * it, so a before and an after can read the same data one right after the other.
 */
import { arg, forEachBenchDatabase, relaunchUnderServerCondition } from "./lib/harness";
import { DEFAULT_SPACE_ID } from "@/lib/spaces/schema";

relaunchUnderServerCondition(import.meta.filename);

const { iterateFacts } = await import("@/lib/db/fact-export");
const { createExportWriter, EXPORT_FORMATS } = await import("@/lib/facts/export");
const { FactQuerySchema } = await import("@/lib/facts/query");
const { insertFacts } = await import("@/tests/review/generate-facts");
const { generateVariedFacts } = await import("@/tests/review/generate-varied-facts");
const { createSourceWithRun } = await import("@/tests/review/fixtures");

const count = Number(arg("facts", "100000"));
const url = arg("url", "");
const dir = arg("dir", "");

type OpenedDatabase = import("@/lib/db/client").OpenedDatabase;

async function exportAll(opened: OpenedDatabase, label: string) {
  const db = opened.prisma;
  if ((await db.fact.count()) === 0) {
    await insertFacts(db, generateVariedFacts(count, 5));
    const { sourceId } = await createSourceWithRun(db);
    await db.$executeRaw`
      INSERT INTO "FactProvenance" ("id", "factId", "sourceId", "speaker", "quote")
      SELECT gen_random_uuid()::text, f."id", ${sourceId}, 'Priya', f."content" FROM "Fact" f`;
    await db.$executeRawUnsafe('VACUUM ANALYZE "Fact", "FactProvenance"');
  }
  console.log(`\n${label}: ${await db.fact.count()} facts with provenance`);
  for (const format of EXPORT_FORMATS) {
    globalThis.gc?.();
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    const started = performance.now();
    const cpu = process.cpuUsage();
    const writer = createExportWriter(format);
    let bytes = writer.start().length;
    let facts = 0;
    const query = FactQuerySchema.parse({ status: "all" });
    for await (const batch of iterateFacts({ spaceId: DEFAULT_SPACE_ID, db, query, byKind: format === "md" })) {
      bytes += Buffer.byteLength(writer.batch(batch));
      facts += batch.length;
    }
    bytes += writer.end().length;
    const ms = performance.now() - started;
    const { user, system } = process.cpuUsage(cpu);
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    console.log(
      `${format.padEnd(6)} ${facts} facts, ${(bytes / 1e6).toFixed(1)} MB in ${(ms / 1000).toFixed(1)} s ` +
        `(this process's CPU ${((user + system) / 1e6).toFixed(1)} s); ` +
        `peak memory +${((peak - baseline) / 2 ** 20).toFixed(0)} MB ` +
        `over the ${(baseline / 2 ** 20).toFixed(0)} MB before`,
    );
  }
}

if (url || dir) {
  const { createDb } = await import("@/lib/db/client");
  const opened = await createDb(url ? { databaseUrl: url } : { dataDir: dir });
  try {
    await exportAll(opened, url ? "PostgreSQL" : "PGlite");
  } finally {
    await opened.close();
  }
} else {
  await forEachBenchDatabase(arg("db", "both"), exportAll);
}
