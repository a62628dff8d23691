// `sift review --facts facts.jsonl < candidates.jsonl`: matches each candidate against the facts
// (no database) and writes the candidate back with verdict, stage, matches and gate decision.
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { z } from "zod";
import { decideGate, buildIdf, matchCandidate } from "@/lib/matcher";
import { mapJsonLines } from "./json-lines";

const FactLine = z.object({ id: z.union([z.string(), z.number()]).optional(), content: z.string().min(1) });
const CandidateLine = z
  .object({
    content: z.string().min(1),
    confidence: z.number().min(0).max(1).default(1),
    supported: z.boolean().default(true),
  })
  .passthrough();

function fail(message: string): never {
  process.stderr.write(`sift review: ${message}\n`);
  process.exit(2);
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

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { facts: { type: "string" }, help: { type: "boolean", short: "h" } } });
  if (values.help || !values.facts) {
    process.stderr.write("Usage: sift review --facts facts.jsonl < candidates.jsonl\n");
    return values.help ? 0 : 2;
  }
  const facts = readFacts(values.facts);
  const idf = buildIdf(facts.map((f) => f.content));
  return mapJsonLines({
    schema: CandidateLine,
    expected: 'expected {"content": string, "confidence"?: number, "supported"?: boolean}',
    handle: async (candidate) => {
      const match = await matchCandidate({ candidate, facts, idf: facts.length >= 50 ? idf : undefined });
      const gate = decideGate({ candidate, match });
      return { ...candidate, verdict: match.verdict, stage: match.stage, matches: match.matches, gate };
    },
  });
}

main().then((code) => {
  process.exitCode = code;
});
