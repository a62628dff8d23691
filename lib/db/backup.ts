import "server-only";
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { AppError } from "@/lib/errors";
import { acquireDirectoryLock } from "@/lib/db/lock";
import { openPGlite, pgliteDirectory, PGLITE_EXTENSIONS, type SiftPGlite } from "@/lib/db/pglite";

/**
 * Backup and restore of the embedded database: PGlite's own data-directory dump (a gzipped tar of
 * PostgreSQL's files), so a restore is the database exactly as it was, migrations included. Both need the
 * directory to themselves (one process per data directory): stop the server first. PostgreSQL servers are
 * backed up with pg_dump (docs/operations.md).
 */

export interface BackupSummary {
  file: string;
  bytes: number;
  facts: number;
  revisions: number;
  sources: number;
}

async function countRows(pglite: SiftPGlite) {
  const { rows } = await pglite.query<{ facts: number; revisions: number; sources: number }>(
    `SELECT (SELECT count(*) FROM "Fact")::int AS facts, (SELECT count(*) FROM "FactRevision")::int AS revisions,
            (SELECT count(*) FROM "Source")::int AS sources`,
  );
  return rows[0] ?? { facts: 0, revisions: 0, sources: 0 };
}

function hasDatabase(dataDir: string) {
  return fs.existsSync(path.join(pgliteDirectory(dataDir), "PG_VERSION"));
}

/** Writes the database in `dataDir` to `file` (written aside, then renamed: never a half file). */
export async function backupEmbeddedDatabase({ dataDir, file }: { dataDir: string; file: string }) {
  if (!hasDatabase(dataDir)) throw new AppError("NOT_FOUND", `There is no Sift database in ${dataDir} to back up.`);
  const opened = await openPGlite({ dataDir });
  try {
    const counts = await countRows(opened.pglite);
    const dump = await opened.pglite.dumpDataDir("gzip");
    const bytes = Buffer.from(await dump.arrayBuffer());
    const target = path.resolve(file);
    const partial = `${target}.partial`;
    fs.writeFileSync(partial, bytes);
    fs.renameSync(partial, target);
    return { file: target, bytes: bytes.length, ...counts } satisfies BackupSummary;
  } finally {
    await opened.close();
  }
}

/**
 * Makes `dataDir` hold the database in `file`. A database already there is never overwritten: without
 * `force` the restore is refused; with it, the old one is moved aside (its new name is returned).
 */
export async function restoreEmbeddedDatabase({
  dataDir,
  file,
  force = false,
}: {
  dataDir: string;
  file: string;
  force?: boolean;
}): Promise<BackupSummary & { movedAside: string | null }> {
  const source = path.resolve(file);
  if (!fs.existsSync(source)) throw new AppError("NOT_FOUND", `No backup file at ${source}.`);
  const bytes = fs.readFileSync(source);
  if (bytes.length < 2 || bytes[0] !== 0x1f || bytes[1] !== 0x8b) {
    throw new AppError("UNSUPPORTED_FILE", `${source} is not a Sift backup (a gzipped PGlite dump).`);
  }
  const lock = acquireDirectoryLock(path.resolve(dataDir));
  const databaseDir = pgliteDirectory(path.resolve(dataDir));
  let movedAside: string | null = null;
  try {
    if (hasDatabase(dataDir)) {
      if (!force) {
        throw new AppError(
          "CONFLICT",
          `${dataDir} already holds a database. Restore into another SIFT_DATA_DIR, or pass --force to move ` +
            "the current one aside (it is kept, renamed).",
        );
      }
      movedAside = `${databaseDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, "-")}`;
      fs.renameSync(databaseDir, movedAside);
    }
    fs.rmSync(databaseDir, { recursive: true, force: true });
    fs.mkdirSync(databaseDir, { recursive: true });
    let pglite: SiftPGlite | undefined;
    try {
      pglite = await PGlite.create(databaseDir, { extensions: PGLITE_EXTENSIONS, loadDataDir: new Blob([bytes]) });
      const counts = await countRows(pglite);
      return { file: source, bytes: bytes.length, ...counts, movedAside };
    } catch (error) {
      // A dump that does not load leaves the directory as it was.
      await pglite?.close().catch(() => undefined);
      fs.rmSync(databaseDir, { recursive: true, force: true });
      if (movedAside) fs.renameSync(movedAside, databaseDir);
      throw new AppError("UNSUPPORTED_FILE", `${source} could not be restored: it is not a readable Sift backup.`, {
        cause: error,
      });
    } finally {
      if (pglite && !pglite.closed) await pglite.close();
    }
  } finally {
    lock.release();
  }
}
