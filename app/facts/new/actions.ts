"use server";
import { z } from "zod";
import { defineAction } from "@/app/define-action";
import { ManualFactInputSchema } from "@/lib/facts/schema";
import { createManualFactAndRejudge } from "@/lib/jobs/decisions";
import { resolveSpace } from "@/lib/spaces/resolve";

/** A fact a reviewer types in: active at once, with "entered by" provenance. */
export const createFactAction = defineAction({
  input: ManualFactInputSchema.extend({ space: z.string().max(40).optional() }),
  need: "review",
  revalidate: ["/facts"],
  run: async ({ input: { space: slug, ...input }, actor, db }) => {
    const space = await resolveSpace({ db, actor, slug });
    const created = await createManualFactAndRejudge({ db, spaceId: space.id, input, reviewerId: actor.id });
    return { id: created.id };
  },
});
