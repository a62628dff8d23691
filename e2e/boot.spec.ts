import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";

/**
 * What `next start` checks before serving (instrumentation.ts). Each test starts its own servers from the
 * build, on ports next to the suite's and on data directories of their own; the browser is not used.
 */
const basePort = Number(process.env.SIFT_E2E_PORT ?? 3107);
const firstPort = basePort + 2;
const secondPort = basePort + 3;
const nextBin = path.join(import.meta.dirname, "..", "node_modules", "next", "dist", "bin", "next");

interface Server {
  child: ChildProcess;
  output(): string;
  /** Resolves with the exit code once the process has exited. */
  exited: Promise<number | null>;
}

const started: Server[] = [];
const dataDirs: string[] = [];

function freshDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sift-e2e-boot-"));
  dataDirs.push(dir);
  return dir;
}

function startServer(port: number, env: Record<string, string>): Server {
  const base = { ...process.env };
  // The suite's own settings (a PostgreSQL database, a model) must not leak into these servers.
  for (const key of Object.keys(base)) {
    if (key.startsWith("SIFT_") || key.endsWith("_API_KEY") || key.endsWith("DATABASE_URL")) delete base[key];
  }
  const child = spawn(process.execPath, [nextBin, "start", "-p", String(port), "-H", "127.0.0.1"], {
    env: { ...base, NEXT_TELEMETRY_DISABLED: "1", ...env },
    // Its own process group, so that cleanup can stop it and anything it started.
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const server = { child, output: () => output, exited };
  started.push(server);
  return server;
}

async function exitCode(server: Server, timeoutMs = 30_000): Promise<number | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`server still running after ${timeoutMs} ms:\n${server.output()}`)),
      timeoutMs,
    );
  });
  try {
    return await Promise.race([server.exited, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

test.afterEach(async () => {
  for (const server of started.splice(0)) {
    if (server.child.exitCode === null && server.child.signalCode === null && server.child.pid) {
      try {
        process.kill(-server.child.pid, "SIGTERM");
      } catch {
        // already gone
      }
      await server.exited;
    }
  }
  for (const dir of dataDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

for (const [variable, value] of [
  ["SIFT_MAX_UPLOAD_BYTES", "abc"],
  ["DATABASE_URL", "mysql://x"],
] as const) {
  test(`${variable}=${value} stops the server at start, naming the variable`, async () => {
    const server = startServer(firstPort, { SIFT_DATA_DIR: freshDataDir(), [variable]: value });
    expect(await exitCode(server)).not.toBe(0);
    expect(server.output()).toContain(`Sift cannot start. Invalid environment:\n  ${variable}: `);
    // Sift's own exit, not Next.js logging a failed instrumentation hook and serving on.
    expect(server.output()).not.toContain("Failed to prepare server");
  });
}

test("a second server on a data directory in use exits with the reason; the first keeps serving", async () => {
  test.setTimeout(120_000);
  const dataDir = freshDataDir();
  const first = startServer(firstPort, { SIFT_DATA_DIR: dataDir });
  await expect
    .poll(
      () =>
        fetch(`http://127.0.0.1:${firstPort}/ingest`).then(
          (r) => r.status,
          () => 0,
        ),
      { timeout: 90_000 },
    )
    .toBe(200);

  const second = startServer(secondPort, { SIFT_DATA_DIR: dataDir });
  expect(await exitCode(second)).not.toBe(0);
  expect(second.output()).toContain(
    `Sift cannot start. The data directory ${dataDir} is in use by another Sift process (pid ${first.child.pid}).`,
  );
  expect(second.output()).not.toContain("Failed to prepare server");

  expect(first.child.exitCode).toBeNull();
  expect((await fetch(`http://127.0.0.1:${firstPort}/ingest`)).status).toBe(200);
});
