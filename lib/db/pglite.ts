import "server-only";
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { vector } from "@electric-sql/pglite-pgvector";
import { resolveDataDir } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { acquireDirectoryLock } from "@/lib/db/lock";
import { copyPgliteTemplate, memoryTemplate } from "@/lib/db/pglite-template";

/**
 * Every process that opens a data directory must load the same extensions, or queries fail with
 * `could not access file "vector"`; so there is exactly one list, used for every open.
 */
export const PGLITE_EXTENSIONS = { pg_trgm, vector };

export type SiftPGlite = PGlite;

export interface OpenedPGlite {
  pglite: SiftPGlite;
  /** The Sift data directory (holds the lock file and the `pglite/` database directory). */
  dataDir: string;
  /** PostgreSQL's own data directory inside `dataDir`. */
  databaseDir: string;
  close(): Promise<void>;
}

/** Where PGlite keeps its files inside a Sift data directory. */
export function pgliteDirectory(dataDir: string): string {
  return path.join(dataDir, "pglite");
}

/**
 * Opens (creating on first use) the embedded database in `dataDir` (default: SIFT_DATA_DIR), after
 * claiming the directory for this process. Throws AppError("CONFIG") if another live process holds it.
 * A new directory starts as a copy of the migrated template when one was built (lib/db/pglite-template.ts),
 * else takes a few seconds to initialise; reopening takes about a second.
 */
export async function openPGlite(options: { dataDir?: string } = {}): Promise<OpenedPGlite> {
  const dataDir = path.resolve(/*turbopackIgnore: true*/ options.dataDir ?? resolveDataDir());
  const lock = acquireDirectoryLock(dataDir);
  const databaseDir = pgliteDirectory(dataDir);
  let pglite: SiftPGlite;
  try {
    if (!copyPgliteTemplate(databaseDir)) fs.mkdirSync(databaseDir, { recursive: true });
    pglite = await PGlite.create(databaseDir, { extensions: PGLITE_EXTENSIONS });
  } catch (error) {
    lock.release();
    const why = error instanceof Error ? error.message : String(error);
    throw new AppError(
      "CONFIG",
      `Could not open the embedded database in ${databaseDir}: ${why}. ` +
        `If the directory was copied while in use or is damaged, move it away to start afresh.`,
      { cause: error },
    );
  }
  let closed = false;
  return {
    pglite,
    dataDir,
    databaseDir,
    async close() {
      if (closed) return;
      closed = true;
      try {
        if (!pglite.closed) await pglite.close();
      } finally {
        lock.release();
      }
    },
  };
}

/**
 * PGlite in this process's memory, loaded already migrated (memoryTemplate): the store of one CLI call or one
 * evaluation, gone when it closes. No directory, so no lock.
 */
export async function openMemoryPGlite(): Promise<Pick<OpenedPGlite, "pglite" | "close">> {
  const pglite = await PGlite.create({
    extensions: PGLITE_EXTENSIONS,
    loadDataDir: await memoryTemplate(PGLITE_EXTENSIONS),
  });
  return {
    pglite,
    async close() {
      if (!pglite.closed) await pglite.close();
    },
  };
}
