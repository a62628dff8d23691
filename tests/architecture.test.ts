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

/** Imports (not of types only) that reach the database, the environment, models or the request's caller. */
const SERVER_IMPORT =
  /^import (?!type )[^;]*?from "(@\/lib\/(db|jobs|models|auth|mcp)(\/[^"]*)?|@\/lib\/env|next\/headers)";/m;

describe("server-only modules", () => {
  // Those folders whole, and every other lib or app module (pages and "use server" files aside) that imports
  // one of them: a client component importing any of these must fail the build, not ship a secret.
  const folders = ["lib/db", "lib/jobs", "lib/models", "lib/auth", "lib/mcp"].flatMap(sourceFiles);
  const importers = [...sourceFiles("lib"), ...sourceFiles("app")].filter((file) => {
    if (/(^|\/)(page|layout|route|not-found|error)\.tsx?$/.test(file)) return false;
    const first = firstStatement(file);
    if (first === '"use server";') return false;
    return SERVER_IMPORT.test(fs.readFileSync(path.join(root, file), "utf8"));
  });
  // Server-side by purpose though they import none of the above: internals turned into messages, the environment.
  const byPurpose = ["lib/action.ts", "lib/env.ts"];
  const serverOnly = [...new Set([...folders, ...importers, ...byPurpose])];

  it('start with import "server-only", so a client component importing one fails the build', () => {
    const missing = serverOnly.filter((file) => firstStatement(file) !== 'import "server-only";');
    expect(missing).toEqual([]);
    expect(serverOnly).toEqual(expect.arrayContaining(["lib/env.ts", "lib/facts/decide.ts", "app/define-action.ts"]));
  });
});

describe("casts", () => {
  // Stored JSON and model output are parsed with their zod schemas; a double cast would hide a wrong shape.
  // Shipped code, benches and scripts (test files are not read: they may build wrong shapes on purpose).
  const allowed = ["lib/extraction/offline/wink.ts"];
  const code = ["app", "bench", "cli", "components", "e2e", "lib", "scripts", "tests"]
    .flatMap(sourceFiles)
    .filter((file) => !file.startsWith("lib/generated/"));

  it("use `as unknown as` only in the wink-nlp typings shim", () => {
    const casting = code.filter((file) => fs.readFileSync(path.join(root, file), "utf8").includes("as unknown as"));
    expect(casting).toEqual(allowed);
  });
});

describe("the source format table", () => {
  /** Every project module a module imports, transitively (imports of types only aside: they are erased). */
  function importGraph(file: string, seen = new Set<string>()): Set<string> {
    if (seen.has(file)) return seen;
    seen.add(file);
    const text = fs.readFileSync(path.join(root, file), "utf8");
    for (const [, spec] of text.matchAll(/^import (?!type )[^;]*?from "@\/([^"]+)";/gm)) {
      const target = [`${spec}.ts`, `${spec}.tsx`, `${spec}/index.ts`].find((f) => fs.existsSync(path.join(root, f)));
      if (target) importGraph(target, seen);
    }
    return seen;
  }

  it("imports no parser, so the ingest form (a client component) can read it", () => {
    const graph = [...importGraph("lib/sources/formats.ts")];
    expect(graph).toContain("lib/sources/sniff.ts");
    expect(graph.filter((f) => /lib\/sources\/(parse|vtt|srt|json-chat|plain|build|speakers)\.ts$/.test(f))).toEqual(
      [],
    );
    expect(importGraph("components/ingest/ingest-form.tsx")).toContain("lib/sources/formats.ts");
  });
});
