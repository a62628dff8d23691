"use server";
import { after } from "next/server";
import { z } from "zod";
import { parseInput, toActionResult } from "@/lib/action";
import { requireRole } from "@/app/access";
import { limitAction } from "@/app/rate-limit";
import { getDb } from "@/lib/db/client";
import { getEnv } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { retryExtraction, startExtractionFromInput } from "@/lib/jobs/start-extraction";
import { assertRunCapacity } from "@/lib/security/limits";
import { SourceInputSchema } from "@/lib/sources/schema";

/**
 * Saves the source and starts extraction in the background; returns at once with the run id so the
 * page can follow progress. Parsing happens before anything is saved, so a bad file saves nothing.
 */
export async function startExtractionAction(formData: FormData) {
  return toActionResult(async () => {
    const reviewer = await requireRole("propose");
    await limitAction(reviewer.id);
    // A forged call can send any serializable value instead of the form.
    if (!(formData instanceof FormData)) throw new AppError("VALIDATION", "Send the ingest form's fields.");
    const env = getEnv();
    const db = await getDb();
    await assertRunCapacity({ db, reviewerId: reviewer.id });
    const fields = parseInput(SourceInputSchema, {
      title: formData.get("title") ?? undefined,
      text: formData.get("text") ?? undefined,
      meetingDate: formData.get("meetingDate") ?? undefined,
      preset: formData.get("preset") || undefined,
      contextHints: formData.get("contextHints") ?? undefined,
      again: formData.get("again") || undefined,
    });
    const file = formData.get("file");
    return startExtractionFromInput({
      db,
      reviewerId: reviewer.id,
      env,
      fields,
      file: file instanceof File ? file : null,
      runInBackground: after,
    });
  });
}

/** Runs again the chunks of a failed, partial or interrupted run; what succeeded before is kept. */
export async function retryRunAction(input: { runId: string }) {
  return toActionResult(async () => {
    const { runId } = parseInput(z.object({ runId: z.uuid() }), input);
    const reviewer = await requireRole("propose");
    await limitAction(reviewer.id);
    return retryExtraction({ db: await getDb(), env: getEnv(), runId, runInBackground: after });
  });
}
