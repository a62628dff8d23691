"use server";
import { z } from "zod";
import { defineSpaceAction } from "@/app/define-action";
import { changeSpaceMember, MemberChangeSchema, removeFromSpace } from "@/lib/spaces/members";

const InSpace = { space: z.string().max(40).optional() };

/** Adds someone to the space, or changes their role there (the space's admins and instance admins). */
export const setMemberAction = defineSpaceAction({
  input: MemberChangeSchema.extend(InSpace),
  need: "admin",
  space: (input) => ({ slug: input.space }),
  revalidate: ["/members"],
  run: ({ input: { space: _slug, ...change }, db, space }) => changeSpaceMember({ db, space, change }),
});

export const removeMemberAction = defineSpaceAction({
  input: z.object({ reviewerId: z.uuid(), ...InSpace }),
  need: "admin",
  space: (input) => ({ slug: input.space }),
  revalidate: ["/members"],
  run: ({ input, db, space }) => removeFromSpace({ db, space, reviewerId: input.reviewerId }),
});
