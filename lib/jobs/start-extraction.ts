import "server-only";
import type { z } from "zod";
import { buildRunPayload, extractorLabel } from "@/lib/chain/payload";
import { listPromptContext } from "@/lib/db/prompt-context";
import { claimRunForRetry, createExtractionRun } from "@/lib/db/runs";
import { withLearnedCutoff } from "@/lib/db/learned-cutoff";
import { getSettings } from "@/lib/db/settings";
import { createSource, findSourceByText, type NewSource } from "@/lib/db/sources";
import { withTransaction, type Db } from "@/lib/db/types";
import type { Env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import type { ProposedFact } from "@/lib/extraction/agent";
import { executeExtractionRun, settleRunPayload } from "@/lib/jobs/extraction";
import { extractorForNewRun, extractorForRun } from "@/lib/models";
import { chunkTokensFor } from "@/lib/models/context";
import { presetOptions } from "@/lib/settings/schema";
import { readSourceInput } from "@/lib/sources/input";
import { DEFAULT_SPACE_ID } from "@/lib/spaces/schema";
import type { SourceInputSchema } from "@/lib/sources/schema";

/** Runs a task after the response is sent (Next's `after` in the app; tests may await it). */
export type RunInBackground = (task: () => Promise<void>) => void;

export interface NewRunOptions {
  db: Db;
  env: Env;
  /** Without a title, the first line of the text names the source. */
  source: Omit<NewSource, "title"> & { title?: string };
  /** A preset id offered by presetOptions; the settings' default when absent. */
  preset?: string;
  /** An agent's own facts, proposed instead of extracting (lib/extraction/agent.ts). */
  agentFacts?: ProposedFact[];
  /** Force the offline extractor or the LLM (the CLI's --extractor); default: the LLM when one is configured. */
  mode?: "offline" | "llm";
  /** At most this many facts per chunk from the extractor (the CLI's --max-facts). */
  maxFacts?: number;
  /** Who started it (counted by the concurrent-extraction limit, lib/security/limits.ts). */
  reviewerId?: string;
  /** The space the source and its candidates belong to; the default space when absent. */
  spaceId?: string;
}

/**
 * Saves a parsed source with a queued run, in one transaction. The run's payload (lib/chain/payload.ts) fixes
 * now what it will do — its input, extractor, preset, hints, date and the settings it uses — so whoever runs
 * it (this process, a Retry, another instance's worker, the CLI's store) rebuilds the same run from the row.
 * An unknown preset or a half-configured model is refused before anything is saved.
 */
export async function createQueuedRun({
  db,
  env,
  source,
  preset,
  agentFacts,
  mode,
  maxFacts,
  reviewerId,
  spaceId = DEFAULT_SPACE_ID,
}: NewRunOptions): Promise<{ runId: string; sourceId: string; extractor: string }> {
  // The payload fixes the thresholds the run judges by: the team's learned duplicate cut-off, when one serves.
  const settings = await withLearnedCutoff({ db, spaceId, settings: await getSettings({ db, spaceId }) });
  if (preset && !presetOptions(settings).some((p) => p.id === preset)) {
    throw new AppError("VALIDATION", `Unknown preset "${preset}"`, {
      fieldErrors: { preset: ["Pick one of the listed presets"] },
    });
  }
  const extractor = extractorForNewRun({ env, mode });
  const payload = buildRunPayload({
    source,
    agentFacts,
    extractor,
    preset,
    settings,
    ...(await listPromptContext({
      db,
      spaceId,
      subject: source.subject ?? null,
      knownFactsLimit: settings.knownFactsLimit,
      withExamples: !agentFacts && extractor.mode === "llm",
    })),
    chunkTokens: chunkTokensFor(env, agentFacts ? null : extractor.modelId),
    maxFacts: maxFacts ?? null,
  });
  // Built once here so a model that cannot be built refuses the run before it is saved.
  const { promptVersion } = extractorForRun({ env, payload, offThread: false });
  return withTransaction(
    db,
    async (tx) => {
      const saved = await createSource({
        db: tx,
        spaceId,
        source: { ...source, title: source.title || defaultTitle(source.parsed.text) },
      });
      const run = await createExtractionRun({ db: tx, sourceId: saved.id, payload, promptVersion, reviewerId });
      return { sourceId: saved.id, runId: run.id, extractor: extractorLabel(payload) };
    },
    { timeoutMs: sourceTransactionMs(source.parsed) },
  );
}

/**
 * Saving a 5 MB source (its text, its segments as JSON) ran past Prisma's 5 s transaction default on a loaded
 * PostgreSQL (issue 22's bench, load average 17): time sized to what is written, ~2 s a megabyte over a floor.
 */
export function sourceTransactionMs(parsed: { text: string; segments: unknown[] }): number {
  return 15_000 + Math.ceil((parsed.text.length / 1_048_576) * 2_000) + 2 * parsed.segments.length;
}

/**
 * Saves a source with its queued run (createQueuedRun) and starts the extraction in the background: this
 * process claims the run at once (a run is a job in the database, lib/jobs/run-worker.ts; if this process
 * dies, a worker resumes it). Returns at once with the ids, so the page can follow progress. A text
 * ingested before is not saved again unless `again` says so: the result names the earlier source instead
 * (`duplicateOf`).
 */
export async function startExtraction({
  again = false,
  runInBackground,
  ...options
}: NewRunOptions & {
  /** Extract a text that was ingested before once more, as a new source. */
  again?: boolean;
  runInBackground: RunInBackground;
}): Promise<
  | { duplicateOf: { id: string; title: string; createdAt: Date } }
  | { duplicateOf?: undefined; runId: string; sourceId: string; extractor: string }
> {
  const { db, env } = options;
  if (!again) {
    const earlier = await findSourceByText({
      db,
      spaceId: options.spaceId ?? DEFAULT_SPACE_ID,
      text: options.source.parsed.text,
      subject: options.source.subject ?? null,
    });
    if (earlier) return { duplicateOf: earlier };
  }
  const created = await createQueuedRun(options);
  runInBackground(() => executeExtractionRun({ db, env, runId: created.runId }));
  return created;
}

/**
 * A paste or a file as the ingest form and the API send it: checked and parsed the one way (readSourceInput,
 * so a bad file saves nothing), then saved and started as `startExtraction` does. The origin is "upload" or
 * "paste" as the person sent it, unless the caller says "api" or "agent".
 */
export async function startExtractionFromInput({
  env,
  fields,
  file,
  origin,
  ...start
}: Omit<Parameters<typeof startExtraction>[0], "source" | "preset" | "again"> & {
  fields: Omit<z.output<typeof SourceInputSchema>, "text"> & { text?: string };
  file?: File | null;
  origin?: "api" | "agent";
}) {
  const { parsed, upload } = await readSourceInput({ text: fields.text, file, maxBytes: env.SIFT_MAX_UPLOAD_BYTES });
  const started = await startExtraction({
    ...start,
    env,
    source: {
      title: fields.title || upload?.name,
      origin: origin ?? (upload ? "upload" : "paste"),
      filename: upload?.name ?? null,
      mediaType: upload?.type || null,
      parsed,
      meetingDate: fields.meetingDate || null,
      contextHints: fields.contextHints || null,
      subject: fields.subject ?? null,
    },
    preset: fields.preset,
    again: fields.again === "1",
  });
  return { ...started, segments: parsed.segments.length, ...(parsed.decoding ? { decoding: parsed.decoding } : {}) };
}

/** Runs again the chunks of a failed, partial or interrupted run, as its payload says. */
export async function retryExtraction({
  db,
  env,
  runId,
  runInBackground,
}: {
  db: Db;
  env: Env;
  runId: string;
  runInBackground: RunInBackground;
}) {
  // Built before the claim: a model that is no longer configured must not leave the run queued.
  extractorForRun({ env, payload: await settleRunPayload({ db, env, runId }), offThread: false });
  await claimRunForRetry({ db, runId });
  runInBackground(() => executeExtractionRun({ db, env, runId }));
  return { runId };
}

function defaultTitle(text: string): string {
  const firstLine =
    text
      .split("\n")
      .find((l) => l.trim())
      ?.trim() ?? "Untitled";
  return firstLine.length > 60 ? `${firstLine.slice(0, 57)}…` : firstLine;
}
