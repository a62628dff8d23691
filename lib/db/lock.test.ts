import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { acquireDirectoryLock } from "@/lib/db/lock";
import { AppError } from "@/lib/errors";

const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sift-lock-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function writeLock(dir: string, pid: number, extra: Record<string, unknown> = {}): string {
  const lockPath = path.join(dir, "sift.lock");
  fs.writeFileSync(lockPath, JSON.stringify({ pid, hostname: os.hostname(), nonce: "old", startTime: null, ...extra }));
  return lockPath;
}

const fixture = path.resolve("tests/db/fixtures/take-lock.ts");
const tsx = path.resolve("node_modules/tsx/dist/cli.mjs");

/**
 * Runs the lock fixture in a separate process. The react-server condition (which makes server-only a
 * no-op) goes AFTER tsx's cli: tsx re-launches node and does not forward node's own flags.
 */
function startTakeLock(dir: string, mode: "hold" | "once") {
  const child = spawn(process.execPath, [tsx, "--conditions=react-server", fixture, dir, mode], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  const firstLine = new Promise<string>((resolve) => {
    let out = "";
    child.stdout.on("data", (d: Buffer) => {
      out += d.toString();
      if (out.includes("\n")) resolve(out.split("\n")[0] ?? "");
    });
    child.on("close", () => resolve(out.trim()));
  });
  const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
  return { process: child, firstLine, exited };
}

/** A pid that certainly belongs to no running process: a child that has already exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"]);
  return Number(child.stdout.toString());
}

describe("acquireDirectoryLock", () => {
  it("creates the directory and a lock file naming this process, removed on release", () => {
    const dir = path.join(tempDir(), "nested", "data");
    const lock = acquireDirectoryLock(dir);
    const content = JSON.parse(fs.readFileSync(lock.path, "utf8")) as { pid: number };
    expect(content.pid).toBe(process.pid);
    lock.release();
    expect(fs.existsSync(lock.path)).toBe(false);
  });

  it("refuses to open the same directory twice in one process", () => {
    const dir = tempDir();
    const lock = acquireDirectoryLock(dir);
    try {
      expect(() => acquireDirectoryLock(dir)).toThrow(/already open in this process/);
    } finally {
      lock.release();
    }
  });

  it("refuses a directory held by another live process, naming its pid and the way out", async () => {
    const dir = tempDir();
    const holder = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"], { stdio: "ignore" });
    try {
      const pid = holder.pid ?? 0;
      writeLock(dir, pid);
      let caught: unknown;
      try {
        acquireDirectoryLock(dir);
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(AppError);
      expect((caught as AppError).code).toBe("CONFIG");
      expect((caught as AppError).message).toContain(
        `The data directory ${dir} is in use by another Sift process (pid ${pid})`,
      );
      expect((caught as AppError).message).toContain("SIFT_DATA_DIR");
      // The holder's lock is left alone.
      expect(JSON.parse(fs.readFileSync(path.join(dir, "sift.lock"), "utf8")).pid).toBe(pid);
    } finally {
      holder.kill();
    }
  });

  it("takes over a lock left by a process that no longer runs", () => {
    const dir = tempDir();
    const lockPath = writeLock(dir, deadPid());
    const lock = acquireDirectoryLock(dir);
    expect(JSON.parse(fs.readFileSync(lockPath, "utf8")).pid).toBe(process.pid);
    lock.release();
  });

  it("takes over a lock whose pid was reused by an unrelated process (start time differs)", async () => {
    const dir = tempDir();
    const other = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"], { stdio: "ignore" });
    try {
      writeLock(dir, other.pid ?? 0, { startTime: "1" }); // recorded start time that cannot match
      const lock = acquireDirectoryLock(dir);
      lock.release();
    } finally {
      other.kill();
    }
  });

  it("takes over a lock file with our own pid that this process never took (restarted container)", () => {
    const dir = tempDir();
    writeLock(dir, process.pid, { startTime: "1" });
    const lock = acquireDirectoryLock(dir);
    lock.release();
  });

  it("takes over an unreadable lock file", () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, "sift.lock"), "{not json");
    const lock = acquireDirectoryLock(dir);
    lock.release();
  });

  it("is released when the holding process exits normally", async () => {
    const dir = tempDir();
    const child = startTakeLock(dir, "hold");
    expect(await child.firstLine).toBe("won");
    expect(fs.existsSync(path.join(dir, "sift.lock"))).toBe(true);
    child.process.stdin.end();
    await child.exited;
    expect(fs.existsSync(path.join(dir, "sift.lock"))).toBe(false);
  });

  it("lets exactly one of several processes racing for a stale lock win", async () => {
    const dir = tempDir();
    writeLock(dir, deadPid()); // start from a stale lock, so the takeover path races too
    const children = Array.from({ length: 4 }, () => startTakeLock(dir, "hold"));
    try {
      const outcomes = await Promise.all(children.map((c) => c.firstLine));
      expect(outcomes.filter((o) => o === "won")).toHaveLength(1);
      expect(outcomes.filter((o) => o === "CONFIG")).toHaveLength(3);
    } finally {
      for (const c of children) c.process.stdin.end();
      await Promise.all(children.map((c) => c.exited));
    }
  });
});
