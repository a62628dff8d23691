// `sift match`: JSON lines {"a": "...", "b": "..."} on stdin -> {"score", "verdict", ...} per line.
// A bad line gets an {"error"} line and the run goes on; the exit code is 1 if any line was bad.
import { z } from "zod";
import { scorePair } from "@/lib/matcher";
import { runAsCommand, type CliIo } from "./io";
import { mapJsonLines } from "./json-lines";

const PairSchema = z.object({ a: z.string(), b: z.string() });

export async function main(_argv: string[], io: CliIo): Promise<number> {
  return mapJsonLines({
    io,
    schema: PairSchema,
    expected: 'expected {"a": string, "b": string}',
    handle: (pair) => {
      const r = scorePair(pair.a, pair.b);
      return { score: Math.round(r.score * 1000) / 1000, verdict: r.verdict, stage: r.stage, reason: r.reason };
    },
  });
}

runAsCommand(import.meta.url, main);
