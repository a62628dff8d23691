"use server";
import { after } from "next/server";
import { z } from "zod";
import { defineAction } from "@/app/define-action";
import { retryExtraction, startExtractionFromInput } from "@/lib/jobs/start-extraction";
import { assertRunCapacity } from "@/lib/security/limits";
import { SourceInputSchema } from "@/lib/sources/schema";
import { resolveSpace } from "@/lib/spaces/resolve";

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
export const startExtractionAction = defineAction({
  input: IngestForm,
  need: "propose",
  run: async ({ input: { file, space: slug, ...fields }, actor, db, env }) => {
    const space = await resolveSpace({ db, actor, slug });
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
export const retryRunAction = defineAction({
  input: z.object({ runId: z.uuid() }),
  need: "propose",
  run: ({ input: { runId }, db, env }) => retryExtraction({ db, env, runId, runInBackground: after }),
});
