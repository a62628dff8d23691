"use server";
import { z } from "zod";
import { defineSpaceAction } from "@/app/define-action";
import { forgetApiSubject } from "@/lib/api/subjects";
import { ForgetSubjectInputSchema } from "@/lib/facts/schema";

/** Forgets everything the space holds about a subject, as previewed (lib/facts/forget-subject.ts). */
export const forgetSubjectAction = defineSpaceAction({
  input: ForgetSubjectInputSchema.extend({ space: z.string().max(40).optional() }),
  need: "review",
  space: (input) => ({ slug: input.space }),
  revalidate: ["/facts", "/review", "/subjects", "/sources"],
  run: ({ input: { space: _slug, ...input }, actor, db, space }) =>
    forgetApiSubject({ db, spaceId: space.id, input, reviewerId: actor.id }),
});
