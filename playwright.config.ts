import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";

// One data directory per test run, made once in the runner and inherited by workers through env.
process.env.SIFT_E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), "sift-e2e-"));
const port = Number(process.env.SIFT_E2E_PORT ?? 3107);
// A second app instance configured with a model, served by the local fake OpenAI-compatible server.
const llmPort = port + 1;
const fakeModelPort = port + 904;
// A third instance in the accounts mode (SIFT_AUTH=accounts) on its own fresh database; the specs that start
// servers of their own use +2, +3 (boot.spec) and +5, +6 (durable-runs.spec).
const accountsPort = port + 8;

export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  workers: 1,
  forbidOnly: true,
  retries: 0,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  timeout: 60_000,
  expect: { timeout: 15_000 },
  use: {
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    { name: "offline-setup", testMatch: /learning-off\.setup\.ts$/, use: { baseURL: `http://127.0.0.1:${port}` } },
    {
      name: "offline",
      testIgnore: /\.(llm|accounts)\.spec\.ts$/,
      dependencies: ["offline-setup"],
      use: { baseURL: `http://127.0.0.1:${port}` },
    },
    { name: "accounts", testMatch: /\.accounts\.spec\.ts$/, use: { baseURL: `http://127.0.0.1:${accountsPort}` } },
    { name: "llm", testMatch: /\.llm\.spec\.ts$/, use: { baseURL: `http://127.0.0.1:${llmPort}` } },
  ],
  // Production servers (next start), each on its own data directory; scripts/e2e-server.mjs makes a
  // fresh PostgreSQL database instead when TEST_DATABASE_URL is set.
  webServer: [
    {
      command: `node scripts/e2e-server.mjs ${port}`,
      url: `http://127.0.0.1:${port}/ingest`,
      timeout: 120_000,
      reuseExistingServer: false,
      // Playwright otherwise SIGKILLs the server: the script could not drop its PostgreSQL database.
      gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
      stdout: "pipe",
      stderr: "pipe",
    },
    {
      command: `node node_modules/tsx/dist/cli.mjs tests/fake-openai-server.ts --port ${fakeModelPort}`,
      port: fakeModelPort,
      timeout: 60_000,
      reuseExistingServer: false,
    },
    {
      command: `node scripts/e2e-server.mjs ${llmPort} --model-url http://127.0.0.1:${fakeModelPort}/v1`,
      url: `http://127.0.0.1:${llmPort}/ingest`,
      timeout: 120_000,
      reuseExistingServer: false,
      gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
      stdout: "pipe",
      stderr: "pipe",
    },
    {
      command: `node scripts/e2e-server.mjs ${accountsPort} --accounts`,
      url: `http://127.0.0.1:${accountsPort}/login`,
      timeout: 120_000,
      reuseExistingServer: false,
      gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
      stdout: "pipe",
      stderr: "pipe",
    },
  ],
});
