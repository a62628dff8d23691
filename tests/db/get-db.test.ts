import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { pgliteTemplateDir } from "@/tests/db";

// getDb reads the environment once per process, so this file sets it before importing the module.
describe("getDb", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "sift-getdb-"));
  let closeDb: (() => Promise<void>) | undefined;
  afterAll(async () => {
    await closeDb?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("opens nothing at import time, then one migrated, seeded client per process", async () => {
    fs.cpSync(await pgliteTemplateDir(), dataDir, { recursive: true });
    delete process.env.DATABASE_URL;
    process.env.SIFT_DATA_DIR = dataDir;
    const client = await import("@/lib/db/client");
    closeDb = client.closeDb;
    expect(fs.existsSync(path.join(dataDir, "sift.lock"))).toBe(false);

    const [a, b] = await Promise.all([client.getDb(), client.getDb()]);
    expect(a).toBe(b);
    expect(await client.getDb()).toBe(a);
    expect(fs.existsSync(path.join(dataDir, "sift.lock"))).toBe(true);
    expect(await a.reviewer.findUnique({ where: { id: client.getDefaultReviewerId() } })).toMatchObject({
      name: "Local reviewer",
    });

    await client.closeDb();
    expect(fs.existsSync(path.join(dataDir, "sift.lock"))).toBe(false);
    // After closing, the next call opens it again.
    const reopened = await client.getDb();
    expect(reopened).not.toBe(a);
    expect(await reopened.reviewer.count()).toBe(1);
  });

  it("is shared with a second copy of the module, like the one the server bundles for instrumentation.ts", async () => {
    const first = await import("@/lib/db/client");
    const prisma = await first.getDb();
    vi.resetModules();
    const second = await import("@/lib/db/client");
    expect(second).not.toBe(first);
    expect(await second.getDb()).toBe(prisma);
    // Jobs ask this of the client the routes got; the answer must not depend on which copy opened it.
    expect(second.isEmbeddedClient(prisma)).toBe(true);
  });
});
