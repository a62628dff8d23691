import path from "node:path";
import { defineConfig } from "prisma/config";

// The Prisma CLI downloads a native schema engine before `generate` unless this points at an existing
// file; the stand-in answers `--version` and refuses everything else (see scripts/schema-engine-stub.mjs).
process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= path.join(import.meta.dirname, "scripts", "schema-engine-stub.mjs");

export default defineConfig({
  schema: path.join(import.meta.dirname, "prisma", "schema.prisma"),
  migrations: { path: path.join(import.meta.dirname, "prisma", "migrations") },
});
