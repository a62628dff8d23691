/**
 * Load: 50 concurrent reviewers approving, editing and searching on the production server (`next start`;
 * `npx next build` first), on PGlite and on PostgreSQL. Seeds through the app's own REST API (transcripts →
 * offline extraction runs → open candidates, about 4 of 5 lines; manual facts to edit), drives it with
 * autocannon from a second process on loopback, samples the server's RSS, then opens the database and proves
 * nothing was lost or doubled (bench/lib/load-checks.ts). Prints a markdown table per database and writes
 * JSON to bench/results/.
 *   npx tsx bench/load.ts [--db pglite|postgres|both] [--duration 60] [--connections 50] [--candidates 3000]
 *     [--port 3681] [--instances 1] [--cpu-prof DIR]
 * (SIFT_TOKEN set: every request carries `Authorization: Bearer $SIFT_TOKEN`)
 * `--cpu-prof DIR` has each server write a V8 CPU profile there when it stops (open it in Chrome's DevTools).
 * `--instances N` (PostgreSQL only) starts N servers on ports port … port + N - 1 over the one database and deals
 * each request type's connections round-robin across them; the integrity checks run once, on the shared database.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { arg, relaunchUnderServerCondition } from "./lib/harness";
import { integrityFailures, type DbCounts } from "./lib/load-checks";
import {
  REQUEST_TYPES,
  requestHeaders,
  runDriver,
  type DriverResult,
  type LoadPlan,
  type RequestType,
} from "./lib/load-driver";
import { instanceRows, printInstanceTable, printTypeTable, typeRows } from "./lib/load-report";
import { startLoadServer, type LoadServer } from "./lib/load-server";
import { withMachineLoad } from "./lib/machine-load";

const root = path.resolve(import.meta.dirname, "..");
const tsxCli = path.join(root, "node_modules", "tsx", "dist", "cli.mjs");

if (process.argv[2] === "--driver") {
  await runDriver(process.argv[3] as string, process.argv[4] as string);
  process.exit(0);
}
relaunchUnderServerCondition(import.meta.filename);

const which = arg("db", "pglite");
const duration = Number(arg("duration", "60"));
const connections = Number(arg("connections", "50"));
const wanted = Number(arg("candidates", "3000"));
const port = Number(arg("port", "3681"));
const instances = Number(arg("instances", "1"));
const cpuProfileDir = arg("cpu-prof", "") || undefined;
if (!Number.isInteger(instances) || instances < 1) {
  console.error(`--instances takes a whole number from 1 up, not ${arg("instances", "")}`);
  process.exit(2);
}
if (instances > 1 && which !== "postgres") {
  console.error(
    "--instances above 1 needs --db postgres: PGlite cannot be shared across processes (one process owns its " +
      "data directory), so several servers can only share a PostgreSQL database.",
  );
  process.exit(2);
}
const { generateVariedFacts } = await import("@/tests/review/generate-varied-facts");
const { createDb } = await import("@/lib/db/client");

async function api<T>(base: string, method: string, url: string, body?: unknown): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    let response: Response;
    try {
      response = await fetch(`${base}${url}`, {
        method,
        headers: requestHeaders(body !== undefined),
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (error) {
      // A kept-alive socket the server closed meanwhile: a read is safe to ask again, a write is not.
      if (method !== "GET" || attempt >= 5) throw error;
      continue;
    }
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  }
}

const SPEAKERS = ["Priya", "Marcus", "Elena", "Tom", "Aisha"];
const LINES_PER_SOURCE = 200;

/** Transcripts through POST /api/sources until `wanted` open candidates wait; their ids and versions. */
async function seedCandidates(base: string, statements: string[]): Promise<{ id: string; version: number }[]> {
  for (let s = 0; s * LINES_PER_SOURCE < statements.length; s += 2) {
    // Two transcripts at a time: the server's worker runs them while the next ones upload.
    const runs = await Promise.all(
      [s, s + 1]
        .filter((k) => k * LINES_PER_SOURCE < statements.length)
        .map((k) => {
          const lines = statements.slice(k * LINES_PER_SOURCE, (k + 1) * LINES_PER_SOURCE);
          const text = lines.map((line, i) => `${SPEAKERS[i % SPEAKERS.length]}: ${line}`).join("\n");
          return api<{ runId: string }>(base, "POST", "/api/sources", {
            title: `Load notes ${k + 1}`,
            text,
            // The meeting preset keeps a few candidates per 1,000 words; this one keeps every fact it finds.
            preset: "personal",
          });
        }),
    );
    for (const { runId } of runs) {
      for (;;) {
        const run = await api<{ status: string }>(base, "GET", `/api/runs/${runId}`);
        if (!["queued", "running"].includes(run.status)) break;
        await new Promise((r) => setTimeout(r, 500));
      }
    }
  }
  const open: { id: string; version: number }[] = [];
  let cursor: string | null = null;
  do {
    const page: { candidates: { id: string; version: number }[]; nextCursor: string | null } = await api(
      base,
      "GET",
      `/api/candidates?status=open&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
    );
    open.push(...page.candidates.map(({ id, version }) => ({ id, version })));
    cursor = page.nextCursor;
  } while (cursor);
  return open;
}

/** Splits the reviewers among the request types (at least one each). */
function split(total: number): Record<RequestType, number> {
  const share = { approve: 0.4, edit: 0.2, search: 0.2, factsPage: 0.1, reviewPage: 0.1 };
  const out = Object.fromEntries(REQUEST_TYPES.map((t) => [t, Math.max(1, Math.round(total * share[t]))]));
  return out as Record<RequestType, number>;
}

async function plan(base: string, statements: string[]): Promise<LoadPlan> {
  const open = await seedCandidates(base, statements);
  const counts = split(connections);
  // Each request takes the next candidate; every tenth is handed out twice in a row, so two reviewers race for
  // it and one must be told 409.
  const approvals = open.flatMap((c, i) =>
    i % 10 === 0
      ? [
          { ...c, shared: true },
          { ...c, shared: true },
        ]
      : [{ ...c, shared: false }],
  );
  // Two facts per editor: each request edits one nobody else is editing, except every fifth (a race).
  const edits: { id: string; version: number }[] = [];
  for (let i = 0; i < counts.edit * 2; i++) {
    const fact = await api<{ id: string; version: number }>(base, "POST", "/api/facts", {
      content: `Load fact ${i}: ${statements[i % statements.length]}`,
      kind: "decision",
      temporal: "present",
    });
    edits.push({ id: fact.id, version: fact.version });
  }
  const words = statements.flatMap((s) => s.split(/\W+/).filter((w) => w.length > 4));
  const queries = Array.from({ length: 40 }, (_, i) =>
    i % 3 === 0 ? `${words[(i * 7919) % words.length]} ${words[(i * 104_729) % words.length]}` : words[i * 31]!,
  );
  return { bases: [base], duration, connections: counts, approvals, edits, queries };
}

function drive(loadPlan: LoadPlan, dir: string): Promise<DriverResult> {
  const planFile = path.join(dir, "plan.json");
  const outFile = path.join(dir, "result.json");
  fs.writeFileSync(planFile, JSON.stringify(loadPlan));
  const child = spawn(process.execPath, [tsxCli, import.meta.filename, "--driver", planFile, outFile], {
    cwd: root,
    stdio: "inherit",
  });
  return new Promise((resolve, reject) =>
    child.on("exit", (code) =>
      code === 0
        ? resolve(JSON.parse(fs.readFileSync(outFile, "utf8")) as DriverResult)
        : reject(new Error(`the load driver exited ${code}`)),
    ),
  );
}

async function readCounts(server: LoadServer, since: Date): Promise<DbCounts> {
  const opened = await createDb(server.databaseUrl ? { databaseUrl: server.databaseUrl } : { dataDir: server.dataDir });
  try {
    const q = <T>(sql: string, ...values: unknown[]) => opened.prisma.$queryRawUnsafe<T>(sql, ...values);
    const [facts] = await q<{ n: number }[]>(`SELECT count(*)::int AS n FROM "Fact" WHERE "createdAt" >= $1`, since);
    const [edits] = await q<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM "FactRevision" WHERE action = 'edit' AND "createdAt" >= $1`,
      since,
    );
    const provenanceByCandidate = await q<DbCounts["provenanceByCandidate"]>(
      `SELECT c.id AS "candidateId", c.status::text AS status, count(p.id)::int AS rows,
              coalesce(array_agg(p."factId") FILTER (WHERE p.id IS NOT NULL), '{}') AS "factIds"
       FROM "Candidate" c LEFT JOIN "FactProvenance" p ON p."candidateId" = c.id
       WHERE c.status IN ('approved', 'merged') GROUP BY c.id, c.status`,
    );
    const versionMismatches = await q<DbCounts["versionMismatches"]>(
      `SELECT f.id AS "factId", f.version, count(r.id)::int AS revisions
       FROM "Fact" f LEFT JOIN "FactRevision" r ON r."factId" = f.id
       GROUP BY f.id, f.version HAVING count(r.id) <> f.version`,
    );
    return {
      factsSince: facts!.n,
      editRevisionsSince: edits!.n,
      provenanceByCandidate,
      versionMismatches,
    };
  } finally {
    await opened.close();
  }
}

async function benchOne(kind: "pglite" | "postgres") {
  const server = await startLoadServer({ kind, port, root, instances, cpuProfileDir });
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "sift-load-"));
  try {
    const statements = generateVariedFacts(wanted, 23);
    const seedStart = performance.now();
    // Seeded through the first server; the runs it starts are claimed by whichever instance's worker comes first.
    const loadPlan = { ...(await plan(server.bases[0]!, statements)), bases: server.bases };
    const candidates = new Set(loadPlan.approvals.map((c) => c.id)).size;
    const seedSeconds = (performance.now() - seedStart) / 1000;
    const since = new Date();
    server.sampleRss();
    const { value: result, load } = await withMachineLoad(drive(loadPlan, workDir));
    const peakRssMb = server.peakRssMb();
    const cpuSeconds = server.cpuSeconds();
    await server.stop();
    const failures = integrityFailures(result, await readCounts(server, since));
    const rows = typeRows(result, loadPlan);
    const perInstance = instanceRows(result, loadPlan);
    const label = kind === "pglite" ? "PGlite" : "PostgreSQL";
    const servers = instances > 1 ? `${instances} servers on one database` : "one server";
    const rss = peakRssMb.map((m) => m.toFixed(0)).join(" + ");
    const cpu = cpuSeconds.map((c) => c.toFixed(0)).join(" + ");
    const [start, mean, max] = [load.start, load.mean, load.max].map((x) => x.toFixed(1));
    console.log(`\n### ${label}, ${servers}: ${connections} reviewers for ${duration} s\n`);
    console.log(`${candidates} open candidates seeded in ${seedSeconds.toFixed(0)} s through the API.`);
    console.log(
      `Servers during the load: CPU ${cpu} s, peak RSS ${rss} MB (${os.cpus().length} cores on the machine).`,
    );
    console.log(
      `Machine during the load: CPU ${(load.busy * 100).toFixed(0)}% busy (all cores, anyone's); ` +
        `load average ${start} at the start, mean ${mean}, max ${max}.\n`,
    );
    printTypeTable(rows, result);
    console.log("");
    printInstanceTable(perInstance, duration);
    console.log(
      `\nIntegrity (one check of the shared database after the load): ${result.approved.length} approvals and ` +
        `${result.edits} edits succeeded; ` +
        (failures.length ? `FAILED:\n- ${failures.slice(0, 20).join("\n- ")}` : "every check passed."),
    );
    return {
      database: label,
      instances,
      duration,
      connections,
      candidates,
      seedSeconds,
      peakRssMb,
      cpuSeconds,
      load,
      rows,
      perInstance,
      failures,
    };
  } finally {
    await server.stop();
    fs.rmSync(workDir, { recursive: true, force: true });
    await server.cleanup();
  }
}

const kinds = which === "both" ? (["pglite", "postgres"] as const) : ([which] as ["pglite" | "postgres"]);
const results = [];
for (const kind of kinds) results.push(await benchOne(kind));
const outDir = path.join(root, "bench", "results");
fs.mkdirSync(outDir, { recursive: true });
const outFile = path.join(
  outDir,
  `load-${instances > 1 ? `x${instances}-` : ""}${new Date().toISOString().replace(/[:.]/g, "-")}.json`,
);
fs.writeFileSync(outFile, JSON.stringify({ at: new Date(), host: os.loadavg(), results }, null, 2));
console.log(`\nJSON: ${path.relative(root, outFile)}`);
process.exit(results.some((r) => r.failures.length || r.rows.some((row) => row.unexpected)) ? 1 : 0);
