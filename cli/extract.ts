// `sift extract FILE`: parse a transcript, chat or notes file and print the candidate facts the
// extractor proposes, with no database. Same parsing, size limit, chunking and grounding as the app.
import { closeSync, fstatSync, openSync, readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { z } from "zod";
import { parseEnv, type Env } from "@/lib/env";
import { AppError, isAppError } from "@/lib/errors";
import { getPresetKinds, isPresetId, PRESET_IDS, DEFAULT_PRESET } from "@/lib/extraction/kinds";
import { buildExtractor, configuredModelId, type ExtractorChoice } from "@/lib/models";
import { runExtraction, type ExtractionRunResult } from "@/lib/extraction/pipeline";
import type { Candidate } from "@/lib/extraction/schema";
import { assertWithinLimit } from "@/lib/sources/decode";
import { declaredKind } from "@/lib/sources/detect";
import { MAIN_EXTENSIONS } from "@/lib/sources/formats";
import { parseSource } from "@/lib/sources/parse";

export const USAGE = `Usage: sift extract FILE [options]

  FILE                 ${MAIN_EXTENSIONS}, or - to read stdin
  --extractor KIND     offline | llm (default: llm if a model is configured, else offline)
  --preset NAME        ${PRESET_IDS.join(" | ")} (default: ${DEFAULT_PRESET})
  --hints TEXT         context for the extractor, e.g. "project: billing v2"
  --date YYYY-MM-DD    when the conversation took place (resolves "next Friday")
  --max-facts N        keep at most N candidates
  --json / --no-json   JSON array on stdout (default: JSON unless stdout is a terminal)
  -h, --help           show this help

A model is configured with SIFT_LLM_MODEL + SIFT_LLM_BASE_URL, or an API key (see docs/configuration.md).
Exit codes: 0 ok (also when only some chunks failed), 1 error, 2 bad usage or no model.
`;

/** A usage problem: printed with the usage text, exit 2. */
class UsageError extends Error {}

interface Options {
  file: string;
  extractor: "offline" | "llm" | undefined;
  preset: (typeof PRESET_IDS)[number];
  hints: string | undefined;
  date: string | undefined;
  maxFacts: number | undefined;
  json: boolean;
}

function parseOptions(argv: string[]): Options | "help" {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      allowNegative: true,
      options: {
        extractor: { type: "string" },
        preset: { type: "string" },
        hints: { type: "string" },
        date: { type: "string" },
        "max-facts": { type: "string" },
        json: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
    });
  } catch (error) {
    // parseArgs' own messages ("Unknown option '--foo'") are already written for users.
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;
  if (values.help) return "help";
  if (positionals.length !== 1) {
    throw new UsageError(positionals.length === 0 ? "missing FILE (use - for stdin)" : "expected exactly one FILE");
  }
  const extractor = values.extractor;
  if (extractor !== undefined && extractor !== "offline" && extractor !== "llm") {
    throw new UsageError(`--extractor must be offline or llm, not "${extractor}"`);
  }
  const preset = values.preset ?? DEFAULT_PRESET;
  if (!isPresetId(preset)) throw new UsageError(`--preset must be one of ${PRESET_IDS.join(", ")}, not "${preset}"`);
  if (values.date !== undefined && !z.iso.date().safeParse(values.date).success) {
    throw new UsageError(`--date must be a date like 2026-11-30, not "${values.date}"`);
  }
  // The app's form allows 2,000 characters of hints; the CLI keeps the prompt the same size.
  if (values.hints !== undefined && values.hints.length > 2_000)
    throw new UsageError("--hints is longer than 2000 characters");
  let maxFacts: number | undefined;
  if (values["max-facts"] !== undefined) {
    maxFacts = Number(values["max-facts"]);
    if (!/^\d+$/.test(values["max-facts"]) || maxFacts < 1) {
      throw new UsageError(`--max-facts must be a positive whole number, not "${values["max-facts"]}"`);
    }
  }
  return {
    file: positionals[0]!,
    extractor,
    preset,
    hints: values.hints?.trim() || undefined,
    date: values.date,
    maxFacts,
    json: values.json ?? !process.stdout.isTTY,
  };
}

/** Reads the file or stdin, refusing an oversized one before reading it whole (as the app does). */
async function readInput(file: string, maxBytes: number): Promise<Uint8Array> {
  if (file === "-") {
    const parts: Buffer[] = [];
    let total = 0;
    for await (const part of process.stdin as AsyncIterable<Buffer>) {
      total += part.length;
      assertWithinLimit(total, maxBytes);
      parts.push(part);
    }
    return Buffer.concat(parts);
  }
  const fd = openFile(file);
  try {
    assertWithinLimit(fstatSync(fd).size, maxBytes);
    return readFileSync(fd);
  } finally {
    closeSync(fd);
  }
}

function openFile(file: string): number {
  try {
    const fd = openSync(file, "r");
    if (fstatSync(fd).isDirectory()) {
      closeSync(fd);
      throw new AppError("VALIDATION", `${file} is a directory, not a file`);
    }
    return fd;
  } catch (error) {
    if (isAppError(error)) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === "ENOENT" ? "no such file" : code === "EACCES" ? "permission denied" : "cannot open it";
    throw new AppError("NOT_FOUND", `cannot read ${file}: ${why}`);
  }
}

/** Exit 2 with this message: the user asked for the LLM but gave it nothing to call. */
class NoModelError extends Error {}

function chooseExtractor(choice: Options["extractor"], env: Env): ExtractorChoice {
  // A half-configured model throws CONFIG even without --extractor, as in the app: a typo should not
  // silently fall back to the weaker offline extractor.
  if (choice === "llm" && configuredModelId(env) === null) {
    throw new NoModelError("No model configured: set SIFT_LLM_MODEL and SIFT_LLM_BASE_URL or an API key");
  }
  return buildExtractor({ env, ...(choice ? { mode: choice } : {}) });
}

/** Exactly the CandidateSchema fields, in its order, whatever else an extractor attached. */
function toJson(c: Candidate) {
  const { content, kind, confidence, importance, temporal, speaker, quote, start, end, supported } = c;
  return { content, kind, confidence, importance, temporal, speaker, quote, start, end, supported };
}

function formatListing(candidates: Candidate[]): string {
  if (candidates.length === 0) return "No candidate facts found.\n";
  const width = Math.max(...candidates.map((c) => c.kind.length));
  const indent = " ".repeat(width + 8);
  return candidates
    .map((c) => {
      const who = c.speaker ? `${c.speaker}: ` : "";
      const flag = c.supported ? "" : "  [quote not found in source]";
      return (
        `${c.kind.padEnd(width)}  ${c.confidence.toFixed(2)}  ${c.content}\n` +
        `${indent}${who}"${oneLine(c.quote)}"${flag}\n`
      );
    })
    .join("");
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

function summary(label: string, result: ExtractionRunResult, ms: number): string {
  const n = result.chunks.length;
  const unsupported = result.candidates.filter((c) => !c.supported).length;
  const tokens =
    result.usage.inputTokens + result.usage.outputTokens > 0
      ? `, ${result.usage.inputTokens} tokens in / ${result.usage.outputTokens} out`
      : "";
  const extra = unsupported > 0 ? ` (${unsupported} unsupported)` : "";
  return (
    `extractor ${label}, ${n} chunk${n === 1 ? "" : "s"}, ${result.candidates.length} candidates${extra}, ` +
    `${Math.round(ms)} ms${tokens}`
  );
}

async function main(argv: string[]): Promise<number> {
  const options = parseOptions(argv);
  if (options === "help") {
    process.stdout.write(USAGE);
    return 0;
  }
  const env = parseEnv(process.env);
  // Configuration problems first: they are cheaper to report than a bad file and need no reading.
  const { extractor, mode } = chooseExtractor(options.extractor, env);
  const label = mode === "llm" ? `llm ${extractor.modelId}` : "offline";
  // Refuse a .pdf by its name before reading it, with the app's own message.
  if (options.file !== "-") declaredKind(options.file);
  const bytes = await readInput(options.file, env.SIFT_MAX_UPLOAD_BYTES);
  const source = parseSource({
    ...(options.file === "-" ? {} : { filename: options.file }),
    bytes,
    maxBytes: env.SIFT_MAX_UPLOAD_BYTES,
  });

  const began = performance.now();
  const result = await runExtraction({
    extractor,
    input: {
      text: source.text,
      segments: source.segments,
      format: source.format,
      kinds: getPresetKinds(options.preset),
      ...(options.hints !== undefined ? { contextHints: options.hints } : {}),
      ...(options.date !== undefined ? { sourceDate: options.date } : {}),
      ...(options.maxFacts !== undefined ? { maxFacts: options.maxFacts } : {}),
    },
    tokenBudget: env.SIFT_CHUNK_TOKENS,
    concurrency: env.SIFT_LLM_CONCURRENCY,
  });
  const ms = performance.now() - began;

  const failed = result.chunks.filter((c) => c.status === "failed");
  if (result.status === "failed") {
    const n = result.chunks.length;
    throw new AppError(
      "MODEL_ERROR",
      `${n === 1 ? "the only chunk" : `all ${n} chunks`} failed: ${failed[0]?.error ?? "unknown error"}`,
    );
  }
  process.stdout.write(
    options.json ? `${JSON.stringify(result.candidates.map(toJson), null, 2)}\n` : formatListing(result.candidates),
  );
  if (failed.length > 0) {
    process.stderr.write(
      `sift extract: warning: ${failed.length} of ${result.chunks.length} chunks failed ` +
        `(first: ${failed[0]?.error ?? "unknown error"}); showing candidates from the rest\n`,
    );
  }
  process.stderr.write(`sift extract: ${summary(label, result, ms)}\n`);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof UsageError) {
      process.stderr.write(`sift extract: ${error.message}\n\n${USAGE}`);
      process.exitCode = 2;
    } else if (error instanceof NoModelError) {
      process.stderr.write(`sift extract: ${error.message}\n`);
      process.exitCode = 2;
    } else if (isAppError(error)) {
      process.stderr.write(`sift extract: ${error.message}\n`);
      process.exitCode = 1;
    } else {
      // Not written for users; the stack is what a bug report needs.
      process.stderr.write(
        `sift extract: unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
      process.exitCode = 1;
    }
  },
);
