import "server-only";
import { log } from "@/lib/log";
import { requeueOrphanedRuns } from "@/lib/db/run-claims";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { getEnv } from "@/lib/env";
import { applyMigrations, pgExecutor, pgliteExecutor, type MigrationReport } from "@/lib/db/migrate";
import { openMemoryPGlite, openPGlite, type SiftPGlite } from "@/lib/db/pglite";
import { vacuumRetrievalTablesIfStale } from "@/lib/db/retrieval";
import { DEFAULT_SPACE_ID } from "@/lib/spaces/schema";

export { PrismaClient };

/** The reviewer every local action is attributed to until real accounts exist. Stable across restarts. */
export const DEFAULT_REVIEWER_ID = "local";
export const DEFAULT_REVIEWER_NAME = "Local reviewer";

export function getDefaultReviewerId(): string {
  return DEFAULT_REVIEWER_ID;
}

/** A database opened by createDb: its client and what opening it did. */
export interface OpenedDatabase {
  prisma: PrismaClient;
  kind: "pglite" | "postgres";
  /** What opening did to the schema (useful for logs and tests). */
  migrations: MigrationReport;
  /** Disconnects Prisma and, for PGlite, closes the database and releases the directory lock. */
  close(): Promise<void>;
}

export interface CreateDbOptions {
  /** postgres:// URL of a PostgreSQL server; without it the embedded PGlite database is used. */
  databaseUrl?: string;
  /** Sift data directory for PGlite (default SIFT_DATA_DIR). Ignored with `databaseUrl`. */
  dataDir?: string;
  /** PGlite in this process's memory instead of a directory (the CLI's and the evaluations' store). */
  memory?: boolean;
  /** Set false to leave the database without the default reviewer (default true). */
  seed?: boolean;
}

/**
 * Opens a database, brings its schema up to date and (by default) makes sure the local reviewer exists.
 * Each call opens a new connection; the app should use getDb(), which keeps one per process.
 */
export async function createDb(options: CreateDbOptions = {}): Promise<OpenedDatabase> {
  const db = options.databaseUrl
    ? await openPostgres(options.databaseUrl)
    : await openEmbedded(options.memory ? "memory" : options.dataDir);
  if (db.migrations.modified.length > 0) {
    // Prisma ignores edits to applied migrations too; say so, since the edit will never run here.
    log.warn(
      { migrations: db.migrations.modified },
      "applied migrations changed on disk since they ran (edits are not re-applied; write a new migration)",
    );
  }
  if (options.seed !== false) {
    try {
      await ensureDefaultReviewer(db.prisma);
    } catch (error) {
      await db.close();
      throw error;
    }
  }
  return db;
}

async function openPostgres(databaseUrl: string): Promise<OpenedDatabase> {
  // Migrate over one dedicated session: the advisory lock that serialises migrators is per session.
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let migrations: MigrationReport;
  try {
    migrations = await applyMigrations({ executor: pgExecutor(client) });
  } finally {
    await client.end();
  }
  // The pool made here, not by the adapter, so a statement Prisma cannot stream (an export's cursor,
  // lib/db/fact-export.ts) can take one of its connections; the adapter ends it on disconnect (as its own).
  const pool = new pg.Pool({ connectionString: databaseUrl });
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool, { disposeExternalPool: true }) });
  serverPools.set(prisma, pool);
  return {
    prisma,
    kind: "postgres",
    migrations,
    close: () => prisma.$disconnect(),
  };
}

// Kept on globalThis: Next.js dev reloads re-evaluate this module, and the server bundles instrumentation.ts
// apart from the routes, so it holds two copies of this module; all must share the one open database.
const globalForDb = globalThis as typeof globalThis & {
  __siftDb?: Promise<OpenedDatabase>;
  __siftEmbeddedPGlites?: WeakMap<object, SiftPGlite>;
  __siftServerPools?: WeakMap<object, pg.Pool>;
};

// Clients of a PGlite opened here, and the PGlite under each: their statements run on this thread, so nothing
// overlaps with them.
const embeddedClients = (globalForDb.__siftEmbeddedPGlites ??= new WeakMap<object, SiftPGlite>());

// The pg pool under each client of a PostgreSQL server opened here.
const serverPools = (globalForDb.__siftServerPools ??= new WeakMap<object, pg.Pool>());

/** The pg pool under a client of a PostgreSQL server, for what Prisma cannot do (a cursor); else null. */
export function serverPoolOf(prisma: object): pg.Pool | null {
  return serverPools.get(prisma) ?? null;
}

/** Whether this client's database runs in this process's thread (PGlite) rather than in a server. */
export function isEmbeddedClient(prisma: object): boolean {
  return embeddedClients.has(prisma);
}

/**
 * The PGlite under a client opened here, for a read Prisma's row mapping would slow (an export's pages); else
 * null. Its statements queue behind a Prisma transaction in progress (the adapter holds PGlite's lock for it).
 */
export function embeddedPGliteOf(prisma: object): SiftPGlite | null {
  return embeddedClients.get(prisma) ?? null;
}

async function openEmbedded(dataDir: string | "memory" | undefined): Promise<OpenedDatabase> {
  const opened = dataDir === "memory" ? await openMemoryPGlite() : await openPGlite(dataDir ? { dataDir } : {});
  try {
    const migrations = await applyMigrations({ executor: pgliteExecutor(opened.pglite) });
    const prisma = new PrismaClient({ adapter: new PrismaPGlite(opened.pglite) });
    embeddedClients.set(prisma, opened.pglite);
    // No autovacuum in PGlite: keep review's band lookups index-only. Best effort, never a reason not to start.
    await vacuumRetrievalTablesIfStale({ db: prisma }).catch((error: unknown) => {
      log.warn({ err: error }, "VACUUM of the retrieval tables failed");
    });
    return {
      prisma,
      kind: "pglite",
      migrations,
      async close() {
        try {
          await prisma.$disconnect();
        } finally {
          await opened.close();
        }
      },
    };
  } catch (error) {
    await opened.close();
    throw error;
  }
}

/** The local reviewer, and the default space every row without another belongs to (issue 27). */
export async function ensureDefaultReviewer(prisma: PrismaClient): Promise<void> {
  await prisma.reviewer.upsert({
    where: { id: DEFAULT_REVIEWER_ID },
    create: { id: DEFAULT_REVIEWER_ID, name: DEFAULT_REVIEWER_NAME, role: "admin" },
    update: {},
  });
  await prisma.space.upsert({
    where: { id: DEFAULT_SPACE_ID },
    create: { id: DEFAULT_SPACE_ID, slug: "default", name: "Default" },
    update: {},
  });
}

/**
 * Runs a dead process left running are queued again, for the run worker (lib/jobs/run-worker.ts) to resume
 * at once. With PGlite this process owns the database (the directory lock), so every running run is
 * orphaned; a PostgreSQL server may be shared by live instances, so there a run is resumed only once its
 * heartbeat goes stale (SIFT_RUN_STALE_MS).
 */
async function recoverInterruptedRuns(prisma: PrismaClient, ownership: "exclusive" | "shared") {
  if (ownership === "shared") return;
  const count = await requeueOrphanedRuns({ db: prisma });
  if (count > 0) log.warn({ runs: count }, "unfinished extraction runs queued again, to resume");
}

/**
 * The process-wide Prisma client: opened, migrated and seeded on first call, never at import time
 * (`next build` imports server modules in worker processes that must not touch the database).
 * Uses DATABASE_URL when set, otherwise PGlite in SIFT_DATA_DIR.
 */
export async function getDb(): Promise<PrismaClient> {
  if (!globalForDb.__siftDb) {
    const databaseUrl = getEnv().DATABASE_URL;
    const opening = createDb(databaseUrl ? { databaseUrl } : {}).then(async (db) => {
      await recoverInterruptedRuns(db.prisma, databaseUrl ? "shared" : "exclusive");
      return db;
    });
    globalForDb.__siftDb = opening;
    // A failed open (e.g. directory locked by another process) must not stick: let the next call retry.
    opening.catch(() => {
      if (globalForDb.__siftDb === opening) globalForDb.__siftDb = undefined;
    });
  }
  return (await globalForDb.__siftDb).prisma;
}

/** Closes the process-wide database, if open (for scripts and graceful shutdown). */
export async function closeDb(): Promise<void> {
  const opening = globalForDb.__siftDb;
  globalForDb.__siftDb = undefined;
  if (!opening) return;
  const db = await opening.catch(() => undefined);
  await db?.close();
}
