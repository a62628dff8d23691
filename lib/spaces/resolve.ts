import "server-only";
import type { Permission } from "@/lib/accounts/schema";
import { assertAllowedIn, mayReach, type Actor } from "@/lib/auth/access";
import { getSpaceById, getSpaceBySlug, listSpaces, spacesOfObjects } from "@/lib/db/spaces";
import type { Db } from "@/lib/db/types";
import { AppError } from "@/lib/errors";
import { DEFAULT_SPACE_ID, homeSpaceOf, SpaceSlugSchema, type SpaceRef } from "@/lib/spaces/schema";

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
  if (slug === undefined || slug === null || slug === "") return defaultSpaceOf({ db, actor });
  const parsed = SpaceSlugSchema.safeParse(slug);
  if (!parsed.success) throw notFound(slug.slice(0, 40));
  const space = await getSpaceBySlug({ db, slug: parsed.data });
  if (!space || !mayReach(actor, space.id)) throw notFound(parsed.data);
  return space;
}

/**
 * The space of a request that names none. A person's is their home space (homeSpaceOf: the default space, else
 * the oldest they reach), as their sidebar shows it. A token's is its only space, else the default space when it
 * reaches it; a token of several other spaces must say which, so that it never writes into one by a guess.
 */
async function defaultSpaceOf({ db, actor }: { db: Db; actor: Actor }): Promise<SpaceRef> {
  const space =
    actor.kind === "token"
      ? await getSpaceById({ db, id: onlySpaceOf(actor) ?? DEFAULT_SPACE_ID })
      : mayReach(actor, DEFAULT_SPACE_ID)
        ? await getSpaceById({ db, id: DEFAULT_SPACE_ID })
        : // A member of other spaces alone: the spaces are listed only for them.
          homeSpaceOf((await listSpaces({ db })).filter((s) => mayReach(actor, s.id)));
  if (space && mayReach(actor, space.id)) return space;
  throw new AppError("VALIDATION", "Say which space: add ?space=<name> to the request.", {
    fieldErrors: { space: ["Required: you reach more than one space, and not the default one"] },
  });
}

/** The one space a token reaches, when there is exactly one. */
function onlySpaceOf(actor: Actor & { kind: "token" }): string | null {
  return actor.spaceIds.length === 1 ? (actor.spaceIds[0] as string) : null;
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
