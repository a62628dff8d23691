"use server";
import { defineAction } from "@/app/define-action";
import { ManualFactInputSchema } from "@/lib/facts/schema";
import { createManualFactAndRejudge } from "@/lib/jobs/decisions";

/** A fact a reviewer types in: active at once, with "entered by" provenance. */
export const createFactAction = defineAction({
  input: ManualFactInputSchema,
  need: "review",
  revalidate: ["/facts"],
  run: async ({ input, actor, db }) => {
    const created = await createManualFactAndRejudge({ db, input, reviewerId: actor.id });
    return { id: created.id };
  },
});
