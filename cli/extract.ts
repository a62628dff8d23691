// `sift extract FILE`: parse a transcript, chat or notes file and print the candidate facts a Sift server would
// store for it, with their verdicts, matches and gates. The run goes down the server's own chain
// (lib/chain/run.ts) into a store of its own, PGlite in memory (lib/jobs/local-run.ts): same parsing, size
// limit, payload, chunking, grounding, de-duplication, matching and gate as the app, and nothing kept.
import { closeSync, fstatSync, openSync, readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { z } from "zod";
import type { StoredCandidate } from "@/lib/db/candidates";
import { parseEnv } from "@/lib/env";
import { AppError, isAppError } from "@/lib/errors";
import { PRESET_IDS, DEFAULT_PRESET } from "@/lib/extraction/kinds";
import { formatRunUsage } from "@/lib/format";
import { CandidateSchema } from "@/lib/extraction/schema";
import { openLocalStore, type LocalRun } from "@/lib/jobs/local-run";
import { MatchesSchema } from "@/lib/matcher";
import { configuredModelId } from "@/lib/models";
import { CUSTOM_PRESET, SettingsSchema, type Settings } from "@/lib/settings/schema";
import { assertWithinLimit } from "@/lib/sources/decode";
import { declaredKind } from "@/lib/sources/detect";
import { MAIN_EXTENSIONS } from "@/lib/sources/formats";
import { parseSource } from "@/lib/sources/parse";
import { formatWait, summarizeRateLimits } from "@/lib/extraction/rate-limit-notes";
import { summarizeJoined, summarizeLeftOut, summarizeRefusals, summarizeRepeats } from "@/lib/extraction/refusals";
import { runAsCommand, type CliIo } from "./io";

export const USAGE = `Usage: sift extract FILE [options]

  FILE                 ${MAIN_EXTENSIONS}, or - to read stdin
  --extractor KIND     offline | llm (default: llm if a model is configured, else offline)
  --preset NAME        ${[...PRESET_IDS, CUSTOM_PRESET].join(" | ")} (default: the settings' default, ${DEFAULT_PRESET})
  --settings FILE      Settings as JSON (thresholds, gates, custom kinds…), as the app stores them
  --hints TEXT         context for the extractor, e.g. "project: billing v2"
  --date YYYY-MM-DD    when the conversation took place (resolves "next Friday")
  --max-facts N        ask for at most N facts per chunk, and print the N most confident
  --json / --no-json   JSON array on stdout (default: JSON unless stdout is a terminal)
  -h, --help           show this help

Each candidate is printed as a server with these settings and an empty fact base would store it.
A model is configured with SIFT_LLM_MODEL + SIFT_LLM_BASE_URL, or an API key (see docs/configuration.md).
Exit codes: 0 ok (also when only some chunks failed), 1 error, 2 bad usage or no model.
`;

/** One line of the JSON output: the candidate's fields, then what the chain decided for it. */
export const CliCandidateSchema = CandidateSchema.extend({
  /** Its id in this run: other candidates' matches and clusterId name it. */
  id: z.string(),
  status: z.enum(["pending", "gated", "approved", "merged", "rejected"]),
  verdict: z.enum(["new", "related", "duplicate", "contradicts"]).nullable(),
  verdictStage: z.string().nullable(),
  gateReason: z.string().nullable(),
  clusterId: z.string().nullable(),
  matches: MatchesSchema.nullable(),
});
type CliCandidate = z.infer<typeof CliCandidateSchema>;

/** A usage problem: printed with the usage text, exit 2. */
class UsageError extends Error {}
/** Exit 2 with this message: the user asked for the LLM but gave it nothing to call. */
class NoModelError extends Error {}

interface Options {
  file: string;
  extractor: "offline" | "llm" | undefined;
  preset: string | undefined;
  settings: string | undefined;
  hints: string | undefined;
  date: string | undefined;
  maxFacts: number | undefined;
  json: boolean;
}

function parseOptions(argv: string[], isTTY: boolean): Options | "help" {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      allowNegative: true,
      options: {
        extractor: { type: "string" },
        preset: { type: "string" },
        settings: { type: "string" },
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
  const presets: string[] = [...PRESET_IDS, CUSTOM_PRESET];
  if (values.preset !== undefined && !presets.includes(values.preset)) {
    throw new UsageError(`--preset must be one of ${presets.join(", ")}, not "${values.preset}"`);
  }
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
    preset: values.preset,
    settings: values.settings,
    hints: values.hints?.trim() || undefined,
    date: values.date,
    maxFacts,
    json: values.json ?? !isTTY,
  };
}

/** Reads the file or stdin, refusing an oversized one before reading it whole (as the app does). */
async function readInput(file: string, stdin: CliIo["stdin"], maxBytes: number): Promise<Uint8Array> {
  if (file === "-") {
    const parts: Buffer[] = [];
    let total = 0;
    for await (const part of stdin) {
      const bytes = typeof part === "string" ? Buffer.from(part) : part;
      total += bytes.length;
      assertWithinLimit(total, maxBytes);
      parts.push(bytes);
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

/** --settings FILE: the app's Settings as JSON; a bad file is refused with what is wrong in it. */
function readSettings(file: string | undefined): Settings | undefined {
  if (file === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(openFile(file), "utf8"));
  } catch (error) {
    if (isAppError(error)) throw error;
    throw new AppError("VALIDATION", `--settings ${file} is not JSON`);
  }
  const parsed = SettingsSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError("VALIDATION", `--settings ${file}: ${issue?.path.join(".") || "settings"}: ${issue?.message}`);
  }
  return parsed.data;
}

/** Exactly the candidate's fields, then the chain's decisions, in CliCandidateSchema's order. */
function toJson(c: StoredCandidate): CliCandidate {
  const { id, content, kind, confidence, importance, temporal, speaker, quote, start, end, supported } = c;
  const { status, verdict, verdictStage, gateReason, clusterId, matches } = c;
  return {
    ...{ content, kind, confidence, importance, temporal, speaker, quote, start, end, supported },
    ...{ id, status, verdict, verdictStage, gateReason, clusterId, matches },
  };
}

/** The `max` most confident (grounded first), in source order: the run stores them all. */
function mostConfident(candidates: StoredCandidate[], max: number | undefined): StoredCandidate[] {
  if (max === undefined || candidates.length <= max) return candidates;
  const rank = (c: StoredCandidate) => (c.supported ? 10 : 0) + c.confidence + c.importance / 100;
  const kept = new Set([...candidates].sort((a, b) => rank(b) - rank(a)).slice(0, max));
  return candidates.filter((c) => kept.has(c));
}

function formatListing(candidates: StoredCandidate[]): string {
  if (candidates.length === 0) return "No candidate facts found.\n";
  const width = Math.max(...candidates.map((c) => c.kind.length));
  const indent = " ".repeat(width + 8);
  return candidates
    .map((c) => {
      const who = c.speaker ? `${c.speaker}: ` : "";
      const flag = c.supported ? "" : "  [quote not found in source]";
      const verdict = c.verdict && c.verdict !== "new" ? `, ${c.verdict}` : "";
      const why = c.gateReason ? `: ${c.gateReason}` : "";
      return (
        `${c.kind.padEnd(width)}  ${c.confidence.toFixed(2)}  ${c.content}\n` +
        `${indent}${who}"${oneLine(c.quote)}"${flag}\n` +
        `${indent}${c.status}${verdict}${why}\n`
      );
    })
    .join("");
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

function summary(label: string, run: LocalRun, ms: number): string {
  const n = run.progress.chunksTotal;
  const all = run.candidates;
  const unsupported = all.filter((c) => !c.supported).length;
  const gated = all.filter((c) => c.status === "gated").length;
  const repeats = summarizeRepeats(run.progress.chunkLog ?? []);
  const refused = summarizeRefusals(run.progress.chunkLog ?? []);
  const rateLimit = summarizeRateLimits(run.progress.chunkLog ?? []);
  const leftOut = summarizeLeftOut(run.progress.chunkLog ?? []);
  const joined = summarizeJoined(run.progress.chunkLog ?? []);
  const { inputTokens, outputTokens } = run.progress;
  // The chunks' and the matcher's tokens, the cost when priced, "(estimated)" when some are ours.
  const tokens = (inputTokens ?? 0) + (outputTokens ?? 0) > 0 ? `, ${formatRunUsage(run.progress)}` : "";
  const extra = [
    ...(unsupported > 0 ? [`${unsupported} unsupported`] : []),
    ...(gated > 0 ? [`${gated} gated`] : []),
    ...(repeats ? [repeats.text] : []),
    ...(refused ? [`${refused.count} refused`] : []),
    ...(rateLimit ? [rateLimit.text] : []),
    ...(leftOut ? [leftOut.text] : []),
    ...(joined ? [joined.text] : []),
  ];
  return (
    `extractor ${label}, ${n} chunk${n === 1 ? "" : "s"}, ${all.length} candidates` +
    `${extra.length ? ` (${extra.join(", ")})` : ""}, ${Math.round(ms)} ms${tokens}`
  );
}

export async function main(argv: string[], io: CliIo): Promise<number> {
  try {
    return await extract(argv, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`sift extract: ${error.message}\n\n${USAGE}`);
      return 2;
    }
    if (error instanceof NoModelError) {
      io.stderr(`sift extract: ${error.message}\n`);
      return 2;
    }
    if (isAppError(error)) {
      io.stderr(`sift extract: ${error.message}\n`);
      return 1;
    }
    // Not written for users; the stack is what a bug report needs.
    io.stderr(
      `sift extract: unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    return 1;
  }
}

async function extract(argv: string[], io: CliIo): Promise<number> {
  const options = parseOptions(argv, io.isTTY);
  if (options === "help") {
    io.stdout(USAGE);
    return 0;
  }
  const env = parseEnv(io.env);
  // Configuration problems first: they are cheaper to report than a bad file and need no reading. A
  // half-configured model is CONFIG even without --extractor, as in the app: a typo must not silently fall
  // back to the weaker offline extractor.
  const modelId = options.extractor === "offline" ? null : configuredModelId(env);
  if (options.extractor === "llm" && modelId === null) {
    throw new NoModelError("No model configured: set SIFT_LLM_MODEL and SIFT_LLM_BASE_URL or an API key");
  }
  const settings = readSettings(options.settings);
  // Refuse a .pdf by its name before reading it, with the app's own message.
  if (options.file !== "-") declaredKind(options.file);
  const bytes = await readInput(options.file, io.stdin, env.SIFT_MAX_UPLOAD_BYTES);
  const parsed = parseSource({
    ...(options.file === "-" ? {} : { filename: options.file }),
    bytes,
    maxBytes: env.SIFT_MAX_UPLOAD_BYTES,
  });

  const began = performance.now();
  const store = await openLocalStore({ env, settings });
  let run: LocalRun;
  let shownWaitUntil = 0;
  try {
    run = await store.extract({
      source: {
        title: options.file === "-" ? "stdin" : options.file,
        origin: options.file === "-" ? "paste" : "upload",
        filename: options.file === "-" ? null : options.file,
        parsed,
        meetingDate: options.date ?? null,
        contextHints: options.hints ?? null,
      },
      ...(options.preset ? { preset: options.preset } : {}),
      ...(options.extractor ? { mode: options.extractor } : {}),
      ...(options.maxFacts !== undefined ? { maxFacts: options.maxFacts } : {}),
      onRateLimitWait: (ms) => {
        // Each chunk in flight reports the same pause: one line per pause, not one per chunk.
        const until = Date.now() + ms;
        if (until <= shownWaitUntil + 1_000) return;
        shownWaitUntil = until;
        io.stderr(`sift extract: waiting ${formatWait(ms)}: the provider's rate limit\n`);
      },
    });
  } finally {
    await store.close();
  }
  const ms = performance.now() - began;

  const log = run.progress.chunkLog ?? [];
  const failed = log.filter((c) => c.status === "failed");
  if (run.progress.status === "failed") {
    const n = run.progress.chunksTotal;
    const why = failed[0]?.error ?? run.progress.error ?? "unknown error";
    throw new AppError(
      "MODEL_ERROR",
      failed.length ? `${n === 1 ? "the only chunk" : `all ${n} chunks`} failed: ${why}` : why,
    );
  }
  const shown = mostConfident(run.candidates, options.maxFacts);
  io.stdout(options.json ? `${JSON.stringify(shown.map(toJson), null, 2)}\n` : formatListing(shown));
  const refused = summarizeRefusals(log);
  if (refused) io.stderr(`sift extract: warning: ${refused.text}\n`);
  if (failed.length > 0) {
    io.stderr(
      `sift extract: warning: ${failed.length} of ${run.progress.chunksTotal} chunks failed ` +
        `(first: ${failed[0]?.error ?? "unknown error"}); showing candidates from the rest\n`,
    );
  }
  const label = run.progress.extractor === "llm" ? `llm ${run.progress.modelId}` : run.progress.extractor;
  io.stderr(`sift extract: ${summary(label, run, ms)}\n`);
  return 0;
}

runAsCommand(import.meta.url, main);
