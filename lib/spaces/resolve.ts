import "server-only";
import type { Actor } from "@/lib/auth/access";
import { getSpaceById, getSpaceBySlug } from "@/lib/db/spaces";
import type { Db } from "@/lib/db/types";
import { AppError } from "@/lib/errors";
import { DEFAULT_SPACE_ID, SpaceSlugSchema, type SpaceRef } from "@/lib/spaces/schema";

/**
 * The space a request works in: the one its `space` parameter names, else a token's only space, else the
 * default space. A space the caller may not reach is answered exactly as one that does not exist, so a
 * token of space A cannot learn that B is there.
 */
export async function resolveSpace({
  db,
  actor,
  slug,
}: {
  db: Db;
  actor: Actor;
  slug: string | null | undefined;
}): Promise<SpaceRef> {
  const notFound = (name: string) => new AppError("NOT_FOUND", `No space named "${name}".`);
  if (slug === undefined || slug === null || slug === "") {
    if (actor.kind === "token" && actor.spaceIds.length === 1 && actor.spaceIds[0] !== DEFAULT_SPACE_ID) {
      const only = await getSpaceById({ db, id: actor.spaceIds[0] as string });
      if (only) return only;
    }
    const fallback = await getSpaceById({ db, id: DEFAULT_SPACE_ID });
    if (!fallback || !mayReach(actor, DEFAULT_SPACE_ID)) {
      throw new AppError("VALIDATION", "Say which space: add ?space=<name> to the request.", {
        fieldErrors: { space: ["Required for this token"] },
      });
    }
    return fallback;
  }
  const parsed = SpaceSlugSchema.safeParse(slug);
  if (!parsed.success) throw notFound(slug.slice(0, 40));
  const space = await getSpaceBySlug({ db, slug: parsed.data });
  if (!space || !mayReach(actor, space.id)) throw notFound(parsed.data);
  return space;
}

/** Whether the actor may touch a space at all (what it may do there is its role or scopes). */
export function mayReach(actor: Actor, spaceId: string): boolean {
  return actor.kind === "person" || actor.spaceIds.includes(spaceId);
}
