import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Rules of ARCHITECTURE.md that ESLint does not check (the walls are in eslint.config.mjs).
const root = path.resolve(import.meta.dirname, "..");

function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(path.join(root, dir), { recursive: true, encoding: "utf8" })
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.endsWith(".d.ts"))
    .map((f) => path.join(dir, f));
}

/** The first statement of a file, comments and blank lines skipped. */
function firstStatement(file: string): string {
  const text = fs.readFileSync(path.join(root, file), "utf8").replace(/\/\*[\s\S]*?\*\//g, "");
  return (
    text
      .split("\n")
      .map((line) => line.trim())
      .find((line) => line !== "" && !line.startsWith("//")) ?? ""
  );
}

describe("server-only modules", () => {
  // Modules that touch the database, the environment, models or the request's reviewer.
  const serverOnly = [
    ...sourceFiles("lib/db"),
    ...sourceFiles("lib/jobs"),
    ...sourceFiles("lib/models"),
    ...sourceFiles("lib/auth"),
    ...sourceFiles("lib/mcp"),
    "lib/chain/match.ts",
    "lib/chain/match-vectors.ts",
    "lib/chain/persist.ts",
    "lib/chain/run.ts",
    "lib/api/route.ts",
    "lib/api/facts.ts",
    "lib/api/runs.ts",
    "lib/api/candidates.ts",
    "lib/action.ts",
    "lib/boot.ts",
    "lib/env.ts",
    "lib/facts/decide.ts",
    "lib/facts/undo.ts",
    "lib/facts/edit.ts",
    "lib/facts/manual.ts",
    "lib/facts/archive.ts",
    "lib/security/limits.ts",
    "app/rate-limit.ts",
  ];

  it('start with import "server-only", so a client component importing one fails the build', () => {
    const missing = serverOnly.filter((file) => firstStatement(file) !== 'import "server-only";');
    expect(missing).toEqual([]);
    expect(serverOnly.length).toBeGreaterThan(20);
  });
});
