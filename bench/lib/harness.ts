/**
 * What the database benches share: running under the react-server condition, flags, percentiles, and a
 * throw-away database of each kind (a PGlite temp dir; a fresh database on a PostgreSQL server).
 * Import it first and call `relaunchUnderServerCondition(import.meta.filename)` before importing the DB
 * layer (dynamically), so the child process is the one that loads it.
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * `server-only` (imported by the DB layer) is a no-op only under the react-server condition, and tsx does
 * not forward node flags: relaunch the bench through tsx's cli with the condition (tsx re-launches node
 * itself) and exit with its status. Returns in the child.
 */
export function relaunchUnderServerCondition(file: string): void {
  if (process.env.SIFT_BENCH_CHILD) return;
  const root = path.resolve(import.meta.dirname, "..", "..");
  const tsx = path.join(root, "node_modules", "tsx", "dist", "cli.mjs");
  const r = spawnSync(process.execPath, [tsx, "--conditions=react-server", file, ...process.argv.slice(2)], {
    stdio: "inherit",
    env: { ...process.env, SIFT_BENCH_CHILD: "1" },
  });
  process.exit(r.status ?? 1);
}

/** `--name value` from the command line, or the fallback. */
export function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? (process.argv[i + 1] ?? fallback) : fallback;
}

/** The p-th percentile (nearest rank) of xs. */
export const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)] ?? 0;

/** Runs f and pushes its duration in ms onto `into`. */
export async function timed<T>(into: number[], f: () => Promise<T>): Promise<T> {
  const t = performance.now();
  const out = await f();
  into.push(performance.now() - t);
  return out;
}

export const serverUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

type OpenedDatabase = import("@/lib/db/client").OpenedDatabase;

/**
 * Calls `bench` with a new, empty database of each kind `which` asks for ("pglite", "postgres", "both"):
 * PGlite in a temp dir, removed afterwards; on the PostgreSQL server at BENCH_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres) a database sift_bench_<random>, dropped afterwards.
 */
export async function forEachBenchDatabase(
  which: string,
  bench: (db: OpenedDatabase, label: string) => Promise<void>,
): Promise<void> {
  const { createDb } = await import("@/lib/db/client");
  if (which === "pglite" || which === "both") {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sift-bench-"));
    const db = await createDb({ dataDir: dir });
    try {
      await bench(db, "PGlite");
    } finally {
      await db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  if (which === "postgres" || which === "both") {
    const name = `sift_bench_${randomBytes(6).toString("hex")}`;
    await onServer(`CREATE DATABASE "${name}"`);
    try {
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      const db = await createDb({ databaseUrl: url.toString() });
      try {
        await bench(db, "PostgreSQL");
      } finally {
        await db.close();
      }
    } finally {
      await onServer(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    }
  }
}

async function onServer(sql: string) {
  const { default: pg } = await import("pg");
  const c = new pg.Client({ connectionString: serverUrl });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}
