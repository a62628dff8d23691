// `sift backup FILE` and `sift restore FILE [--force]`: the embedded database (PGlite) as one file and
// back. The server must be stopped (one process per data directory). PostgreSQL servers use pg_dump.
import { parseArgs } from "node:util";
import { backupEmbeddedDatabase, restoreEmbeddedDatabase } from "@/lib/db/backup";
import { parseEnv, resolveDataDir } from "@/lib/env";
import { isAppError } from "@/lib/errors";
import { formatMegabytes } from "@/lib/format";

const USAGE = `Usage: sift backup FILE            write the embedded database (SIFT_DATA_DIR) to FILE
       sift restore FILE [--force]  make SIFT_DATA_DIR hold the database in FILE
                                    (--force moves a database already there aside, renamed)

Stop the Sift server first: the data directory is used by one process at a time.
With DATABASE_URL (a PostgreSQL server), use pg_dump / pg_restore instead (see docs/operations.md).
Exit codes: 0 ok, 1 error, 2 bad usage.`;

const PG_DUMP_HINT =
  "DATABASE_URL is set: Sift's data is in that PostgreSQL server. Back it up with\n" +
  '  pg_dump --format=custom --file=sift.dump "$DATABASE_URL"\n' +
  "and restore it into an empty database with\n" +
  '  pg_restore --no-owner --dbname="$DATABASE_URL" sift.dump';

const say = (line: string) => process.stdout.write(`${line}\n`);

export async function main(command: "backup" | "restore", argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { force: { type: "boolean", default: false }, help: { type: "boolean", short: "h" } },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const file = positionals[0];
  if (!file || positionals.length > 1) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const env = parseEnv(process.env);
  if (env.DATABASE_URL) {
    process.stderr.write(`${PG_DUMP_HINT}\n`);
    return 2;
  }
  const dataDir = resolveDataDir(env);
  try {
    if (command === "backup") {
      const done = await backupEmbeddedDatabase({ dataDir, file });
      say(
        `Backed up ${dataDir} to ${done.file} (${formatMegabytes(done.bytes)}): ` +
          `${done.facts} facts, ${done.revisions} revisions, ${done.sources} sources.`,
      );
    } else {
      const done = await restoreEmbeddedDatabase({ dataDir, file, force: values.force });
      say(
        `Restored ${done.file} into ${dataDir}: ${done.facts} facts, ${done.revisions} revisions, ` +
          `${done.sources} sources.` +
          (done.movedAside ? ` The database that was there is kept at ${done.movedAside}.` : ""),
      );
    }
    return 0;
  } catch (error) {
    const message = isAppError(error)
      ? `sift ${command}: ${error.message}`
      : error instanceof Error
        ? (error.stack ?? error.message)
        : String(error);
    process.stderr.write(`${message}\n`);
    return 1;
  }
}

// Run as `sift backup`; cli/restore.ts imports main for `sift restore`.
if (process.argv[1]?.endsWith("backup.ts")) process.exitCode = await main("backup", process.argv.slice(2));
