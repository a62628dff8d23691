import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";

// One data directory per test run, made once in the runner and inherited by workers through env.
process.env.SIFT_E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), "sift-e2e-"));
const port = Number(process.env.SIFT_E2E_PORT ?? 3107);

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
    baseURL: `http://127.0.0.1:${port}`,
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
  webServer: {
    // A production server (next start) on its own data directory; scripts/e2e-server.mjs also makes a
    // fresh PostgreSQL database when TEST_DATABASE_URL is set.
    command: `node scripts/e2e-server.mjs ${port}`,
    url: `http://127.0.0.1:${port}/ingest`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
  },
});
