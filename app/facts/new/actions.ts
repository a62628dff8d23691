"use server";
import { z } from "zod";
import { defineSpaceAction } from "@/app/define-action";
import { ManualFactInputSchema } from "@/lib/facts/schema";
import { createManualFactAndRejudge } from "@/lib/jobs/decisions";

/** A fact a reviewer types in: active at once, with "entered by" provenance. */
export const createFactAction = defineSpaceAction({
  input: ManualFactInputSchema.extend({ space: z.string().max(40).optional() }),
  need: "review",
  space: (input) => ({ slug: input.space }),
  revalidate: ["/facts"],
  run: async ({ input: { space: _slug, ...input }, actor, db, space }) => {
    const created = await createManualFactAndRejudge({ db, spaceId: space.id, input, reviewerId: actor.id });
    return { id: created.id };
  },
});
