"use server";
import { z } from "zod";
import { defineSpaceAction } from "@/app/define-action";
import { forgetSubjectAndRejudge } from "@/lib/jobs/decisions";

const ids = z.array(z.uuid()).max(10_000);
const ForgetSubjectInput = z.object({
  subject: z.string().trim().min(1).max(200),
  space: z.string().max(40).optional(),
  mode: z.enum(["archive", "delete"]),
  /** What the reviewer saw in the preview: anything else changes nothing. */
  expected: z.object({ factIds: ids, candidateIds: ids, sourceIds: ids }),
});

/** Forgets everything the space holds about a subject, as previewed (lib/facts/forget-subject.ts). */
export const forgetSubjectAction = defineSpaceAction({
  input: ForgetSubjectInput,
  need: "review",
  space: (input) => ({ slug: input.space }),
  revalidate: ["/facts", "/review", "/subjects", "/sources"],
  run: async ({ input: { space: _slug, ...input }, actor, db, space }) => {
    const result = await forgetSubjectAndRejudge({ db, spaceId: space.id, ...input, reviewerId: actor.id });
    return {
      archived: result.archived,
      deleted: result.deleted,
      sourcesDeleted: result.sourcesDeleted,
      rejected: result.rejected,
      kept: result.kept,
    };
  },
});
