// `sift review --facts facts.jsonl < candidates.jsonl`: matches each candidate against the facts
// (no database) and writes the candidate back with verdict, stage, matches and gate decision.
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { z } from "zod";
import { decideGate, buildIdf, matchCandidate } from "@/lib/matcher";
import { runAsCommand, type CliIo } from "./io";
import { mapJsonLines } from "./json-lines";

const FactLine = z.object({ id: z.union([z.string(), z.number()]).optional(), content: z.string().min(1) });
const CandidateLine = z
  .object({
    content: z.string().min(1),
    confidence: z.number().min(0).max(1).default(1),
    supported: z.boolean().default(true),
  })
  .passthrough();

/** A usage problem: printed, exit 2. */
class UsageError extends Error {}

function fail(message: string): never {
  throw new UsageError(message);
}

function readFacts(file: string): Array<{ id: string; content: string }> {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    fail(`cannot read ${file}`);
  }
  return text
    .split("\n")
    .map((line, i) => ({ line, i }))
    .filter(({ line }) => line.trim() !== "")
    .map(({ line, i }) => {
      try {
        const f = FactLine.parse(JSON.parse(line));
        return { id: String(f.id ?? `line-${i + 1}`), content: f.content };
      } catch {
        fail(`${file}:${i + 1}: expected {"id"?, "content"}`);
      }
    });
}

export async function main(argv: string[], io: CliIo): Promise<number> {
  try {
    return await review(argv, io);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr(`sift review: ${error.message}\n`);
    return 2;
  }
}

async function review(argv: string[], io: CliIo): Promise<number> {
  let values;
  try {
    values = parseArgs({
      args: argv,
      options: { facts: { type: "string" }, help: { type: "boolean", short: "h" } },
    }).values;
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  if (values.help || !values.facts) {
    io.stderr("Usage: sift review --facts facts.jsonl < candidates.jsonl\n");
    return values.help ? 0 : 2;
  }
  const facts = readFacts(values.facts);
  const idf = buildIdf(facts.map((f) => f.content));
  return mapJsonLines({
    io,
    schema: CandidateLine,
    expected: 'expected {"content": string, "confidence"?: number, "supported"?: boolean}',
    handle: async (candidate) => {
      const match = await matchCandidate({ candidate, facts, idf: facts.length >= 50 ? idf : undefined });
      const gate = decideGate({ candidate, match });
      return { ...candidate, verdict: match.verdict, stage: match.stage, matches: match.matches, gate };
    },
  });
}

runAsCommand(import.meta.url, main);
