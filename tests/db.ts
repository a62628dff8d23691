/**
 * Test databases. `createTestDb()` gives a fresh, migrated database with the default reviewer:
 * - by default an embedded PGlite in its own temp directory, copied from a migrated template that is
 *   built once per machine and migration set (a new PGlite directory costs ~5 s, a copy well under 1 s);
 * - with TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test), a new database
 *   `sift_test_<random>` on that server, dropped on close. The URL's database is only used to connect.
 * Use one per test file (beforeAll/afterAll) and `truncateAll` between tests when they must not share rows.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { createDb, ensureDefaultReviewer, type OpenedDatabase, type PrismaClient } from "@/lib/db/client";
import { buildPgliteTemplate } from "@/lib/db/build-template";

export interface TestDb {
  prisma: PrismaClient;
  kind: OpenedDatabase["kind"];
  /** Where the PGlite data lives, or the PostgreSQL database name. */
  location: string;
  close(): Promise<void>;
}

export async function createTestDb(): Promise<TestDb> {
  const url = process.env.TEST_DATABASE_URL;
  return url ? createPostgresTestDb(url) : createPGliteTestDb();
}

/** Migrated, closed PGlite data directory shared by all test runs with the same migrations. */
export const pgliteTemplateDir = buildPgliteTemplate;

async function createPGliteTestDb(): Promise<TestDb> {
  const template = await pgliteTemplateDir();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "sift-test-"));
  fs.cpSync(template, dataDir, { recursive: true });
  const db = await createDb({ dataDir });
  return {
    prisma: db.prisma,
    kind: db.kind,
    location: dataDir,
    async close() {
      try {
        await db.close();
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function onServer<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function createPostgresTestDb(serverUrl: string): Promise<TestDb> {
  const name = `sift_test_${randomBytes(6).toString("hex")}`;
  await onServer(serverUrl, (c) => c.query(`CREATE DATABASE "${name}"`));
  let db: OpenedDatabase;
  try {
    db = await createDb({ databaseUrl: withDatabase(serverUrl, name) });
  } catch (error) {
    await dropPostgresDatabase(serverUrl, name);
    throw error;
  }
  return {
    prisma: db.prisma,
    kind: db.kind,
    location: name,
    async close() {
      try {
        await db.close();
      } finally {
        await dropPostgresDatabase(serverUrl, name);
      }
    },
  };
}

/** Creates an empty database on the TEST_DATABASE_URL server, for tests that drive migrations themselves. */
export async function createEmptyPostgresDatabase(
  serverUrl: string,
): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const name = `sift_test_${randomBytes(6).toString("hex")}`;
  await onServer(serverUrl, (c) => c.query(`CREATE DATABASE "${name}"`));
  return { url: withDatabase(serverUrl, name), name, drop: () => dropPostgresDatabase(serverUrl, name) };
}

async function dropPostgresDatabase(serverUrl: string, name: string): Promise<void> {
  // FORCE ends sessions a failed test may have leaked, so the database never outlives the run.
  await onServer(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}

/** Empties every table (keeping the migration history) and re-creates the default reviewer. */
export async function truncateAll(prisma: PrismaClient): Promise<void> {
  const tables = await prisma.$queryRaw<{ tablename: string }[]>`
    SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> '_prisma_migrations'`;
  if (tables.length > 0) {
    const list = tables.map((t) => `"${t.tablename.replaceAll('"', '""')}"`).join(", ");
    await prisma.$executeRawUnsafe(`TRUNCATE ${list} CASCADE`);
  }
  await ensureDefaultReviewer(prisma);
}
