"use server";
import { after } from "next/server";
import { z } from "zod";
import { defineAction } from "@/app/define-action";
import { retryExtraction, startExtractionFromInput } from "@/lib/jobs/start-extraction";
import { assertRunCapacity } from "@/lib/security/limits";
import { SourceInputSchema } from "@/lib/sources/schema";

/** The ingest form: its fields, and the file when one was chosen. */
const IngestForm = SourceInputSchema.extend({ file: z.instanceof(File).optional() });

/**
 * Saves the source and starts extraction in the background; returns at once with the run id so the
 * page can follow progress. Parsing happens before anything is saved, so a bad file saves nothing.
 */
export const startExtractionAction = defineAction({
  input: IngestForm,
  need: "propose",
  run: async ({ input: { file, ...fields }, actor, db, env }) => {
    await assertRunCapacity({ db, reviewerId: actor.id });
    return startExtractionFromInput({ db, env, reviewerId: actor.id, fields, file, runInBackground: after });
  },
});

/** Runs again the chunks of a failed, partial or interrupted run; what succeeded before is kept. */
export const retryRunAction = defineAction({
  input: z.object({ runId: z.uuid() }),
  need: "propose",
  run: ({ input: { runId }, db, env }) => retryExtraction({ db, env, runId, runInBackground: after }),
});
