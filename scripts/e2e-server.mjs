// Starts the production build for the end-to-end tests: on a fresh PGlite directory, or, when
// TEST_DATABASE_URL is set, on a fresh database on that PostgreSQL server (dropped on exit).
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import pg from "pg";

const port = process.argv[2] ?? "3107";
const modelUrlArg = process.argv.indexOf("--model-url");
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1", PORT: port };
for (const key of Object.keys(env)) if (key.startsWith("SIFT_LLM_") || key.endsWith("_API_KEY")) delete env[key];
if (modelUrlArg > 0) {
  // The fake OpenAI-compatible server started by playwright.config.ts.
  env.SIFT_LLM_BASE_URL = process.argv[modelUrlArg + 1];
  env.SIFT_LLM_MODEL = "fake-model";
  env.SIFT_LLM_TIMEOUT_MS = "10000";
  env.SIFT_LLM_PRICE_PER_MTOK = "2.5/10";
}
if (process.argv.includes("--accounts")) {
  // Sign-in and roles; the secret is only this test server's.
  env.SIFT_AUTH = "accounts";
  env.SIFT_AUTH_SECRET = randomBytes(32).toString("base64");
}
let dropDatabase = async () => {};

if (process.env.TEST_DATABASE_URL) {
  const admin = new URL(process.env.TEST_DATABASE_URL);
  const name = `sift_e2e_${randomBytes(4).toString("hex")}`;
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
  dropDatabase = async () => {
    const c = new pg.Client({ connectionString: admin.toString() });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  };
} else {
  env.SIFT_DATA_DIR = path.join(process.env.SIFT_E2E_DATA_DIR ?? ".data-e2e", `db-${port}`);
}

const next = path.join(import.meta.dirname, "..", "node_modules", "next", "dist", "bin", "next");
const child = spawn(process.execPath, [next, "start", "-p", port, "-H", "127.0.0.1"], { env, stdio: "inherit" });

let stopping = false;
async function stop(code) {
  if (stopping) return;
  stopping = true;
  child.kill("SIGTERM");
  await dropDatabase().catch((e) => console.error("could not drop the e2e database", e));
  process.exit(code);
}
process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));
child.on("exit", (code) => stop(code ?? 0));
