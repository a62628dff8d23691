/**
 * Pages while a big offline extraction runs on the production server (`next start`; `npm run build` first).
 * A ~5 MB transcript (the upload limit) is saved with a queued run before the server starts, so the server's
 * run worker picks it up at boot; meanwhile a few clients load pages (/review, /facts, /ingest, /sources)
 * one after another until the run ends. Prints the run's time and the pages' p50 / p95 / max latency, and the
 * same with no run for comparison.
 * --shape picks the pathological inputs of issue 22 instead of the transcript: `line` is one line of words with
 * no punctuation (--mb, 2 for the issue's probe), `lines` is 50,000 one-word lines (--lines to change).
 *   npx tsx bench/pages-during-extraction.ts [--db pglite|postgres] [--mb 5 | --file PATH]
 *     [--shape transcript|line|lines]
 *     [--lines 50000] [--clients 4] [--port 3951] [--cpu-prof DIR]
 * `--cpu-prof DIR` has the server write a V8 CPU profile there when it stops (what its thread spent time on).
 */
import { readFileSync } from "node:fs";
import { spawn } from "node:child_process";
import path from "node:path";
import { arg, pct, relaunchUnderServerCondition } from "./lib/harness";
import { freshServerEnv } from "./lib/server-env";

relaunchUnderServerCondition(import.meta.filename);

const { createDb } = await import("@/lib/db/client");
const { createQueuedRun } = await import("@/lib/jobs/start-extraction");
const { parseEnv } = await import("@/lib/env");
const { parseSource } = await import("@/lib/sources/parse");
const { pathologicalText } = await import("./lib/shapes");

const which = arg("db", "pglite");
const megabytes = Number(arg("mb", "5"));
const clients = Number(arg("clients", "4"));
const port = Number(arg("port", "3951"));
const root = path.resolve(import.meta.dirname, "..");
const PAGES = ["/review", "/facts", "/ingest", "/sources"];

const { env, cleanup } = await freshServerEnv(which === "postgres" ? "postgres" : "pglite", "sift-bench-pages");

// ~76 bytes a turn.
// --file: a real transcript (e.g. meetings strung together) instead of the generated one, whose turns repeat.
const file = arg("file", "");
const shape = arg("shape", "transcript");
const text = file ? readFileSync(file, "utf8") : pathologicalText(shape, megabytes, Number(arg("lines", "50000")));
const opened = await createDb(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.SIFT_DATA_DIR });
const parsed = parseSource({ text, maxBytes: 50 * 1024 * 1024 });
// Saved before the server starts and claimed by its worker at boot: not started yet when we measure idle pages.
const run = await createQueuedRun({
  db: opened.prisma,
  env: parseEnv({ ...process.env, ...env }),
  source: { title: "Bench meeting", origin: "paste", parsed },
  preset: "meeting",
  mode: "offline",
});
await opened.close();

const next = path.join(root, "node_modules", "next", "dist", "bin", "next");
const cpuProfileDir = arg("cpu-prof", "");
const nodeArgs = cpuProfileDir ? ["--cpu-prof", `--cpu-prof-dir=${cpuProfileDir}`] : [];
const server = spawn(process.execPath, [...nodeArgs, next, "start", "-p", String(port), "-H", "127.0.0.1"], {
  cwd: root,
  env,
  stdio: ["ignore", "ignore", "inherit"],
  detached: true,
});
const base = `http://127.0.0.1:${port}`;

interface Progress {
  status: string;
  chunksTotal: number;
  durationMs: number;
  error?: string | null;
}

async function progress(): Promise<Progress> {
  for (let attempt = 1; ; attempt++) {
    try {
      return (await (await fetch(`${base}/api/runs/${run.runId}`)).json()) as Progress;
    } catch (error) {
      // A kept-alive socket the server closed meanwhile: ask again.
      if (attempt >= 5) throw error;
    }
  }
}

/** Clients loading pages in turn until `until` says stop; every page's latency in ms. */
async function loadPages(until: () => boolean): Promise<{ latencies: number[]; errors: number }> {
  const latencies: number[] = [];
  const byPage = new Map<string, number[]>();
  let errors = 0;
  await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      for (let i = c; !until(); i++) {
        const t = performance.now();
        const page = PAGES[i % PAGES.length] as string;
        const ok = await fetch(`${base}${page}`).then(
          async (r) => (await r.arrayBuffer(), r.ok),
          () => false,
        );
        latencies.push(performance.now() - t);
        byPage.set(page, [...(byPage.get(page) ?? []), performance.now() - t]);
        if (!ok) errors++;
      }
    }),
  );
  for (const [page, ms] of byPage) console.log(`  ${page}: p50 ${pct(ms, 50).toFixed(0)} ms (${ms.length})`);
  return { latencies, errors };
}

const line = (label: string, { latencies, errors }: { latencies: number[]; errors: number }) =>
  `${label}: ${latencies.length} pages, p50 ${pct(latencies, 50).toFixed(0)} ms, ` +
  `p95 ${pct(latencies, 95).toFixed(0)} ms, max ${Math.max(...latencies).toFixed(0)} ms, errors ${errors}`;

try {
  for (let waited = 0; ; waited += 100) {
    const ok = await fetch(`${base}/ingest`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (waited > 120_000) throw new Error("the server did not answer within 120 s");
    await new Promise((r) => setTimeout(r, 100));
  }
  let finished = false;
  const watching = (async () => {
    while (!finished) {
      const p = await progress();
      if (!["queued", "running"].includes(p.status)) {
        finished = true;
        return p;
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    return progress();
  })();
  const during = await loadPages(() => finished);
  const done = await watching;
  console.log(`${which}, ${(Buffer.byteLength(text) / 1024 / 1024).toFixed(1)} MB ${shape}, ${clients} clients`);
  console.log(
    `run: ${done.status}, ${done.chunksTotal} chunks in ${done.durationMs} ms${done.error ? ` (${done.error})` : ""}`,
  );
  console.log(line("pages during the run", during));
  const stopAt = performance.now() + 10_000;
  console.log(line("pages with no run (10 s)", await loadPages(() => performance.now() > stopAt)));
} finally {
  try {
    process.kill(-server.pid!, "SIGTERM");
  } catch {
    // already gone
  }
  await new Promise((r) => setTimeout(r, 1000));
  await cleanup();
}
