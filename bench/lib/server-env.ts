/**
 * The environment of an app server a bench starts: on a fresh PGlite data directory, or on a fresh
 * PostgreSQL database on the local server, with the function that removes it afterwards.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { serverUrl } from "./harness";

async function onServer(sql: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  await client.query(sql).finally(() => client.end());
}

export async function freshServerEnv(
  kind: "pglite" | "postgres",
  prefix: string,
): Promise<{ env: NodeJS.ProcessEnv; cleanup: () => Promise<void> }> {
  const env: NodeJS.ProcessEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: "1", DATABASE_URL: "" };
  if (kind === "postgres") {
    const name = `${prefix.replace(/\W/g, "_")}_${randomBytes(6).toString("hex")}`;
    await onServer(`CREATE DATABASE "${name}"`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    return { env, cleanup: () => onServer(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  env.SIFT_DATA_DIR = dir;
  return { env, cleanup: async () => fs.rmSync(dir, { recursive: true, force: true }) };
}
