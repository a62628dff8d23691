import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { LegacyRunPayloadSchema, RunPayloadSchema } from "@/lib/chain/payload";
import { applyMigrations, findMigrationsDir, pgliteExecutor } from "@/lib/db/migrate";
import { PGLITE_EXTENSIONS } from "@/lib/db/pglite";
import { getRunProgress } from "@/lib/db/runs";
import { saveSettings } from "@/lib/db/settings";
import { getPresetKinds } from "@/lib/extraction/kinds";
import { executeExtractionRun } from "@/lib/jobs/extraction";
import { SettingsSchema } from "@/lib/settings/schema";
import { createTestDb, truncateAll, type TestDb } from "@/tests/db";
import { createPastedRun } from "@/tests/runs";

/** Runs made before payloads (the migration gave them version 0) still run, as they always did. */
const TEXT = "Priya: We decided to ship offline mode by the end of Q3.\nMarcus: I will write the guide by Friday.";

let db: TestDb;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(async () => db?.close());
beforeEach(async () => truncateAll(db.prisma));

describe("a run made before payloads", () => {
  it("takes what it lacks from today's settings when it runs, and keeps it from then on", async () => {
    const { run } = await createPastedRun({ db: db.prisma, text: TEXT });
    await db.prisma.extractionRun.update({
      where: { id: run.id },
      data: { payload: { version: 0, extractor: "offline", preset: "personal" } },
    });
    await saveSettings({
      db: db.prisma,
      spaceId: "default",
      settings: SettingsSchema.parse({ gates: { minConfidence: 0.2 } }),
    });
    await executeExtractionRun({ db: db.prisma, runId: run.id });
    expect((await getRunProgress({ db: db.prisma, runId: run.id }))?.status).toBe("succeeded");
    const row = await db.prisma.extractionRun.findUniqueOrThrow({ where: { id: run.id } });
    const payload = RunPayloadSchema.parse(row.payload);
    expect(payload).toMatchObject({ extractor: { mode: "offline" }, preset: "personal", input: { kind: "paste" } });
    expect(payload.kinds).toEqual(getPresetKinds("personal"));
    expect(payload.settings.gates.minConfidence).toBe(0.2);
    expect(await db.prisma.candidate.count({ where: { runId: run.id } })).toBeGreaterThan(0);
  });

  it("a payload that cannot be read fails the run with a message that says so, and saves nothing", async () => {
    const { run } = await createPastedRun({ db: db.prisma, text: TEXT });
    await db.prisma.extractionRun.update({ where: { id: run.id }, data: { payload: { version: 7 } } });
    await executeExtractionRun({ db: db.prisma, runId: run.id });
    const progress = await getRunProgress({ db: db.prisma, runId: run.id });
    expect(progress).toMatchObject({ status: "failed", error: expect.stringMatching(/settings are unreadable/) });
    expect(await db.prisma.candidate.count({ where: { runId: run.id } })).toBe(0);
  });
});

it("the migration gives the runs it finds a legacy payload of their extractor and preset", async () => {
  const before = fs.mkdtempSync(path.join(os.tmpdir(), "sift-migrations-"));
  const pglite = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  try {
    fs.cpSync(findMigrationsDir(), before, { recursive: true });
    fs.rmSync(path.join(before, "20261204090010_run_payload"), { recursive: true });
    const executor = pgliteExecutor(pglite);
    await applyMigrations({ executor, migrationsDir: before });
    await pglite.exec(`
      INSERT INTO "Source" ("id", "title", "origin", "text", "contentHash") VALUES ('s', 'Sync', 'paste', 'Hi', 'h');
      INSERT INTO "ExtractionRun" ("id", "sourceId", "extractor", "preset", "status")
      VALUES ('a', 's', 'llm', 'meeting', 'partial'), ('b', 's', 'agent', NULL, 'failed');`);
    await applyMigrations({ executor });
    const rows = await executor.query<{ id: string; payload: unknown }>(
      `SELECT "id", "payload" FROM "ExtractionRun" ORDER BY "id"`,
    );
    expect(rows.map((r) => LegacyRunPayloadSchema.parse(r.payload))).toEqual([
      { version: 0, extractor: "llm", preset: "meeting" },
      // An agent's facts were never stored: such a run resumed with the offline extractor, and still does.
      { version: 0, extractor: "offline", preset: null },
    ]);
  } finally {
    await pglite.close();
    fs.rmSync(before, { recursive: true, force: true });
  }
});
