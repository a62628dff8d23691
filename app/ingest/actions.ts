"use server";
import { after } from "next/server";
import { z } from "zod";
import { parseInput, toActionResult } from "@/lib/action";
import { requireReviewer } from "@/lib/auth/reviewer";
import { getDb } from "@/lib/db/client";
import { createExtractionRun } from "@/lib/db/runs";
import { createSource } from "@/lib/db/sources";
import { getEnv } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { tooLargeMessage } from "@/lib/format";
import { getSettings } from "@/lib/db/settings";
import { presetOptions } from "@/lib/settings/schema";
import { selectExtractor } from "@/lib/extraction/select";
import { executeExtractionRun } from "@/lib/jobs/extraction";
import { parseSource } from "@/lib/sources/parse";

const IngestFields = z.object({
  title: z.string().trim().max(200).optional(),
  text: z.string().optional(),
  meetingDate: z.union([z.literal(""), z.iso.date("Use a date like 2026-11-30")]).optional(),
  preset: z.string().max(40).optional(),
  contextHints: z.string().trim().max(2_000, "Keep context hints under 2,000 characters").optional(),
});

function defaultTitle(text: string): string {
  const firstLine =
    text
      .split("\n")
      .find((l) => l.trim())
      ?.trim() ?? "Untitled";
  return firstLine.length > 60 ? `${firstLine.slice(0, 57)}…` : firstLine;
}

/**
 * Saves the source and starts extraction in the background; returns at once with the run id so the
 * page can follow progress. Parsing happens before anything is saved, so a bad file saves nothing.
 */
export async function startExtractionAction(formData: FormData) {
  return toActionResult(async () => {
    await requireReviewer();
    const env = getEnv();
    const fields = parseInput(IngestFields, {
      title: formData.get("title") ?? undefined,
      text: formData.get("text") ?? undefined,
      meetingDate: formData.get("meetingDate") ?? undefined,
      preset: formData.get("preset") || undefined,
      contextHints: formData.get("contextHints") ?? undefined,
    });
    const file = formData.get("file");
    const upload = file instanceof File && file.size > 0 ? file : null;
    if (!upload && !fields.text?.trim()) {
      throw new AppError("VALIDATION", "Paste a transcript or choose a file first.", {
        fieldErrors: { text: ["Paste a transcript or choose a file first."] },
      });
    }
    if (upload && upload.size > env.SIFT_MAX_UPLOAD_BYTES) {
      // Checked before reading the body into memory.
      throw new AppError("TOO_LARGE", tooLargeMessage(upload.name, upload.size, env.SIFT_MAX_UPLOAD_BYTES));
    }
    const parsed = upload
      ? parseSource({
          filename: upload.name,
          mediaType: upload.type || undefined,
          bytes: new Uint8Array(await upload.arrayBuffer()),
          maxBytes: env.SIFT_MAX_UPLOAD_BYTES,
        })
      : parseSource({ text: fields.text ?? "", maxBytes: env.SIFT_MAX_UPLOAD_BYTES });

    const db = await getDb();
    const settings = await getSettings({ db });
    if (fields.preset && !presetOptions(settings).some((p) => p.id === fields.preset)) {
      throw new AppError("VALIDATION", `Unknown preset "${fields.preset}"`, {
        fieldErrors: { preset: ["Pick one of the listed presets"] },
      });
    }
    const choice = selectExtractor({
      env,
      template: settings.promptTemplate,
      knownFactsLimit: settings.knownFactsLimit,
    });
    const source = await createSource({
      db,
      source: {
        title: fields.title || upload?.name || defaultTitle(parsed.text),
        origin: upload ? "upload" : "paste",
        filename: upload?.name ?? null,
        mediaType: upload?.type || null,
        parsed,
        meetingDate: fields.meetingDate || null,
        contextHints: fields.contextHints || null,
      },
    });
    const run = await createExtractionRun({
      db,
      sourceId: source.id,
      extractor: choice.extractor.name,
      modelId: choice.extractor.modelId,
      promptVersion: choice.extractor.promptVersion,
      preset: fields.preset ?? settings.defaultPreset,
    });
    after(() => executeExtractionRun({ db, runId: run.id, extractor: choice.extractor }));
    return { runId: run.id, sourceId: source.id, extractor: choice.label, segments: parsed.segments.length };
  });
}

/** Runs again the chunks of a failed, partial or interrupted run; what succeeded before is kept. */
export async function retryRunAction(input: { runId: string }) {
  return toActionResult(async () => {
    const { runId } = parseInput(z.object({ runId: z.uuid() }), input);
    await requireReviewer();
    const db = await getDb();
    const settings = await getSettings({ db });
    const run = await db.extractionRun.findUnique({ where: { id: runId }, select: { status: true, extractor: true } });
    if (!run) throw new AppError("NOT_FOUND", "This run no longer exists.");
    if (!["failed", "partial", "interrupted"].includes(run.status)) {
      throw new AppError(
        "CONFLICT",
        `This run is ${run.status}; only failed, partial or interrupted runs can be retried.`,
      );
    }
    const choice = selectExtractor({
      env: getEnv(),
      template: settings.promptTemplate,
      knownFactsLimit: settings.knownFactsLimit,
      mode: run.extractor === "llm" ? "llm" : "offline",
    });
    // Claim the run so a double-clicked Retry starts it once.
    const claimed = await db.extractionRun.updateMany({
      where: { id: runId, status: run.status },
      data: { status: "queued", error: null },
    });
    if (claimed.count === 0) throw new AppError("CONFLICT", "This run is already being retried.");
    after(() => executeExtractionRun({ db, runId, extractor: choice.extractor, retry: true }));
    return { runId };
  });
}
