import "server-only";
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { PGlite, type PGliteOptions } from "@electric-sql/pglite";
import { applyMigrations, findMigrationsDir, pgliteExecutor, readMigrations } from "@/lib/db/migrate";

/**
 * A migrated, empty PGlite database, kept once per machine, PGlite version and migration set: a new
 * data directory starts as a copy of it (well under a second) instead of initdb and every migration
 * (~2–4 s). `npm run build` makes it (scripts/pglite-template.ts), and the tests share it; the server
 * only copies it when it exists, and otherwise creates the database itself as before.
 */
export function pgliteTemplateDir(): string {
  const migrations = findMigrationsDir();
  const root = path.dirname(path.dirname(migrations));
  const pkg = path.join(root, "node_modules", "@electric-sql", "pglite", "package.json");
  const version = fs.existsSync(pkg) ? (JSON.parse(fs.readFileSync(pkg, "utf8")) as { version: string }).version : "";
  const key = createHash("sha256")
    .update(version)
    .update(
      readMigrations(migrations)
        .map((m) => `${m.name}:${m.checksum}`)
        .join("\n"),
    )
    .digest("hex")
    .slice(0, 16);
  return path.join(root, "node_modules", ".cache", "sift", `pglite-template-${key}`);
}

/** The template's database directory (the `pglite/` of a closed Sift data directory), if it was built. */
export function readyPgliteTemplate(): string | null {
  const database = path.join(pgliteTemplateDir(), "pglite");
  return fs.existsSync(path.join(database, "PG_VERSION")) ? database : null;
}

/**
 * Starts a new database directory as a copy of the template; false (nothing done) when the directory
 * already holds a database or there is no template for this PGlite and these migrations.
 */
export function copyPgliteTemplate(databaseDir: string): boolean {
  if (fs.existsSync(path.join(databaseDir, "PG_VERSION"))) return false;
  if (fs.existsSync(databaseDir) && fs.readdirSync(databaseDir).length > 0) return false;
  const template = readyPgliteTemplate();
  if (!template) return false;
  fs.cpSync(template, databaseDir, { recursive: true });
  return true;
}

/**
 * A migrated, empty database as PGlite's dump (a tarball), for stores kept in memory (the CLI's, the
 * evaluations'): loading it takes under a second, where a new in-memory database and its migrations take
 * several. Made on first use beside the template, for this PGlite and these migrations; written aside and
 * renamed into place, so parallel makers never read half of one.
 */
export async function memoryTemplate(extensions: PGliteOptions["extensions"]): Promise<Blob> {
  const file = `${pgliteTemplateDir()}.tar`;
  if (!fs.existsSync(file)) {
    const pglite = await PGlite.create({ extensions });
    try {
      await applyMigrations({ executor: pgliteExecutor(pglite) });
      const dump = await pglite.dumpDataDir("none");
      fs.mkdirSync(path.dirname(file), { recursive: true });
      const aside = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
      fs.writeFileSync(aside, new Uint8Array(await dump.arrayBuffer()));
      fs.renameSync(aside, file);
    } finally {
      await pglite.close();
    }
  }
  return new Blob([fs.readFileSync(file)]);
}
