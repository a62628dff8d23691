import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Each case runs in a child process: the loader keeps one table per process.
const root = path.resolve(import.meta.dirname, "../..");
function run(env: Record<string, string>): { out: string } {
  const code =
    `import { loadWordVectors } from "./lib/matcher/wordvectors.ts"; ` +
    `import { scorePair } from "./lib/matcher/matcher.ts";
    const v = loadWordVectors(); const r = scorePair("A man is slicing tofu.", "A man cuts tofu.");
    console.log(JSON.stringify({ on: v !== null, dim: v?.dim ?? 0, verdict: r.verdict }));`;
  const tsx = path.join(root, "node_modules", ".bin", "tsx");
  const res = execFileSync(tsx, ["-e", code], {
    cwd: root,
    env: { ...process.env, ...env },
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
  return { out: res.trim().split("\n").at(-1) ?? "" };
}

describe("word vectors", () => {
  it("falls back to lexical-only matching when switched off", () => {
    const r = JSON.parse(run({ SIFT_WORD_VECTORS: "off" }).out) as { on: boolean; verdict: string };
    expect(r.on).toBe(false);
    expect(["duplicate", "related", "new"]).toContain(r.verdict);
  });

  it(
    "builds the cache from the package into a fresh folder and leaves no temporary files",
    { timeout: 120_000 },
    () => {
      const dir = mkdtempSync(path.join(tmpdir(), "sift-vec-"));
      try {
        const r = JSON.parse(run({ SIFT_CACHE_DIR: dir }).out) as { on: boolean; dim: number };
        expect(r).toMatchObject({ on: true, dim: 100 });
        const files = readdirSync(dir).sort();
        expect(files.some((f) => f.endsWith(".f32"))).toBe(true);
        expect(files.some((f) => f.endsWith(".txt"))).toBe(true);
        expect(files.some((f) => f.endsWith(".tmp"))).toBe(false);
        // A second process reads the finished cache.
        expect(JSON.parse(run({ SIFT_CACHE_DIR: dir }).out)).toMatchObject({ on: true, dim: 100 });
      } finally {
        if (existsSync(dir)) rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
