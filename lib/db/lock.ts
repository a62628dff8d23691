import "server-only";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { AppError } from "@/lib/errors";

/**
 * One process per data directory. PGlite has no locking of its own, and two processes writing the same
 * directory silently lose rows and can leave it unopenable, so the directory is claimed with a lock file.
 *
 * Why a pid file (atomic create + `process.kill(pid, 0)`) rather than `proper-lockfile`: proper-lockfile
 * decides staleness by an mtime it refreshes on a timer, and PGlite runs queries on the main thread, so a
 * long query can starve that timer and let a second process "take over" a lock that is still held. A pid
 * check never expires a live holder, and a crashed holder is detected at once instead of after a timeout.
 * Pid reuse is caught by also recording the process start time (Linux) and by refusing to trust our own
 * pid when this process did not take the lock (a restarted container is often pid 1 again).
 */
export interface LockHolder {
  pid: number;
  hostname: string;
  /** Kernel start time of the holder (Linux /proc), to tell a reused pid from the real holder. */
  startTime: string | null;
  nonce: string;
  acquiredAt: string;
}

export interface DirectoryLock {
  readonly path: string;
  release(): void;
}

const heldHere = new Map<string, LockHolder>();
let exitHookInstalled = false;

function processStartTime(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // Field 22; the command name (field 2) may contain spaces, so count from its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return fields[19] ?? null;
  } catch {
    return null;
  }
}

function readHolder(lockPath: string): LockHolder | null {
  try {
    const parsed = JSON.parse(fs.readFileSync(lockPath, "utf8")) as Partial<LockHolder>;
    if (typeof parsed.pid !== "number" || typeof parsed.nonce !== "string") return corruptHolder();
    return {
      pid: parsed.pid,
      hostname: String(parsed.hostname ?? ""),
      startTime: typeof parsed.startTime === "string" ? parsed.startTime : null,
      nonce: parsed.nonce,
      acquiredAt: String(parsed.acquiredAt ?? ""),
    };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    return corruptHolder();
  }
}

/**
 * Unreadable or half-written content cannot come from a live holder: the file is written in full before
 * it is linked into place, so a live holder's lock is always complete.
 */
function corruptHolder(): LockHolder {
  return { pid: -1, hostname: os.hostname(), startTime: null, nonce: "corrupt", acquiredAt: "" };
}

/** Whether the process that wrote `holder` may still be running. Errs on the side of "alive". */
export function isHolderAlive(holder: LockHolder): boolean {
  if (holder.pid <= 0) return false;
  // On another machine (shared volume) we cannot check; refuse rather than risk two writers.
  if (holder.hostname !== os.hostname()) return true;
  if (holder.pid === process.pid) {
    // Not taken by this module instance (the caller checked). Same start time: another thread of this
    // process holds it. Otherwise it is a previous life of this pid (a restarted container is pid 1 again).
    const mine = processStartTime(process.pid);
    return holder.startTime !== null && mine !== null && holder.startTime === mine;
  }
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ESRCH") return false;
    // EPERM: it exists but belongs to someone else, so it is alive.
  }
  const start = processStartTime(holder.pid);
  if (holder.startTime && start && start !== holder.startTime) return false; // pid reused
  return true;
}

function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Removes a dead holder's lock. A guard file makes the check-and-remove atomic: without it, two processes
 * that both judged the old lock stale could each delete it, and the slower one would delete the fresh
 * lock the faster one had just taken.
 */
function removeStaleLock(lockPath: string, stale: LockHolder): void {
  const guard = `${lockPath}.takeover`;
  for (let attempt = 0; attempt < 100; attempt++) {
    let fd: number;
    try {
      fd = fs.openSync(guard, "wx");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      // A guard older than a few seconds was left by a process that died mid-takeover.
      try {
        if (Date.now() - fs.statSync(guard).mtimeMs > 5_000) fs.rmSync(guard, { force: true });
      } catch {
        // gone already
      }
      sleepSync(20);
      continue;
    }
    try {
      const current = readHolder(lockPath);
      if (current && current.nonce === stale.nonce && current.pid === stale.pid) {
        fs.rmSync(lockPath, { force: true });
      }
    } finally {
      fs.closeSync(fd);
      fs.rmSync(guard, { force: true });
    }
    return;
  }
}

function inUseError(dir: string, holder: LockHolder, lockPath: string): AppError {
  const where = holder.hostname && holder.hostname !== os.hostname() ? ` on host ${holder.hostname}` : "";
  return new AppError(
    "CONFIG",
    `The data directory ${dir} is in use by another Sift process (pid ${holder.pid}${where}). ` +
      `Stop it or set SIFT_DATA_DIR to another directory (or DATABASE_URL to use PostgreSQL). ` +
      `If no such process is running, delete ${lockPath}.`,
  );
}

/**
 * Claims `dir` for this process, or throws AppError("CONFIG") naming the pid that holds it. A lock
 * left by a process that no longer runs is taken over. The lock is released by `release()` or when
 * this process exits normally; after a kill -9 the next process takes it over.
 */
export function acquireDirectoryLock(dir: string, lockName = "sift.lock"): DirectoryLock {
  fs.mkdirSync(dir, { recursive: true });
  const lockPath = path.join(/*turbopackIgnore: true*/ dir, lockName);
  if (heldHere.has(lockPath)) {
    throw new AppError(
      "CONFIG",
      `The data directory ${dir} is already open in this process; ` +
        "reuse that database (getDb()) instead of opening it twice.",
    );
  }

  const me: LockHolder = {
    pid: process.pid,
    hostname: os.hostname(),
    startTime: processStartTime(process.pid),
    nonce: randomUUID(),
    acquiredAt: new Date().toISOString(),
  };
  // Written in full first, then linked into place: link fails if the lock exists, so creation is
  // atomic and the lock is never seen half-written.
  const staging = `${lockPath}.${process.pid}.${me.nonce}.tmp`;
  fs.writeFileSync(staging, JSON.stringify(me) + "\n");
  try {
    for (let attempt = 0; attempt < 10; attempt++) {
      try {
        fs.linkSync(staging, lockPath);
        heldHere.set(lockPath, me);
        installExitHook();
        return { path: lockPath, release: () => releaseLock(lockPath) };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      }
      const holder = readHolder(lockPath);
      if (!holder) continue; // released between our attempt and the read
      if (isHolderAlive(holder)) throw inUseError(dir, holder, lockPath);
      removeStaleLock(lockPath, holder);
    }
    const holder = readHolder(lockPath);
    throw holder ? inUseError(dir, holder, lockPath) : new AppError("CONFIG", `Could not lock ${dir}.`);
  } finally {
    fs.rmSync(staging, { force: true });
  }
}

function releaseLock(lockPath: string): void {
  const mine = heldHere.get(lockPath);
  if (!mine) return;
  heldHere.delete(lockPath);
  const current = readHolder(lockPath);
  // Only remove the file if it is still ours (someone may have deleted it by hand and taken it since).
  if (current && current.nonce === mine.nonce) fs.rmSync(lockPath, { force: true });
}

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  // 'exit' runs for normal exits and process.exit(). Signals are not hooked here: a handler would change
  // how the app (and Next.js) shuts down; a lock left by a signal is taken over as stale next time.
  process.on("exit", () => {
    for (const lockPath of [...heldHere.keys()]) {
      try {
        releaseLock(lockPath);
      } catch {
        // exiting anyway
      }
    }
  });
}
