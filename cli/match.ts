// `sift match`: JSON lines {"a": "...", "b": "..."} on stdin -> {"score", "verdict", ...} per line.
// A bad line gets an {"error"} line and the run goes on; the exit code is 1 if any line was bad.
import { createInterface } from "node:readline";
import { z } from "zod";
import { scorePair } from "@/lib/review/matcher";

const PairSchema = z.object({ a: z.string(), b: z.string() });

async function main(): Promise<number> {
  let failed = false;
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of lines) {
    if (line.trim() === "") continue;
    try {
      const pair = PairSchema.parse(JSON.parse(line));
      const r = scorePair(pair.a, pair.b);
      process.stdout.write(`${JSON.stringify({ score: Math.round(r.score * 1000) / 1000, verdict: r.verdict, stage: r.stage, reason: r.reason })}\n`);
    } catch (error) {
      failed = true;
      const message = error instanceof z.ZodError ? 'expected {"a": string, "b": string}' : error instanceof Error ? error.message : String(error);
      process.stdout.write(`${JSON.stringify({ error: message })}\n`);
    }
  }
  return failed ? 1 : 0;
}

main().then((code) => {
  process.exitCode = code;
});
