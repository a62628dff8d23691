/**
 * Measures how long the database layer takes to get ready, for the numbers quoted in reviews:
 *   node node_modules/tsx/dist/cli.mjs --conditions=react-server scripts/db-timings.ts [--runs N]
 * With TEST_DATABASE_URL set it also times migrating a fresh PostgreSQL database.
 * (The condition goes after tsx's cli: tsx re-launches node without forwarding node's own flags.)
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createDb } from "@/lib/db/client";
import { createEmptyPostgresDatabase, createTestDb, pgliteTemplateDir } from "@/tests/db";

const runsArg = process.argv.indexOf("--runs");
const runs = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 3;

async function time(fn: () => Promise<void>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

function summary(label: string, ms: number[]): void {
  const sorted = [...ms].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
  console.log(
    `${label.padEnd(52)} median ${median.toFixed(0).padStart(6)} ms   ` +
      `(runs: ${ms.map((m) => m.toFixed(0)).join(", ")})`,
  );
}

const fresh: number[] = [];
const reopen: number[] = [];
const testDb: number[] = [];
const pgMigrate: number[] = [];

await pgliteTemplateDir(); // built once per machine and migration set; not part of per-test cost
for (let i = 0; i < runs; i++) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sift-timing-"));
  try {
    fresh.push(await time(async () => (await createDb({ dataDir: dir })).close()));
    reopen.push(await time(async () => (await createDb({ dataDir: dir })).close()));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  let opened: Awaited<ReturnType<typeof createTestDb>> | undefined;
  const saved = process.env.TEST_DATABASE_URL;
  delete process.env.TEST_DATABASE_URL; // time the PGlite path here
  testDb.push(await time(async () => void (opened = await createTestDb())));
  if (saved) process.env.TEST_DATABASE_URL = saved;
  await opened?.close();

  if (saved) {
    const db = await createEmptyPostgresDatabase(saved);
    try {
      pgMigrate.push(await time(async () => (await createDb({ databaseUrl: db.url })).close()));
    } finally {
      await db.drop();
    }
  }
}

console.log(`node ${process.version}, ${os.cpus().length} cpus`);
summary("PGlite: new data dir, create + migrate + seed", fresh);
summary("PGlite: reopen existing dir (migrations no-op)", reopen);
summary("createTestDb() on PGlite (copy of migrated template)", testDb);
if (pgMigrate.length > 0) summary("PostgreSQL: migrate empty database + seed", pgMigrate);
