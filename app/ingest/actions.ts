"use server";
import { after } from "next/server";
import { z } from "zod";
import { defineSpaceAction } from "@/app/define-action";
import { retryExtraction, startExtractionFromInput } from "@/lib/jobs/start-extraction";
import { assertRunCapacity } from "@/lib/security/limits";
import { SourceInputSchema } from "@/lib/sources/schema";

/** The ingest form: its fields, and the file when one was chosen. */
const IngestForm = SourceInputSchema.extend({
  file: z.instanceof(File).optional(),
  /** The space the page was showing (its `?space=`); the default space when absent. */
  space: z.string().max(40).optional(),
});

/**
 * Saves the source and starts extraction in the background; returns at once with the run id so the
 * page can follow progress. Parsing happens before anything is saved, so a bad file saves nothing.
 */
export const startExtractionAction = defineSpaceAction({
  input: IngestForm,
  need: "propose",
  space: (input) => ({ slug: input.space }),
  run: async ({ input: { file, space: _slug, ...fields }, actor, db, env, space }) => {
    await assertRunCapacity({ db, reviewerId: actor.id });
    return startExtractionFromInput({
      db,
      env,
      spaceId: space.id,
      reviewerId: actor.id,
      fields,
      file,
      runInBackground: after,
    });
  },
});

/** Runs again the chunks of a failed, partial or interrupted run; what succeeded before is kept. */
export const retryRunAction = defineSpaceAction({
  input: z.object({ runId: z.uuid() }),
  need: "propose",
  space: (input) => ({ kind: "run", id: input.runId }),
  run: ({ input: { runId }, db, env }) => retryExtraction({ db, env, runId, runInBackground: after }),
});
