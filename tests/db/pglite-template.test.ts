import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildPgliteTemplate } from "@/lib/db/build-template";
import { createDb } from "@/lib/db/client";
import { readMigrations } from "@/lib/db/migrate";
import { copyPgliteTemplate } from "@/lib/db/pglite-template";
import { pgliteDirectory } from "@/lib/db/pglite";

// A new data directory starts as a copy of the migrated template: fast, complete, and never over data.
const dirs: string[] = [];
const newDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sift-template-"));
  dirs.push(dir);
  return dir;
};
beforeAll(async () => {
  await buildPgliteTemplate();
});
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe("the PGlite template", () => {
  it("gives a new data directory every migration, with nothing left to apply, and the local reviewer", async () => {
    const db = await createDb({ dataDir: newDir() });
    try {
      expect(db.migrations.applied).toEqual([]);
      expect(db.migrations.alreadyApplied).toEqual(readMigrations().map((m) => m.name));
      expect(await db.prisma.reviewer.count()).toBe(1);
      expect(await db.prisma.fact.count()).toBe(0);
    } finally {
      await db.close();
    }
  });

  it("never replaces a database that is already there", async () => {
    const dataDir = newDir();
    const first = await createDb({ dataDir });
    await first.prisma.reviewer.create({ data: { id: "kept", name: "Kept", role: "reviewer" } });
    await first.close();

    expect(copyPgliteTemplate(pgliteDirectory(dataDir))).toBe(false);
    const again = await createDb({ dataDir });
    try {
      expect(await again.prisma.reviewer.findUnique({ where: { id: "kept" } })).not.toBeNull();
    } finally {
      await again.close();
    }
  });
});
