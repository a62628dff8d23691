import "server-only";
import type { Permission } from "@/lib/accounts/schema";
import { assertAllowedIn, mayReach, type Actor } from "@/lib/auth/access";
import { getSpaceById, getSpaceBySlug, spacesOfObjects } from "@/lib/db/spaces";
import type { Db } from "@/lib/db/types";
import { AppError } from "@/lib/errors";
import { DEFAULT_SPACE_ID, SpaceSlugSchema, type SpaceRef } from "@/lib/spaces/schema";

/**
 * The space a request works in: the one its `space` parameter names, else the actor's only space, else the
 * default space. A space the caller may not reach is answered exactly as one that does not exist, so a
 * token or a member of space A cannot learn that B is there; with `need`, a role too small there is FORBIDDEN.
 */
export async function resolveSpace({
  db,
  actor,
  slug,
  need,
}: {
  db: Db;
  actor: Actor;
  slug: string | null | undefined;
  need?: Permission;
}): Promise<SpaceRef> {
  const space = await findSpace({ db, actor, slug });
  if (need) assertAllowedIn(actor, space, need);
  return space;
}

async function findSpace({ db, actor, slug }: { db: Db; actor: Actor; slug: string | null | undefined }) {
  const notFound = (name: string) => new AppError("NOT_FOUND", `No space named "${name}".`);
  if (slug === undefined || slug === null || slug === "") {
    const only = onlySpaceOf(actor);
    if (only && only !== DEFAULT_SPACE_ID) {
      const space = await getSpaceById({ db, id: only });
      if (space) return space;
    }
    const fallback = await getSpaceById({ db, id: DEFAULT_SPACE_ID });
    if (!fallback || !mayReach(actor, DEFAULT_SPACE_ID)) {
      throw new AppError("VALIDATION", "Say which space: add ?space=<name> to the request.", {
        fieldErrors: { space: ["Required: you reach more than one space, and not the default one"] },
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

/** The one space a token or a member reaches, when there is exactly one. */
function onlySpaceOf(actor: Actor): string | null {
  const ids = actor.kind === "token" ? actor.spaceIds : actor.spaces === "all" ? [] : Object.keys(actor.spaces);
  return ids.length === 1 ? (ids[0] as string) : null;
}

/** What each kind of object is called when it is not there: the same words whether it is missing or elsewhere. */
const MISSING = {
  candidate: "This candidate no longer exists.",
  fact: "This fact no longer exists.",
  source: "This source no longer exists.",
  run: "This run no longer exists.",
} as const;

export type SpaceObjectKind = keyof typeof MISSING;

/**
 * The space of the object an action works on, checked for the actor: NOT_FOUND (the words a missing one gets)
 * when it does not exist or lies in a space the actor may not reach, FORBIDDEN when their role there is too
 * small for `need`.
 */
export async function locateSpace({
  db,
  actor,
  kind,
  id,
  need,
}: {
  db: Db;
  actor: Actor;
  kind: SpaceObjectKind;
  id: string;
  need: Permission;
}): Promise<SpaceRef> {
  const spaceId = (await spacesOfObjects({ db, kind, ids: [id] })).get(id);
  const space = spaceId && mayReach(actor, spaceId) ? await getSpaceById({ db, id: spaceId }) : null;
  if (!space) throw new AppError("NOT_FOUND", MISSING[kind]);
  assertAllowedIn(actor, space, need);
  return space;
}

/**
 * Splits a selection of objects into those the actor may act on and those it must be told are gone (missing,
 * or in a space it may not reach: the same to it). A reachable space where its role is too small is FORBIDDEN.
 */
export async function partitionBySpace({
  db,
  actor,
  kind,
  ids,
  need,
}: {
  db: Db;
  actor: Actor;
  kind: SpaceObjectKind;
  ids: string[];
  need: Permission;
}): Promise<{ allowed: string[]; missing: Array<{ id: string; message: string }> }> {
  const spaces = await spacesOfObjects({ db, kind, ids });
  const allowed: string[] = [];
  const missing: Array<{ id: string; message: string }> = [];
  const checked = new Set<string>();
  for (const id of ids) {
    const spaceId = spaces.get(id);
    if (!spaceId || !mayReach(actor, spaceId)) {
      missing.push({ id, message: MISSING[kind] });
      continue;
    }
    if (!checked.has(spaceId)) {
      const space = await getSpaceById({ db, id: spaceId });
      if (space) assertAllowedIn(actor, space, need);
      checked.add(spaceId);
    }
    allowed.push(id);
  }
  return { allowed, missing };
}
