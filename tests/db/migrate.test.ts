import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  applyMigrations,
  findMigrationsDir,
  pgExecutor,
  pgliteExecutor,
  readMigrations,
  sha256Hex,
  type MigrationExecutor,
} from "@/lib/db/migrate";
import { PGLITE_EXTENSIONS } from "@/lib/db/pglite";
import { createEmptyPostgresDatabase } from "@/tests/db";

const migrations = readMigrations();

interface HistoryRow {
  migration_name: string;
  checksum: string;
  finished_at: Date | null;
  applied_steps_count: number;
  logs: string | null;
}
const historySql =
  "SELECT migration_name, checksum, finished_at, applied_steps_count, logs " +
  `FROM "_prisma_migrations" ORDER BY migration_name`;

const appTables = [
  "Account",
  "AgentToken",
  "RateLimit",
  "Session",
  "Verification",
  "Candidate",
  "CandidateBand",
  "CandidateEvent",
  "CandidateEmbedding",
  "ExtractionRun",
  "Fact",
  "FactBand",
  "FactEmbedding",
  "FactProvenance",
  "FactRelation",
  "FactRevision",
  "FactVectorBand",
  "FactWord",
  "LearnedModel",
  "Reviewer",
  "Setting",
  "Source",
  "Space",
  "SpaceMember",
];

async function publicTables(executor: MigrationExecutor): Promise<string[]> {
  const rows = await executor.query<{ tablename: string }>(
    `SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
  );
  return rows.map((r) => r.tablename);
}

/** The checks shared by PGlite and PostgreSQL: from empty to migrated, then a no-op second time. */
function migrationContract(getExecutor: () => MigrationExecutor) {
  it("applies every migration to an empty database and records it as Prisma does", async () => {
    const executor = getExecutor();
    const report = await applyMigrations({ executor });
    expect(report.applied).toEqual(migrations.map((m) => m.name));
    expect(await publicTables(executor)).toEqual([...appTables, "_prisma_migrations"].sort());

    const history = await executor.query<HistoryRow>(historySql);
    expect(history.map((h) => h.migration_name)).toEqual(migrations.map((m) => m.name));
    for (const [i, row] of history.entries()) {
      const file = fs.readFileSync(path.join(findMigrationsDir(), row.migration_name, "migration.sql"));
      expect(row.checksum).toBe(sha256Hex(file.toString("utf8")));
      expect(row.checksum).toBe(migrations[i]?.checksum);
      expect(row.finished_at).not.toBeNull();
      expect(row.applied_steps_count).toBe(1);
      expect(row.logs).toBeNull();
    }
  });

  it("does nothing the second time", async () => {
    const executor = getExecutor();
    const report = await applyMigrations({ executor });
    expect(report.applied).toEqual([]);
    expect(report.alreadyApplied).toEqual(migrations.map((m) => m.name));
    expect(await executor.query(historySql)).toHaveLength(migrations.length);
  });

  it("creates the trigram and full-text indexes on Fact.content", async () => {
    const executor = getExecutor();
    const indexes = await executor.query<{ indexdef: string }>(
      `SELECT indexdef FROM pg_indexes WHERE tablename = 'Fact'`,
    );
    const defs = indexes.map((i) => i.indexdef).join("\n");
    expect(defs).toMatch(/USING gin \(content gin_trgm_ops\)/);
    expect(defs).toMatch(/USING gin \(to_tsvector\('english'::regconfig, content\)\)/);
  });
}

describe("applyMigrations on PGlite", () => {
  let db: PGlite;
  beforeAll(async () => {
    db = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  });
  afterAll(async () => {
    await db.close();
  });
  migrationContract(() => pgliteExecutor(db));

  it("stops at a failing migration, keeps Prisma's failure record, and refuses to continue past it", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sift-migrations-"));
    try {
      fs.cpSync(findMigrationsDir(), dir, { recursive: true });
      const broken = path.join(dir, "99990101000000_broken");
      fs.mkdirSync(broken);
      fs.writeFileSync(
        path.join(broken, "migration.sql"),
        `CREATE TABLE "Half" (id INT);\nALTER TABLE "NoSuchTable" ADD COLUMN x INT;\n`,
      );
      const executor = pgliteExecutor(db);
      await expect(applyMigrations({ executor, migrationsDir: dir })).rejects.toThrow(
        /Migration 99990101000000_broken failed: .*NoSuchTable/,
      );
      // The script ran as one transaction: its first statement did not survive the second's failure.
      expect(await publicTables(executor)).not.toContain("Half");
      const failed = (await executor.query<HistoryRow>(historySql)).find(
        (r) => r.migration_name === "99990101000000_broken",
      );
      expect(failed?.finished_at).toBeNull();
      expect(failed?.logs).toMatch(/NoSuchTable/);
      await expect(applyMigrations({ executor, migrationsDir: dir })).rejects.toThrow(
        /99990101000000_broken failed earlier.*rolled_back_at/s,
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;

// Needs a PostgreSQL server: run with TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test.
describe.skipIf(!serverUrl)("applyMigrations on PostgreSQL", () => {
  let database: Awaited<ReturnType<typeof createEmptyPostgresDatabase>>;
  let client: pg.Client;
  beforeAll(async () => {
    database = await createEmptyPostgresDatabase(serverUrl ?? "");
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
  });
  afterAll(async () => {
    await client?.end();
    await database?.drop();
  });
  migrationContract(() => pgExecutor(client));

  it("lets two concurrent migrators apply each migration exactly once", async () => {
    const fresh = await createEmptyPostgresDatabase(serverUrl ?? "");
    const clients = [new pg.Client({ connectionString: fresh.url }), new pg.Client({ connectionString: fresh.url })];
    try {
      await Promise.all(clients.map((c) => c.connect()));
      const reports = await Promise.all(clients.map((c) => applyMigrations({ executor: pgExecutor(c) })));
      const appliedBy = reports.map((r) => r.applied);
      // One of them did all the work; the other waited on the advisory lock and found nothing to do.
      expect(appliedBy.flat().sort()).toEqual(migrations.map((m) => m.name).sort());
      expect(appliedBy.filter((a) => a.length === 0)).toHaveLength(1);
      const history = (await clients[0]!.query(historySql)).rows as HistoryRow[];
      expect(history.map((h) => h.migration_name)).toEqual(migrations.map((m) => m.name));
      expect(history.every((h) => h.finished_at !== null)).toBe(true);
    } finally {
      await Promise.all(clients.map((c) => c.end().catch(() => {})));
      await fresh.drop();
    }
  });
});
