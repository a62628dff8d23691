import "server-only";
import { z } from "zod";
import { ROLES } from "@/lib/accounts/schema";
import { removeSpaceMember, setSpaceMember } from "@/lib/db/members";
import { getReviewerIdentity } from "@/lib/db/accounts";
import type { Db } from "@/lib/db/types";
import { AppError } from "@/lib/errors";
import type { SpaceRef } from "@/lib/spaces/schema";

/** A change to a space's members: who (a person with an account), and their role there. */
export const MemberChangeSchema = z.object({
  reviewerId: z.uuid("Pick a person."),
  role: z.enum(ROLES),
});
export type MemberChange = z.infer<typeof MemberChangeSchema>;

/**
 * Gives a person a role in a space (adding them when they are not in it). An instance admin is every space's
 * admin already: their role is changed on the instance, not here.
 */
export async function changeSpaceMember({
  db,
  space,
  change,
}: {
  db: Db;
  space: SpaceRef;
  change: MemberChange;
}): Promise<{ name: string; role: MemberChange["role"] }> {
  const person = await getReviewerIdentity({ db, id: change.reviewerId });
  if (!person) throw new AppError("NOT_FOUND", "Nobody has that id.");
  if (person.role === "admin") {
    throw new AppError("VALIDATION", `${person.name} is an admin of this Sift, and so of every space already.`);
  }
  await setSpaceMember({ db, spaceId: space.id, reviewerId: person.id, role: change.role });
  return { name: person.name, role: change.role };
}

/** Takes a person out of a space: from then on its pages, cards and facts are "not found" to them. */
export async function removeFromSpace({
  db,
  space,
  reviewerId,
}: {
  db: Db;
  space: SpaceRef;
  reviewerId: string;
}): Promise<{ removed: boolean }> {
  if (!(await removeSpaceMember({ db, spaceId: space.id, reviewerId }))) {
    throw new AppError("NOT_FOUND", `They are not a member of ${space.name}.`);
  }
  return { removed: true };
}
