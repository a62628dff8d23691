import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";

// The browser never learns a server setting: no client bundle of the build (npm run test:e2e builds
// before Playwright runs) names an environment variable of lib/env.ts. A component reading one would
// ship its value, or its absence, to every visitor.
const root = path.resolve(import.meta.dirname, "..");

function serverEnvNames(): string[] {
  const source = fs.readFileSync(path.join(root, "lib/env.ts"), "utf8");
  const schema = source.slice(source.indexOf("EnvSchema = z.object({"));
  return [...new Set([...schema.matchAll(/^ {2}([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1] as string))];
}

function clientFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".js"))
    .map((f) => path.join(dir, f));
}

test("no client bundle names a server environment variable", () => {
  const names = serverEnvNames();
  expect(names).toEqual(expect.arrayContaining(["DATABASE_URL", "SIFT_LLM_API_KEY", "OPENAI_API_KEY"]));
  const files = clientFiles(path.join(root, ".next", "static"));
  expect(files.length).toBeGreaterThan(5);
  const leaks = files.flatMap((file) => {
    const text = fs.readFileSync(file, "utf8");
    return names.filter((name) => text.includes(name)).map((name) => `${path.relative(root, file)}: ${name}`);
  });
  expect(leaks).toEqual([]);
});
