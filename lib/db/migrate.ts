import "server-only";
import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { PGlite } from "@electric-sql/pglite";
import type { ClientBase } from "pg";
import { AppError } from "@/lib/errors";

/**
 * Applies prisma/migrations at run time, without Prisma's native schema engine (which cannot be
 * downloaded here). Bookkeeping is Prisma's own: the same `_prisma_migrations` table, one row per
 * migration, checksum = sha256 of the file. A database migrated here is therefore one that
 * `prisma migrate status/deploy` regards as fully migrated, and vice versa.
 */

/** What the migrator needs from a connection. On PostgreSQL it must be ONE session (advisory lock). */
export interface MigrationExecutor {
  /** Runs a script of one or more statements in one round trip (one implicit transaction). */
  exec(sql: string): Promise<void>;
  query<T extends object>(sql: string, params?: unknown[]): Promise<T[]>;
  /** True on a PostgreSQL server, where other processes may migrate at the same time. */
  concurrent: boolean;
}

export function pgliteExecutor(db: PGlite): MigrationExecutor {
  return {
    concurrent: false, // one process owns a PGlite directory (lib/db/lock.ts)
    async exec(sql) {
      await db.exec(sql);
    },
    async query<T extends object>(sql: string, params: unknown[] = []) {
      return (await db.query<T>(sql, params)).rows;
    },
  };
}

/** `client` must be a dedicated connection (pg.Client or a checked-out PoolClient), not a Pool. */
export function pgExecutor(client: ClientBase): MigrationExecutor {
  return {
    concurrent: true,
    async exec(sql) {
      await client.query(sql);
    },
    async query<T extends object>(sql: string, params: unknown[] = []) {
      return (await client.query(sql, params)).rows as T[];
    },
  };
}

export interface MigrationFile {
  name: string;
  sql: string;
  checksum: string;
}

export interface MigrationReport {
  applied: string[];
  alreadyApplied: string[];
  /** Applied earlier, but the file has changed since; Prisma's `migrate deploy` ignores these too. */
  modified: string[];
}

/** Prisma's DDL for its history table (schema-engine, PostgreSQL flavour). */
const HISTORY_TABLE_DDL = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
);`;

/** The key Prisma's own migrate commands lock with, so this and `prisma migrate deploy` exclude each other. */
const PRISMA_ADVISORY_LOCK_KEY = 72707369;

function isMigrationsDir(dir: string): boolean {
  return fs.existsSync(path.join(dir, "migration_lock.toml"));
}

function ancestors(start: string): string[] {
  const dirs: string[] = [];
  for (let dir = path.resolve(start); ; dir = path.dirname(dir)) {
    dirs.push(dir);
    if (path.dirname(dir) === dir) return dirs;
  }
}

function moduleDirectory(): string | undefined {
  try {
    return import.meta.url.startsWith("file:") ? path.dirname(fileURLToPath(import.meta.url)) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Finds prisma/migrations: from the working directory upwards (Next.js, the CLI and tests run from the
 * repo root or below), then from this module's location upwards (scripts started from elsewhere).
 */
export function findMigrationsDir(): string {
  const starts = [process.cwd(), moduleDirectory()].filter((d): d is string => Boolean(d));
  for (const start of starts) {
    for (const dir of ancestors(start)) {
      const candidate = path.join(dir, "prisma", "migrations");
      if (isMigrationsDir(candidate)) return candidate;
    }
  }
  throw new AppError(
    "CONFIG",
    `Could not find prisma/migrations (with migration_lock.toml) above ${process.cwd()}. ` +
      "Run Sift from its project directory.",
  );
}

export function sha256Hex(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}

/** Migrations in the order Prisma applies them: by folder name (they start with a UTC timestamp). */
export function readMigrations(dir: string = findMigrationsDir()): MigrationFile[] {
  return fs
    .readdirSync(/*turbopackIgnore: true*/ dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && fs.existsSync(path.join(dir, e.name, "migration.sql")))
    .map((e) => e.name)
    .sort()
    .map((name) => {
      const sql = fs.readFileSync(path.join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: sha256Hex(sql) };
    });
}

interface HistoryRow {
  migration_name: string;
  checksum: string;
  finished_at: Date | string | null;
  rolled_back_at: Date | string | null;
  logs: string | null;
}

/**
 * Applies every migration not yet recorded as finished, in order, each in its own transaction. Safe to
 * call on every start: already-applied migrations are skipped, and on PostgreSQL a session advisory
 * lock makes concurrent callers wait for each other instead of racing.
 */
export async function applyMigrations(options: {
  executor: MigrationExecutor;
  migrationsDir?: string;
}): Promise<MigrationReport> {
  const { executor } = options;
  const migrations = readMigrations(options.migrationsDir ?? findMigrationsDir());
  if (executor.concurrent) await executor.query("SELECT pg_advisory_lock($1)", [PRISMA_ADVISORY_LOCK_KEY]);
  try {
    await executor.exec(HISTORY_TABLE_DDL);
    const rows = await executor.query<HistoryRow>(
      "SELECT migration_name, checksum, finished_at, rolled_back_at, logs " +
        `FROM "_prisma_migrations" ORDER BY started_at`,
    );
    const live = rows.filter((r) => r.rolled_back_at === null);
    const failed = live.find((r) => r.finished_at === null);
    if (failed) {
      throw new AppError(
        "CONFIG",
        `Migration ${failed.migration_name} failed earlier and was rolled back by PostgreSQL` +
          `${failed.logs ? ` (${failed.logs.split("\n")[0]})` : ""}. Fix it, then mark it for retry: ` +
          `UPDATE "_prisma_migrations" SET rolled_back_at = now() ` +
          `WHERE migration_name = '${failed.migration_name}' AND finished_at IS NULL;`,
      );
    }
    const done = new Map(live.map((r) => [r.migration_name, r.checksum]));
    const report: MigrationReport = { applied: [], alreadyApplied: [], modified: [] };
    for (const migration of migrations) {
      const checksum = done.get(migration.name);
      if (checksum !== undefined) {
        report.alreadyApplied.push(migration.name);
        if (checksum !== migration.checksum) report.modified.push(migration.name);
        continue;
      }
      await applyOne(executor, migration);
      report.applied.push(migration.name);
    }
    return report;
  } finally {
    if (executor.concurrent) {
      await executor.query("SELECT pg_advisory_unlock($1)", [PRISMA_ADVISORY_LOCK_KEY]).catch(() => {});
    }
  }
}

async function applyOne(executor: MigrationExecutor, migration: MigrationFile): Promise<void> {
  const id = randomUUID();
  // As Prisma does: record the start, run the script, then mark it finished with one applied step.
  await executor.query(
    `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, applied_steps_count) ` +
      "VALUES ($1, $2, $3, now(), 0)",
    [id, migration.checksum, migration.name],
  );
  try {
    // Sent as one simple-protocol script, so PostgreSQL runs it as one implicit transaction: a failing
    // statement leaves no half-applied migration behind.
    await executor.exec(migration.sql);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await executor.query(`UPDATE "_prisma_migrations" SET logs = $2 WHERE id = $1`, [id, message]).catch(() => {});
    throw new AppError("INTERNAL", `Migration ${migration.name} failed: ${message}`, { cause: error });
  }
  await executor.query(
    `UPDATE "_prisma_migrations" SET finished_at = now(), applied_steps_count = applied_steps_count + 1 WHERE id = $1`,
    [id],
  );
}
