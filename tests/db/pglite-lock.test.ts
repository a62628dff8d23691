import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb } from "@/lib/db/client";
import { pgliteTemplateDir } from "@/tests/db";

const tsx = path.resolve("node_modules/tsx/dist/cli.mjs");
const fixture = path.resolve("tests/db/fixtures/open-data-dir.ts");

/**
 * Opens `dataDir` in another process, as a second app instance or CLI would. The react-server condition
 * comes after tsx's cli: tsx re-launches node without forwarding node's own flags.
 */
function openInChild(dataDir: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsx, "--conditions=react-server", fixture, dataDir], {
      cwd: path.resolve("."),
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

describe("one process per PGlite data directory", () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "sift-lock-db-"));
    fs.cpSync(await pgliteTemplateDir(), dataDir, { recursive: true });
  });
  afterAll(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("refuses a second process while the first holds the directory, with a clear message", async () => {
    const db = await createDb({ dataDir });
    try {
      const second = await openInChild(dataDir);
      expect(second.code).toBe(3);
      expect(second.stderr).toContain(
        `CONFIG: The data directory ${dataDir} is in use by another Sift process (pid ${process.pid}). ` +
          "Stop it or set SIFT_DATA_DIR",
      );
      // The first process is unaffected.
      expect(await db.prisma.reviewer.count()).toBe(1);
    } finally {
      await db.close();
    }
    // Once the first has closed, the directory can be opened again.
    const third = await openInChild(dataDir);
    expect(third.stdout).toContain("opened");
    expect(third.code).toBe(0);
  });

  it("takes over the lock of a process that died without releasing it", async () => {
    const crashed = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
    await new Promise((resolve) => crashed.on("close", resolve));
    fs.writeFileSync(
      path.join(dataDir, "sift.lock"),
      JSON.stringify({ pid: crashed.pid, hostname: os.hostname(), startTime: null, nonce: "crashed", acquiredAt: "" }),
    );
    const child = await openInChild(dataDir);
    expect(child.stderr).toBe("");
    expect(child.stdout).toContain("opened");
    expect(child.code).toBe(0);
    expect(fs.existsSync(path.join(dataDir, "sift.lock"))).toBe(false); // released on the child's exit
  });
});
