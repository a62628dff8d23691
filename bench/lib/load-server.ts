/**
 * The load bench's servers: `next start` on loopback, one or several on one database (a fresh PGlite data dir,
 * or a fresh PostgreSQL database sift_load_<random> dropped by cleanup), with memory sampled from /proc.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { freshServerEnv } from "./server-env";

export interface LoadServer {
  /** One base URL per instance, in port order. */
  bases: string[];
  databaseUrl?: string;
  dataDir?: string;
  /** Starts sampling the RSS of each server's process tree every 250 ms (until stop). */
  sampleRss(): void;
  /** Peak RSS in MB, one per instance. */
  peakRssMb(): number[];
  /** CPU seconds each instance's process tree used since sampleRss() (the load), one per instance. */
  cpuSeconds(): number[];
  stop(): Promise<void>;
  cleanup(): Promise<void>;
}

/** pid and every descendant (next start may run the server in a child process). */
function processTree(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const tree: number[] = [];
  for (const queue = [pid]; queue.length;) {
    const p = queue.pop() as number;
    tree.push(p);
    queue.push(...(children.get(p) ?? []));
  }
  return tree;
}

/** Sums `read(pid)` over the tree; a process gone meanwhile counts 0. */
function overTree(pid: number, read: (p: number) => number): number {
  return processTree(pid).reduce((total, p) => {
    try {
      return total + read(p);
    } catch {
      return total; // gone meanwhile
    }
  }, 0);
}

const rssKb = (p: number) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${p}/status`, "utf8"))?.[1] ?? 0);

/** User + system CPU seconds so far (utime, stime: fields 14 and 15, in clock ticks of 1/100 s on Linux). */
function cpuSeconds(p: number): number {
  const stat = fs.readFileSync(`/proc/${p}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** One `next start` on `port`, resolved once it answers (or rejected after 180 s or an early exit). */
async function spawnServer(root: string, env: NodeJS.ProcessEnv, port: number, nodeArgs: string[] = []) {
  const next = path.join(root, "node_modules", "next", "dist", "bin", "next");
  const child = spawn(process.execPath, [...nodeArgs, next, "start", "-p", String(port), "-H", "127.0.0.1"], {
    cwd: root,
    env: { ...env, PORT: String(port) },
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  const base = `http://127.0.0.1:${port}`;
  for (let waited = 0; ; waited += 200) {
    const ok = await fetch(`${base}/api/facts?limit=1`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (waited > 180_000 || child.exitCode !== null) {
      child.kill();
      throw new Error(`the server on ${port} did not answer within 180 s (did you run \`npx next build\`?)`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { child, exited, base };
}

/**
 * `instances` servers on ports port, port + 1, … over one fresh database. More than one needs PostgreSQL:
 * PGlite is one process per data directory (lib/db/lock.ts refuses a second).
 */
export async function startLoadServer({
  kind,
  port,
  root,
  instances = 1,
  cpuProfileDir,
}: {
  kind: "pglite" | "postgres";
  port: number;
  root: string;
  instances?: number;
  /** Where each server writes a V8 CPU profile when it stops (`--cpu-prof`): what its threads spent time on. */
  cpuProfileDir?: string;
}): Promise<LoadServer> {
  if (instances > 1 && kind !== "postgres") {
    throw new Error("--instances above 1 needs --db postgres: a PGlite data directory is one process's alone");
  }
  const { env, cleanup } = await freshServerEnv(kind, "sift-load");
  // Offline extraction: no model is called, and the figures are the app's, not a provider's.
  for (const key of Object.keys(env)) if (key.startsWith("SIFT_LLM_") || key.endsWith("_API_KEY")) delete env[key];
  // 50 reviewers from one address are far over the default rate limit (SIFT_RATE_LIMIT): the limiter still
  // counts every request in the database (its cost is in the figures) but never refuses one.
  env.SIFT_RATE_LIMIT ??= "100000000";
  env.SIFT_SPACE_RATE_LIMIT ??= "100000000";
  const servers: Awaited<ReturnType<typeof spawnServer>>[] = [];
  try {
    // The first one alone: it migrates the new database (under its advisory lock); the rest find it migrated.
    const nodeArgs = cpuProfileDir ? ["--cpu-prof", `--cpu-prof-dir=${cpuProfileDir}`] : [];
    servers.push(await spawnServer(root, env, port, nodeArgs));
    const rest = Array.from({ length: instances - 1 }, (_, i) => spawnServer(root, env, port + i + 1, nodeArgs));
    const settled = await Promise.allSettled(rest);
    for (const s of settled) if (s.status === "fulfilled") servers.push(s.value);
    const failed = settled.find((s) => s.status === "rejected");
    if (failed) throw failed.reason;
  } catch (error) {
    for (const { child } of servers) process.kill(-child.pid!, "SIGKILL");
    await cleanup();
    throw error;
  }
  const peakKb = servers.map(() => 0);
  let cpuAtStart = servers.map(() => 0);
  const cpuNow = () => servers.map((s) => overTree(s.child.pid!, cpuSeconds));
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  return {
    bases: servers.map((s) => s.base),
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.SIFT_DATA_DIR,
    sampleRss() {
      cpuAtStart = cpuNow();
      timer = setInterval(
        () => servers.forEach((s, i) => (peakKb[i] = Math.max(peakKb[i]!, overTree(s.child.pid!, rssKb)))),
        250,
      );
    },
    peakRssMb: () => peakKb.map((kb) => kb / 1024),
    cpuSeconds: () => cpuNow().map((now, i) => now - cpuAtStart[i]!),
    async stop() {
      clearInterval(timer);
      if (stopped) return;
      stopped = true;
      await Promise.all(
        servers.map(async ({ child, exited }) => {
          try {
            process.kill(-child.pid!, "SIGTERM");
          } catch {
            return; // already gone
          }
          // PGlite's data dir is free (and readable by the checks) only once the server has closed it.
          await Promise.race([exited, new Promise((r) => setTimeout(r, 30_000))]);
        }),
      );
    },
    cleanup,
  };
}
