import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { diffMigrationsToSchema, nextMigrationStamp, schemaPath } from "@/scripts/create-migration";

// Uses Prisma's schema engine (WebAssembly) on in-memory PGlite, as `npm run db:migration` does.
describe("prisma/migrations versus prisma/schema.prisma", () => {
  it("has no drift: the migrations build exactly the schema", async () => {
    expect(await diffMigrationsToSchema()).toBe("");
  });

  it("would write a migration for a schema change", async () => {
    const schemaText = fs
      .readFileSync(schemaPath, "utf8")
      .replace(/model Setting \{\n/, "model Setting {\n  note String?\n");
    const sql = await diffMigrationsToSchema({ schemaText });
    expect(sql).toContain('ALTER TABLE "Setting" ADD COLUMN     "note" TEXT;');
    // The extension the first migration creates is not asked for again.
    expect(sql).not.toContain("CREATE EXTENSION");
  });
});

describe("a new migration's name", () => {
  const existing = ["20261130061812_init", "20261204090000_domain_names", "migration_lock.toml"];

  it("is stamped with the time it is made", () => {
    expect(nextMigrationStamp(existing, new Date("2027-01-02T03:04:05Z"))).toBe("20270102030405");
  });

  it("sorts after every existing migration, even one dated ahead of the clock", () => {
    expect(nextMigrationStamp(existing, new Date("2026-11-30T18:00:00Z"))).toBe("20261204090001");
  });
});
