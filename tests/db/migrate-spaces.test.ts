import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb } from "@/lib/db/client";
import { searchFacts } from "@/lib/db/fact-search";
import {
  applyMigrations,
  findMigrationsDir,
  pgExecutor,
  pgliteExecutor,
  type MigrationExecutor,
} from "@/lib/db/migrate";
import { PGLITE_EXTENSIONS, pgliteDirectory } from "@/lib/db/pglite";
import { FactQuerySchema } from "@/lib/facts/query";
import { createEmptyPostgresDatabase } from "@/tests/db";

// Issue 27: a database made before spaces (every migration up to the one that adds them) keeps all its rows,
// and after migrating they are the default space's, found by the app as before. On the database the suite runs
// on: PGlite by default, a fresh database on the TEST_DATABASE_URL server when it is set.

const SPACES = "20261204090018_spaces";
const MEMBERS = "20261205090000_space_members";
const SUBJECTS = "20261205090001_subjects";
const LEARNED = "20261205090002_learned_models_per_space";
const all = findMigrationsDir();
let before: string;
let executor: MigrationExecutor;
/** The database made before spaces: where the app opens it, and how to let go of the test's own connection. */
let made: { open: Parameters<typeof createDb>[0]; release(): Promise<void>; drop(): Promise<void> };

/** A row with every required column filled by its type; `values` for the ones that matter. */
async function insertRow(table: string, values: Record<string, unknown>) {
  const columns = await executor.query<{ column_name: string; data_type: string; udt_name: string }>(
    `SELECT column_name, data_type, udt_name FROM information_schema.columns
     WHERE table_schema = 'public' AND table_name = $1 AND is_nullable = 'NO' AND column_default IS NULL`,
    [table],
  );
  const row: Record<string, unknown> = {};
  for (const c of columns) {
    if (c.column_name in values) continue;
    if (c.data_type === "USER-DEFINED") {
      const [label] = await executor.query<{ enumlabel: string }>(
        `SELECT e.enumlabel FROM pg_enum e JOIN pg_type t ON t.oid = e.enumtypid WHERE t.typname = $1
         ORDER BY e.enumsortorder LIMIT 1`,
        [c.udt_name],
      );
      row[c.column_name] = label?.enumlabel;
    } else if (c.data_type === "ARRAY") row[c.column_name] = [];
    else if (c.data_type === "jsonb") row[c.column_name] = JSON.stringify(c.column_name === "segments" ? [] : {});
    else if (c.data_type.startsWith("timestamp")) row[c.column_name] = new Date().toISOString();
    else if (c.data_type === "boolean") row[c.column_name] = false;
    else if (["integer", "double precision", "bigint", "real", "numeric"].includes(c.data_type)) row[c.column_name] = 0;
    else row[c.column_name] = `${table}-${c.column_name}`;
  }
  Object.assign(row, values);
  const names = Object.keys(row);
  const list = names.map((n) => `"${n}"`).join(", ");
  const placeholders = names.map((_, i) => `$${i + 1}`).join(", ");
  await executor.query(
    `INSERT INTO "${table}" (${list}) VALUES (${placeholders})`,
    names.map((n) => row[n]),
  );
}

beforeAll(async () => {
  before = fs.mkdtempSync(path.join(os.tmpdir(), "sift-migrations-before-"));
  for (const name of fs.readdirSync(all)) {
    if (name >= SPACES && name !== "migration_lock.toml") continue;
    fs.cpSync(path.join(all, name), path.join(before, name), { recursive: true });
  }
  made = await makeDatabase();
  const report = await applyMigrations({ executor, migrationsDir: before });
  expect(report.applied).not.toContain(SPACES);

  // Today's data, as the release before spaces wrote it.
  await insertRow("Reviewer", { id: "local", name: "Local reviewer", role: "admin" });
  await insertRow("Reviewer", { id: "rita", name: "Rita", role: "reviewer", email: "rita@example.com" });
  await insertRow("Reviewer", { id: "vic", name: "Vic", role: "viewer", email: "vic@example.com" });
  await insertRow("Source", { id: "s1", title: "Billing sync", text: "Lin: We launch billing v2 on October 22nd." });
  await insertRow("ExtractionRun", { id: "r1", sourceId: "s1" });
  await insertRow("Candidate", { id: "c1", runId: "r1", content: "The code freeze starts on October 15th." });
  await insertRow("Fact", { id: "f1", content: "The team launches billing v2 on October 22nd." });
  await insertRow("AgentToken", { id: "t1", name: "notes agent", tokenHash: "h1", createdById: "local" });
  await insertRow("LearnedModel", { id: "m1", status: "serving" });
}, 60_000);

afterAll(async () => {
  await made?.release().catch(() => undefined);
  await made?.drop();
  if (before) fs.rmSync(before, { recursive: true, force: true });
});

async function makeDatabase(): Promise<typeof made> {
  const server = process.env.TEST_DATABASE_URL;
  if (server) {
    const database = await createEmptyPostgresDatabase(server);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    executor = pgExecutor(client);
    return { open: { databaseUrl: database.url }, release: () => client.end(), drop: database.drop };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "sift-before-spaces-"));
  // Where the app keeps its PGlite inside a data directory, so the app opens this very database below.
  const pglite = new PGlite({ dataDir: pgliteDirectory(dataDir), extensions: PGLITE_EXTENSIONS });
  executor = pgliteExecutor(pglite);
  return {
    open: { dataDir },
    release: () => pglite.close(),
    drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

describe("migrating a database from before spaces", () => {
  it("puts every source, candidate, fact and token in the default space, and loses nothing", async () => {
    const bands = await executor.query(`SELECT * FROM "FactBand" WHERE "factId" = 'f1' ORDER BY 1, 2`);
    const report = await applyMigrations({ executor });
    expect(report.applied).toEqual([SPACES, MEMBERS, SUBJECTS, LEARNED]);
    expect(await executor.query(`SELECT id, slug FROM "Space"`)).toEqual([{ id: "default", slug: "default" }]);
    for (const table of ["Source", "Candidate", "Fact"]) {
      expect(await executor.query(`SELECT id, "spaceId" FROM "${table}"`), table).toEqual([
        { id: { Source: "s1", Candidate: "c1", Fact: "f1" }[table], spaceId: "default" },
      ]);
    }
    expect(await executor.query(`SELECT "spaceIds" FROM "AgentToken"`)).toEqual([{ spaceIds: ["default"] }]);
    // The learned model the installation had serves the default space, as it did.
    expect(await executor.query(`SELECT id, status, "spaceId" FROM "LearnedModel"`)).toEqual([
      { id: "m1", status: "serving", spaceId: "default" },
    ]);
    // Everyone keeps what they could do: the default space with their account's role (admins reach every space).
    expect(
      await executor.query(`SELECT "reviewerId", "spaceId", role FROM "SpaceMember" ORDER BY "reviewerId"`),
    ).toEqual([
      { reviewerId: "rita", spaceId: "default", role: "reviewer" },
      { reviewerId: "vic", spaceId: "default", role: "viewer" },
    ]);
    // The default space's retrieval keys are the old ones: nothing needs rebuilding.
    expect(bands.length).toBeGreaterThan(0);
    expect(await executor.query(`SELECT * FROM "FactBand" WHERE "factId" = 'f1' ORDER BY 1, 2`)).toEqual(bands);
  });

  it("opens in the app, which finds the old fact in the default space", async () => {
    // One process per PGlite directory: the test lets go of it before the app opens it.
    await made.release();
    const db = await createDb(made.open);
    try {
      const found = await searchFacts({
        db: db.prisma,
        spaceId: "default",
        query: FactQuerySchema.parse({ q: "billing launch" }),
      });
      expect(found.facts.map((f) => f.id)).toEqual(["f1"]);
    } finally {
      await db.close();
    }
  });
});
