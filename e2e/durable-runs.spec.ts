import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import pg from "pg";
import { longTranscript } from "../tests/long-transcript";

/**
 * Runs survive a server killed with SIGKILL mid-extraction: on PGlite the restarted server resumes the run;
 * on PostgreSQL (TEST_DATABASE_URL) a second instance on the same database takes it over once its heartbeat
 * goes stale. Either way every chunk is saved once and the run ends with as many candidates as a clean run.
 * Servers are started from the build on ports of their own; the browser only ingests, as a user does.
 */
const basePort = Number(process.env.SIFT_E2E_PORT ?? 3107);
const firstPort = basePort + 5;
const secondPort = basePort + 6;
const nextBin = path.join(import.meta.dirname, "..", "node_modules", "next", "dist", "bin", "next");
const STALE_MS = 3_000;
// ~600 KB: the run takes seconds, so it can be killed half-way.
const TEXT = longTranscript(8_000);

interface Server {
  child: ChildProcess;
  port: number;
  output(): string;
  exited: Promise<void>;
}

const started: Server[] = [];
const cleanups: (() => Promise<void> | void)[] = [];

function startServer(port: number, env: Record<string, string>): Server {
  const base = { ...process.env };
  for (const key of Object.keys(base)) {
    if (key.startsWith("SIFT_") || key.endsWith("_API_KEY") || key.endsWith("DATABASE_URL")) delete base[key];
  }
  const child = spawn(process.execPath, [nextBin, "start", "-p", String(port), "-H", "127.0.0.1"], {
    env: {
      ...base,
      NEXT_TELEMETRY_DISABLED: "1",
      SIFT_CHUNK_TOKENS: "1000",
      SIFT_RUN_STALE_MS: String(STALE_MS),
      ...env,
    },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  const server = { child, port, output: () => output, exited };
  started.push(server);
  return server;
}

async function ready(server: Server): Promise<void> {
  await expect
    .poll(
      () =>
        fetch(`http://127.0.0.1:${server.port}/ingest`).then(
          (r) => r.status,
          () => 0,
        ),
      { timeout: 90_000, message: `server on ${server.port} did not start:\n${server.output()}` },
    )
    .toBe(200);
}

/** SIGKILL: no shutdown hook runs, the claim and the heartbeat stay as they were. */
async function kill(server: Server): Promise<void> {
  process.kill(-server.child.pid!, "SIGKILL");
  await server.exited;
}

interface Progress {
  status: string;
  chunksTotal: number;
  chunksDone: number;
  chunkLog: { index: number; status: string }[];
  durationMs: number | null;
  candidates: number;
}

async function progress(server: Server, runId: string): Promise<Progress> {
  const response = await fetch(`http://127.0.0.1:${server.port}/api/runs/${runId}`);
  expect(response.status).toBe(200);
  return (await response.json()) as Progress;
}

/** Uploads the transcript and starts an extraction; returns the id of the run the page then follows. */
async function ingest(page: Page, server: Server, title: string, again = false): Promise<string> {
  await page.goto(`http://127.0.0.1:${server.port}/ingest`);
  await page.getByLabel("Title").fill(title);
  await page
    .locator("input[type=file]")
    .setInputFiles({ name: "planning.txt", mimeType: "text/plain", buffer: Buffer.from(TEXT) });
  const polled = page.waitForRequest(/\/api\/runs\/[0-9a-f-]{36}$/, { timeout: 60_000 });
  await page.getByRole("button", { name: "Extract", exact: true }).click();
  if (again) await page.getByRole("button", { name: "Extract it again" }).click();
  return new URL((await polled).url()).pathname.split("/").pop()!;
}

async function finished(server: Server, runId: string, timeout = 120_000): Promise<Progress> {
  await expect
    .poll(async () => (await progress(server, runId)).status, { timeout, intervals: [250] })
    .toBe("succeeded");
  return progress(server, runId);
}

function expectEveryChunkOnce(run: Progress) {
  const done = run.chunkLog.filter((e) => e.status === "succeeded").map((e) => e.index);
  expect(done.sort((a, b) => a - b)).toEqual([...Array(run.chunksTotal).keys()]);
  expect(run.chunksDone).toBe(run.chunksTotal);
}

test.afterEach(async () => {
  for (const server of started.splice(0)) {
    if (server.child.exitCode === null && server.child.signalCode === null) {
      try {
        process.kill(-server.child.pid!, "SIGTERM");
      } catch {
        // already gone
      }
      await server.exited;
    }
  }
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** Where the servers keep their data: a PGlite directory, or a fresh database on TEST_DATABASE_URL's server. */
async function freshStore(): Promise<Record<string, string>> {
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sift-e2e-crash-"));
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    return { SIFT_DATA_DIR: dir };
  }
  const name = `sift_e2e_crash_${randomBytes(4).toString("hex")}`;
  const onServer = async (sql: string) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(sql);
    await client.end();
  };
  await onServer(`CREATE DATABASE ${name}`);
  cleanups.push(() => onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { DATABASE_URL: url.toString() };
}

test("a run killed mid-way finishes on its own, every chunk once, with a clean run's candidates", async ({ page }) => {
  test.setTimeout(300_000);
  const store = await freshStore();
  const shared = Boolean(store.DATABASE_URL);
  const first = startServer(firstPort, store);
  await ready(first);
  const runId = await ingest(page, first, "Crash test planning");
  await expect
    .poll(async () => (await progress(first, runId)).chunksDone, { timeout: 60_000, intervals: [100] })
    .toBeGreaterThanOrEqual(3);
  // On PostgreSQL a second instance joins while the first runs it, and takes the run over; on PGlite (one
  // process per data directory) the server is started again on the same directory.
  let second: Server | undefined;
  if (shared) {
    second = startServer(secondPort, store);
    await ready(second);
    // The instance about to die is the one running it, so what follows is a takeover, not a bystander.
    const client = new pg.Client({ connectionString: store.DATABASE_URL });
    await client.connect();
    const { rows } = await client.query('SELECT "claimedBy" FROM "ExtractionRun" WHERE id = $1', [runId]);
    await client.end();
    expect(String(rows[0]?.claimedBy)).toContain(`:${first.child.pid}:`);
  }
  const atKill = await progress(first, runId);
  await kill(first);
  const killedAt = Date.now();
  await page.goto("about:blank");
  expect(atKill.status).toBe("running");
  expect(atKill.chunksDone).toBeLessThan(atKill.chunksTotal);

  if (!second) {
    second = startServer(secondPort, store);
    await ready(second);
  }
  const servingAt = Date.now();
  const resumed = await finished(second, runId);
  const resumeMs = Date.now() - killedAt;
  expectEveryChunkOnce(resumed);

  const cleanRunId = await ingest(page, second, "Crash test planning, clean", true);
  const clean = await finished(second, cleanRunId);
  expectEveryChunkOnce(clean);
  expect(resumed.chunksTotal).toBe(clean.chunksTotal);
  expect(resumed.candidates).toBe(clean.candidates);
  console.log(
    `[durable runs] clean run ${clean.durationMs} ms; ` +
      `[durable runs, ${shared ? "PostgreSQL, second instance" : "PGlite, restart"}] ${resumed.chunksTotal} chunks; ` +
      `killed after ${atKill.chunksDone}; serving again after ${servingAt - killedAt} ms; ` +
      `finished ${resumeMs} ms after the kill; ` +
      `candidates resumed ${resumed.candidates}, clean ${clean.candidates}`,
  );
});
