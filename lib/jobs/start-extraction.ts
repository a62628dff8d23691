import "server-only";
import { claimRunForRetry, createExtractionRun, getRunSummary } from "@/lib/db/runs";
import { getSettings } from "@/lib/db/settings";
import { createSource, findSourceByText, type NewSource } from "@/lib/db/sources";
import { withTransaction, type Db } from "@/lib/db/types";
import type { Env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import type { Extractor } from "@/lib/extraction/types";
import { executeExtractionRun } from "@/lib/jobs/extraction";
import { buildExtractor, buildMatcherModels } from "@/lib/models";
import { presetOptions } from "@/lib/settings/schema";
import { readSourceInput } from "@/lib/sources/input";
import type { SourceInputSchema } from "@/lib/sources/schema";
import type { z } from "zod";

/** Runs a task after the response is sent (Next's `after` in the app; tests may await it). */
export type RunInBackground = (task: () => Promise<void>) => void;

/**
 * Saves a parsed source with a queued run, in one transaction, and starts the extraction in the
 * background: this process claims the run at once (a run is a job in the database, lib/jobs/run-worker.ts;
 * if this process dies, a worker resumes it). Returns at once with the ids, so the page can follow
 * progress; an unknown preset or a half-configured model is refused before anything is saved. A text
 * ingested before is not saved again unless `again` says so: the result names the earlier source instead
 * (`duplicateOf`).
 */
export async function startExtraction({
  db,
  env,
  source,
  preset,
  again = false,
  runInBackground,
  extractor,
  reviewerId,
}: {
  db: Db;
  env: Env;
  /** Who started it (counted by the concurrent-extraction limit, lib/security/limits.ts). */
  reviewerId?: string;
  /** Without a title, the first line of the text names the source. */
  source: Omit<NewSource, "title"> & { title?: string };
  /** A preset id offered by presetOptions; the settings' default when absent. */
  preset?: string;
  /** Extract a text that was ingested before once more, as a new source. */
  again?: boolean;
  runInBackground: RunInBackground;
  /** Instead of the configured extractor (an agent's proposals: lib/extraction/agent.ts). */
  extractor?: { extractor: Extractor; label: string };
}): Promise<
  | { duplicateOf: { id: string; title: string; createdAt: Date } }
  | { duplicateOf?: undefined; runId: string; sourceId: string; extractor: string }
> {
  if (!again) {
    const earlier = await findSourceByText({ db, text: source.parsed.text });
    if (earlier) return { duplicateOf: earlier };
  }
  const settings = await getSettings({ db });
  if (preset && !presetOptions(settings).some((p) => p.id === preset)) {
    throw new AppError("VALIDATION", `Unknown preset "${preset}"`, {
      fieldErrors: { preset: ["Pick one of the listed presets"] },
    });
  }
  const choice = extractor ?? buildExtractor({ env, settings, offThread: true });
  const matcher = buildMatcherModels({ env });
  const { sourceId, runId } = await withTransaction(db, async (tx) => {
    const saved = await createSource({
      db: tx,
      source: { ...source, title: source.title || defaultTitle(source.parsed.text) },
    });
    const run = await createExtractionRun({
      db: tx,
      sourceId: saved.id,
      extractor: choice.extractor.name,
      modelId: choice.extractor.modelId,
      promptVersion: choice.extractor.promptVersion,
      preset: preset ?? settings.defaultPreset,
      reviewerId,
    });
    return { sourceId: saved.id, runId: run.id };
  });
  runInBackground(() => executeExtractionRun({ db, runId, extractor: choice.extractor, ...matcher }));
  return { runId, sourceId, extractor: choice.label };
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
    },
    preset: fields.preset,
    again: fields.again === "1",
  });
  return { ...started, segments: parsed.segments.length };
}

/** Runs again the chunks of a failed, partial or interrupted run, with the extractor it ran with. */
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
  const settings = await getSettings({ db });
  const run = await getRunSummary({ db, runId });
  if (!run) throw new AppError("NOT_FOUND", "This run no longer exists.");
  // Built before the claim: a model that is no longer configured must not leave the run queued.
  const choice = buildExtractor({ env, settings, mode: run.extractor === "llm" ? "llm" : "offline", offThread: true });
  const matcher = buildMatcherModels({ env });
  await claimRunForRetry({ db, runId });
  runInBackground(() => executeExtractionRun({ db, runId, extractor: choice.extractor, ...matcher }));
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
