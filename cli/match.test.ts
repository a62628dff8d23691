import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { main as match } from "@/cli/match";
import { main as review } from "@/cli/review";

/** `sift match` or `sift review ARGS`, run in this process on `input`. */
async function sift([command, ...args]: string[], input: string) {
  let stdout = "";
  const code = await (command === "match" ? match : review)(args, {
    stdin: Readable.from([input]),
    stdout: (text) => void (stdout += text),
    stderr: () => undefined,
    env: {},
    isTTY: false,
  });
  return {
    code,
    lines: stdout
      .trim()
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record<string, unknown>),
  };
}

describe("sift match", () => {
  it("scores each line, reports bad lines and exits 1 at the end", async () => {
    const input = [
      JSON.stringify({ a: "We will ship by end of Q3", b: "We will ship by end of Q4" }),
      "not json",
      JSON.stringify({ a: "Offline mode ships by end of Q3", b: "offline mode will ship by the end of Q3" }),
    ].join("\n");
    const r = await sift(["match"], input);
    expect(r.lines).toHaveLength(3);
    expect(r.lines[0]).toMatchObject({ verdict: "contradicts" });
    expect(r.lines[1]).toHaveProperty("error");
    expect(r.lines[2]).toMatchObject({ verdict: "duplicate" });
    expect(r.lines[2]?.score).toBeGreaterThan(0.8);
    expect(r.code).toBe(1);
  });

  it("exits 0 when every line is good", async () => {
    const r = await sift(["match"], JSON.stringify({ a: "The cat sat", b: "Revenue grew in Europe" }));
    expect(r.code).toBe(0);
    expect(r.lines[0]).toMatchObject({ verdict: "new" });
  });
});

describe("sift review", () => {
  it("writes each candidate with verdict, matches and gate", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "sift-review-"));
    const facts = path.join(dir, "facts.jsonl");
    writeFileSync(
      facts,
      [
        { id: "f1", content: "Offline mode ships by end of Q3" },
        { id: "f2", content: "Melanie has two younger sisters" },
      ]
        .map((f) => JSON.stringify(f))
        .join("\n"),
    );
    const input = [
      { content: "offline mode will ship by the end of Q3", confidence: 0.9, supported: true, kind: "decision" },
      { content: "Melanie has two younger brothers", confidence: 0.5 },
      { content: "The sky is green today" },
    ]
      .map((c) => JSON.stringify(c))
      .join("\n");
    const r = await sift(["review", "--facts", facts], input);
    expect(r.code).toBe(0);
    expect(r.lines).toHaveLength(3);
    expect(r.lines[0]).toMatchObject({ kind: "decision", verdict: "duplicate", matches: [{ factId: "f1" }] });
    expect(r.lines[1]).toMatchObject({ verdict: "contradicts", gate: { status: "gated" } });
    expect((r.lines[1]?.gate as { reasons: string[] }).reasons).toContain("Low confidence (0.50 < 0.70)");
    expect(r.lines[2]).toMatchObject({ verdict: "new", matches: [], gate: { status: "pending" } });
  });

  it("fails with usage when --facts is missing", async () => {
    expect((await sift(["review"], "")).code).toBe(2);
  });
});
