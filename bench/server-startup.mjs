// Cold start of the production server to its first page, on a new and on an existing PGlite data
// directory, and the server's memory after an extraction. Needs `npm run build` first.
// Usage: node bench/server-startup.mjs [runs=3]
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";

const runs = Number(process.argv[2] ?? 3);
const root = path.resolve(import.meta.dirname, "..");
const next = path.join(root, "node_modules", "next", "dist", "bin", "next");
const port = 3219;

async function firstPage(dataDir) {
  const started = performance.now();
  const child = spawn(process.execPath, [next, "start", "-p", String(port), "-H", "127.0.0.1"], {
    cwd: root,
    env: { ...process.env, SIFT_DATA_DIR: dataDir, NEXT_TELEMETRY_DISABLED: "1", DATABASE_URL: "" },
    stdio: "ignore",
  });
  for (;;) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/ingest`);
      if (response.ok) break;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 50));
    if (performance.now() - started > 120_000) throw new Error("server did not answer within 120 s");
  }
  return { child, ms: performance.now() - started };
}

async function stop(child) {
  child.kill("SIGTERM");
  await new Promise((r) => child.once("exit", r));
}

function rssMb(pid) {
  // next start runs the server in a child process; sum the tree's resident memory.
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  let total = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  try {
    for (const child of readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean)) {
      total += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child}/status`, "utf8"))?.[1] ?? 0);
    }
  } catch {
    /* no children */
  }
  return total / 1024;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fresh = [];
const warm = [];
let memory = { idle: 0, afterExtraction: 0 };
for (let i = 0; i < runs; i++) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "sift-bench-start-"));
  const a = await firstPage(dir);
  fresh.push(a.ms);
  if (i === 0) {
    memory.idle = rssMb(a.child.pid);
    // One extraction through the browser, as a user would, then the review page.
    const transcript = Array.from(
      { length: 60 },
      (_, k) => `Speaker${k % 4}: We decided to ship feature ${k} by the end of Q${(k % 4) + 1}.`,
    ).join("\n");
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
    });
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${port}/ingest`);
    await page.getByLabel("Transcript").fill(transcript);
    await page.getByRole("button", { name: "Extract" }).click();
    await page.getByRole("status").filter({ hasText: "Extraction finished" }).waitFor({ timeout: 60_000 });
    await page.goto(`http://127.0.0.1:${port}/review`);
    await browser.close();
    memory.afterExtraction = rssMb(a.child.pid);
  }
  await stop(a.child);
  const b = await firstPage(dir);
  warm.push(b.ms);
  await stop(b.child);
  rmSync(dir, { recursive: true, force: true });
}
console.log(
  `cold start to first page, new data dir:      median ${median(fresh).toFixed(0)} ms  ` +
    `(${fresh.map((x) => x.toFixed(0)).join(", ")})`,
);
console.log(
  `cold start to first page, existing data dir: median ${median(warm).toFixed(0)} ms  ` +
    `(${warm.map((x) => x.toFixed(0)).join(", ")})`,
);
console.log(
  `server memory (RSS, process tree): ${memory.idle.toFixed(0)} MB after the first page, ` +
    `${memory.afterExtraction.toFixed(0)} MB after an extraction and the review page`,
);
