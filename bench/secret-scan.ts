/**
 * The secret scanner (lib/secrets) on big inputs: a 5 MB meeting, a 2 MB line without punctuation, 50,000
 * one-word lines, and a 5 MB text dense with key words. Prints milliseconds per scan and per megabyte.
 *   npx tsx bench/secret-scan.ts
 */
import { findSecrets } from "@/lib/secrets/detect";
import { maskSecrets } from "@/lib/secrets/mask";
import { longTranscript } from "@/tests/long-transcript";

const words = ["token", "key", "the", "access", "budget", "secret", "api", "password", "team", "review"];
const inputs: Record<string, string> = {
  "5 MB meeting": longTranscript(Math.round((5 * 1024 * 1024) / 76)),
  "2 MB line, no punctuation": Array.from({ length: (2 * 1024 * 1024) / 6 }, (_, i) => words[i % 7]).join(" "),
  "50k one-word lines": Array.from({ length: 50_000 }, (_, i) => words[i % 10]).join("\n"),
  "5 MB of key words": Array.from({ length: (5 * 1024 * 1024) / 8 }, (_, i) => words[(i * 7) % 10]).join(" "),
};
for (const [name, text] of Object.entries(inputs)) {
  const t0 = performance.now();
  const found = findSecrets(text).length;
  const t1 = performance.now();
  maskSecrets(text);
  const t2 = performance.now();
  const mb = text.length / 1024 / 1024;
  process.stdout.write(
    `${name.padEnd(28)} ${mb.toFixed(1)} MB  find ${(t1 - t0).toFixed(0)} ms (${((t1 - t0) / mb).toFixed(0)} ms/MB)` +
      `  mask ${(t2 - t1).toFixed(0)} ms  findings ${found}\n`,
  );
}
