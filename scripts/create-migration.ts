/**
 * `npm run db:migration -- <name>`: writes the next migration by diffing prisma/migrations against
 * prisma/schema.prisma. Prisma's own `migrate dev` needs a native engine these machines cannot download,
 * so this drives Prisma's schema engine compiled to WebAssembly, with in-memory PGlite databases standing
 * in for the development and shadow databases. Developer tool only: the wasm engine's API is unstable,
 * and nothing at run time imports this file.
 */
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { vector } from "@electric-sql/pglite-pgvector";
import {
  bindMigrationAwareSqlAdapterFactory,
  type SqlMigrationAwareDriverAdapterFactory,
} from "@prisma/driver-adapter-utils";
import { PrismaPGlite } from "pglite-prisma-adapter";
import type { MigrationList, SchemaEngine as SchemaEngineType } from "@prisma/schema-engine-wasm";

const repoRoot = path.resolve(import.meta.dirname, "..");
export const schemaPath = path.join(repoRoot, "prisma", "schema.prisma");
export const migrationsDir = path.join(repoRoot, "prisma", "migrations");

/**
 * Every database the engine touches (including each shadow database) loads the same extensions as the
 * app: the migrations `CREATE EXTENSION pg_trgm`, which the adapter's default shadow PGlite cannot do.
 */
class InMemoryPGliteFactory implements SqlMigrationAwareDriverAdapterFactory {
  readonly provider = "postgres" as const;
  readonly adapterName = "sift-pglite-memory";
  private readonly opened: PGlite[] = [];

  private async open(): Promise<PGlite> {
    const db = await PGlite.create({ extensions: { pg_trgm, vector } });
    this.opened.push(db);
    return db;
  }

  async connect() {
    return new PrismaPGlite(await this.open()).connect();
  }

  async connectToShadowDb() {
    return new PrismaPGlite(await this.open()).connect();
  }

  async close(): Promise<void> {
    await Promise.all(this.opened.map((db) => db.close()));
  }
}

type WasmEngineModule = typeof import("@prisma/schema-engine-wasm/schema_engine_bg");
let wasmEngine: Promise<WasmEngineModule> | undefined;

/** Instantiated once per process: the JS glue caches views of the wasm memory it was first given. */
function loadWasmEngine(): Promise<WasmEngineModule> {
  wasmEngine ??= instantiateWasmEngine();
  return wasmEngine;
}

async function instantiateWasmEngine(): Promise<WasmEngineModule> {
  // The package's entry imports the .wasm file as an ES module, which Node 20 cannot do; instantiate it
  // by hand and hand the exports to the JS glue, as the glue's own entry would.
  const bg = await import("@prisma/schema-engine-wasm/schema_engine_bg");
  const wasmPath = path.join(
    path.dirname(new URL(import.meta.resolve("@prisma/schema-engine-wasm/schema_engine_bg")).pathname),
    "schema_engine_bg.wasm",
  );
  const { instance } = await WebAssembly.instantiate(fs.readFileSync(wasmPath), {
    "./schema_engine_bg.js": { ...bg },
  });
  const exports = instance.exports as { __wbindgen_start?: () => void };
  bg.__wbg_set_wasm(exports);
  exports.__wbindgen_start?.();
  return bg;
}

interface PanicRegistry {
  message: string;
  set_message(message: string): void;
}

/** Reads prisma/migrations the way Prisma's CLI hands it to the engine. */
export function readMigrationList(dir: string = migrationsDir): MigrationList {
  const entries = fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .map((e) => e.name)
        .sort()
    : [];
  const lockPath = path.join(dir, "migration_lock.toml");
  return {
    baseDir: dir,
    lockfile: {
      path: "migration_lock.toml",
      content: fs.existsSync(lockPath) ? fs.readFileSync(lockPath, "utf8") : null,
    },
    shadowDbInitScript: "",
    migrationDirectories: entries.map((name) => {
      const file = path.join(dir, name, "migration.sql");
      return {
        path: name,
        migrationFile: {
          path: "migration.sql",
          content: fs.existsSync(file)
            ? { tag: "ok" as const, value: fs.readFileSync(file, "utf8") }
            : { tag: "error" as const, value: `${file} is missing` },
        },
      };
    }),
  };
}

/**
 * The SQL that takes a database built by the migrations in `dir` to the state `schemaText` describes;
 * an empty string when they already agree.
 */
export async function diffMigrationsToSchema(
  options: {
    schemaText?: string;
    dir?: string;
  } = {},
): Promise<string> {
  const schemaText = options.schemaText ?? fs.readFileSync(schemaPath, "utf8");
  const bg = await loadWasmEngine();
  const panics: PanicRegistry = {
    message: "",
    set_message(message) {
      this.message = message;
    },
  };
  (globalThis as { PRISMA_WASM_PANIC_REGISTRY?: PanicRegistry }).PRISMA_WASM_PANIC_REGISTRY = panics;

  const factory = new InMemoryPGliteFactory();
  let engine: SchemaEngineType | undefined;
  try {
    engine = await bg.SchemaEngine.new(
      { datamodels: [["schema.prisma", schemaText]] },
      () => {},
      bindMigrationAwareSqlAdapterFactory(factory),
    );
    const migrations = readMigrationList(options.dir);
    const result = await engine.diff({
      from: migrations.migrationDirectories.length > 0 ? { tag: "migrations", ...migrations } : { tag: "empty" },
      to: { tag: "schemaDatamodel", files: [{ path: "schema.prisma", content: schemaText }] },
      script: true,
      exitCode: null,
      filters: { externalTables: [], externalEnums: [] },
    });
    return normaliseScript(dropRecreatedExtensions(result.stdout ?? "", migrations));
  } catch (error) {
    if (panics.message) throw new Error(`Prisma schema engine panicked: ${panics.message}`, { cause: error });
    throw error;
  } finally {
    engine?.free();
    await factory.close();
  }
}

/**
 * The wasm engine does not report extensions of the shadow database it builds from the migrations, so
 * every diff asks to `CREATE EXTENSION IF NOT EXISTS` again for extensions an earlier migration already
 * creates. Those statements are no-ops; leaving them out keeps "no changes" meaning no changes.
 */
function dropRecreatedExtensions(script: string, migrations: MigrationList): string {
  const created = new Set<string>();
  for (const dir of migrations.migrationDirectories) {
    const content = dir.migrationFile.content;
    if (content.tag !== "ok") continue;
    for (const m of content.value.matchAll(/CREATE EXTENSION IF NOT EXISTS "?([\w-]+)"?/gi)) {
      if (m[1]) created.add(m[1].toLowerCase());
    }
  }
  return script.replace(
    /(?:-- CreateExtension\n)?CREATE EXTENSION IF NOT EXISTS "?([\w-]+)"?[^;]*;\n?/gi,
    (statement, name: string) => (created.has(name.toLowerCase()) ? "" : statement),
  );
}

/** The engine answers "-- This is an empty migration." when nothing changed. */
function normaliseScript(script: string): string {
  const meaningful = script.split("\n").filter((line) => line.trim() !== "" && !line.trim().startsWith("--"));
  return meaningful.length === 0 ? "" : script.trimEnd() + "\n";
}

function timestamp(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return (
    `${date.getUTCFullYear()}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}` +
    `${pad(date.getUTCHours())}${pad(date.getUTCMinutes())}${pad(date.getUTCSeconds())}`
  );
}

/**
 * The new migration's folder prefix: now, unless a folder already has a later stamp (they are applied in
 * name order, so a new one must sort last; the first migrations were dated ahead of the clock).
 */
export function nextMigrationStamp(existing: string[], now: Date): string {
  const stamp = timestamp(now);
  const last = existing
    .map((name) => /^(\d{14})_/.exec(name)?.[1])
    .filter((s): s is string => s !== undefined)
    .sort()
    .at(-1);
  return last !== undefined && last >= stamp ? String(Number(last) + 1) : stamp;
}

/** Same slug rules as `prisma migrate dev --name`. */
export function migrationSlug(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, 200);
}

async function main(argv: string[]): Promise<number> {
  const name = argv.find((a) => !a.startsWith("-"));
  if (!name || !migrationSlug(name)) {
    console.error("Usage: npm run db:migration -- <name>   e.g. npm run db:migration -- add_fact_tags");
    return 2;
  }
  const sql = await diffMigrationsToSchema();
  if (sql === "") {
    console.log("No changes: prisma/migrations already matches prisma/schema.prisma.");
    return 0;
  }
  const stamp = nextMigrationStamp(fs.readdirSync(migrationsDir), new Date());
  const folder = path.join(migrationsDir, `${stamp}_${migrationSlug(name)}`);
  fs.mkdirSync(folder, { recursive: true });
  const lockPath = path.join(migrationsDir, "migration_lock.toml");
  if (!fs.existsSync(lockPath)) {
    fs.writeFileSync(
      lockPath,
      "# Please do not edit this file manually\n" +
        "# It should be added in your version-control system (e.g., Git)\n" +
        'provider = "postgresql"\n',
    );
  }
  const file = path.join(folder, "migration.sql");
  fs.writeFileSync(file, sql);
  console.log(`Wrote ${path.relative(process.cwd(), file)}; review it, then commit it with the schema change.`);
  return 0;
}

// Run only as a script, so tests can import diffMigrationsToSchema without writing migrations.
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? (error.stack ?? error.message) : error);
      process.exit(1);
    },
  );
}
