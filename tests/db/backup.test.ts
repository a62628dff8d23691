import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { backupEmbeddedDatabase, restoreEmbeddedDatabase } from "@/lib/db/backup";
import { createDb, DEFAULT_REVIEWER_ID, type OpenedDatabase } from "@/lib/db/client";
import { approveCandidate } from "@/lib/facts/decide";
import { editFact } from "@/lib/facts/edit";
import { seedCandidates } from "@/tests/integration/helpers";

// The embedded database as one file and back: every fact and every revision returns, a database
// already in place is never overwritten, and a server holding the directory keeps it.

const root = fs.mkdtempSync(path.join(os.tmpdir(), "sift-backup-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

async function snapshot(db: OpenedDatabase) {
  const facts = await db.prisma.fact.findMany({
    orderBy: { id: "asc" },
    select: { id: true, content: true, version: true },
  });
  const revisions = await db.prisma.factRevision.findMany({
    orderBy: [{ factId: "asc" }, { version: "asc" }],
    select: { factId: true, version: true, action: true, after: true },
  });
  return { facts, revisions };
}

describe("backup and restore of the embedded database", () => {
  it("restores every fact and revision into a new directory, and keeps a database already there", async () => {
    const dataDir = path.join(root, "live");
    const db = await createDb({ dataDir });
    const { candidates } = await seedCandidates(db.prisma, [
      { content: "The Oslo office opens in June" },
      { content: "The Oslo office has 12 desks" },
    ]);
    for (const c of candidates)
      await approveCandidate({ db: db.prisma, candidateId: c.id, reviewerId: DEFAULT_REVIEWER_ID });
    const first = await db.prisma.fact.findFirstOrThrow({ where: { content: { contains: "desks" } } });
    await editFact({
      db: db.prisma,
      factId: first.id,
      expectedVersion: 1,
      edits: { content: "The Oslo office has 14 desks" },
      reviewerId: DEFAULT_REVIEWER_ID,
    });
    const before = await snapshot(db);
    await db.close();

    const file = path.join(root, "sift.tgz");
    const backup = await backupEmbeddedDatabase({ dataDir, file });
    expect(backup).toMatchObject({ facts: 2, revisions: 3, sources: 1 });

    const restoredDir = path.join(root, "restored");
    const restored = await restoreEmbeddedDatabase({ dataDir: restoredDir, file });
    expect(restored).toMatchObject({ facts: 2, revisions: 3, movedAside: null });
    const reopened = await createDb({ dataDir: restoredDir });
    expect(await snapshot(reopened)).toEqual(before);
    await reopened.close();

    // Restoring over a database: refused, then done with --force, the old one kept aside.
    await expect(restoreEmbeddedDatabase({ dataDir: restoredDir, file })).rejects.toMatchObject({ code: "CONFLICT" });
    const forced = await restoreEmbeddedDatabase({ dataDir: restoredDir, file, force: true });
    expect(forced.movedAside).toMatch(/pglite\.before-restore-/);
    expect(fs.existsSync(path.join(forced.movedAside as string, "PG_VERSION"))).toBe(true);
  });

  it("refuses a file that is not a backup and leaves the directory as it was", async () => {
    const bogus = path.join(root, "notes.txt");
    fs.writeFileSync(bogus, "just some notes");
    const dataDir = path.join(root, "untouched");
    await expect(restoreEmbeddedDatabase({ dataDir, file: bogus })).rejects.toMatchObject({
      code: "UNSUPPORTED_FILE",
      message: expect.stringContaining("is not a Sift backup"),
    });
    expect(fs.existsSync(path.join(dataDir, "pglite", "PG_VERSION"))).toBe(false);
  });

  it("`sift backup` says to stop the server while another process holds the directory", async () => {
    const dataDir = path.join(root, "held");
    const db = await createDb({ dataDir });
    try {
      const run = spawnSync(process.execPath, ["bin/sift.mjs", "backup", path.join(root, "held.tgz")], {
        env: { ...process.env, SIFT_DATA_DIR: dataDir, DATABASE_URL: "" },
        encoding: "utf8",
      });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain("is in use by another Sift process");
      expect(fs.existsSync(path.join(root, "held.tgz"))).toBe(false);
    } finally {
      await db.close();
    }
  });
});
