import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { diffMigrationsToSchema, schemaPath } from "@/scripts/create-migration";

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
