"use server";
import { z } from "zod";
import { defineSpaceAction } from "@/app/define-action";
import { FORGET_MODES } from "@/lib/facts/schema";
import { forgetSourceAndRejudge } from "@/lib/jobs/decisions";

const ForgetInput = z.object({
  sourceId: z.uuid(),
  mode: z.enum(FORGET_MODES),
  /** What the reviewer saw in the preview: anything else changes nothing. */
  expected: z.object({ factIds: z.array(z.uuid()).max(10_000), candidateIds: z.array(z.uuid()).max(10_000) }),
});

export const forgetSourceAction = defineSpaceAction({
  input: ForgetInput,
  need: "review",
  space: (input) => ({ kind: "source", id: input.sourceId }),
  revalidate: ({ sourceId }) => ["/facts", "/review", `/sources/${sourceId}`],
  run: async ({ input, actor, db }) => {
    const result = await forgetSourceAndRejudge({ db, ...input, reviewerId: actor.id });
    return { archived: result.archived, deleted: result.deleted, kept: result.kept, rejected: result.rejected };
  },
});
