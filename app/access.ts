import "server-only";
import { headers } from "next/headers";
import { notFound, redirect } from "next/navigation";
import { cache } from "react";
import { PERMISSIONS, type Permission, type Viewer } from "@/lib/accounts/schema";
import { actorAllows, actorMayIn, authenticate, authorize, spaceRoleOf, type Actor } from "@/lib/auth/access";
import { listSpaces } from "@/lib/db/spaces";
import { getDb } from "@/lib/db/client";
import { getEnv } from "@/lib/env";
import { isAppError } from "@/lib/errors";
import { locateSpace, resolveSpace, type SpaceObjectKind } from "@/lib/spaces/resolve";
import type { SpaceRef, SpaceWithRole } from "@/lib/spaces/schema";

/**
 * The request's side of lib/auth/access.ts for pages and server actions (lib stays free of Next.js):
 * the headers of this request, the process's database and environment. Every action calls requireRole,
 * every page requirePage or requireSpacePage; API routes and MCP pass their request's headers to `authorize`.
 */
export async function requireRole(need: Permission, inSpace = false): Promise<Actor> {
  return authorize({ db: await getDb(), env: getEnv(), headers: await headers(), need, inSpace });
}

/** The signed-in person of this request (once per render: the layout and the page share it), else null. */
const currentPerson = cache(async (): Promise<(Actor & { kind: "person" }) | null> => {
  const actor = await authenticate({ db: await getDb(), env: getEnv(), headers: await headers() });
  // A browser never carries a token; a page asked for with one is not a person's.
  return actor && actor.kind === "person" ? actor : null;
});

function viewerOf(actor: Actor & { kind: "person" }, may: (p: Permission) => boolean): Viewer {
  return { name: actor.name, role: actor.role, accounts: actor.accounts, allows: PERMISSIONS.filter(may) };
}

/**
 * For an instance-wide page (admin, settings): the viewer, or a redirect to the sign-in page (nobody) or
 * /forbidden (a role too small).
 */
export async function requirePage(need: Permission): Promise<Viewer> {
  const viewer = await currentViewer();
  if (!viewer) redirect("/login");
  if (!viewer.allows.includes(need)) redirect(`/forbidden?need=${need}`);
  return viewer;
}

/**
 * For a page of one space (its `?space=`, else the person's default): the viewer with what they may do there,
 * and the space. A space they may not reach is a 404, as one that does not exist; a role too small there is
 * /forbidden.
 */
export async function requireSpacePage(
  need: Permission,
  slug: string | string[] | undefined,
): Promise<{ viewer: Viewer; space: SpaceRef }> {
  const actor = await currentPerson();
  if (!actor) redirect("/login");
  const db = await getDb();
  const name = Array.isArray(slug) ? slug[0] : slug;
  const space = await orNotFound(() => resolveSpace({ db, actor, slug: name?.toLowerCase() }));
  return inSpace(actor, space, need);
}

/** For the page of one object (a fact, a card, a source): as requireSpacePage, with the object's space. */
export async function requireObjectPage(
  need: Permission,
  kind: SpaceObjectKind,
  id: string,
): Promise<{ viewer: Viewer; space: SpaceRef }> {
  const actor = await currentPerson();
  if (!actor) redirect("/login");
  const db = await getDb();
  const space = await orNotFound(() => locateSpace({ db, actor, kind, id, need: "read" }));
  return inSpace(actor, space, need);
}

function inSpace(actor: Actor & { kind: "person" }, space: SpaceRef, need: Permission) {
  if (!actorMayIn(actor, space.id, need)) redirect(`/forbidden?need=${need}`);
  return { viewer: viewerOf(actor, (p) => actorMayIn(actor, space.id, p)), space };
}

async function orNotFound<T>(find: () => Promise<T>): Promise<T> {
  try {
    return await find();
  } catch (error) {
    // NOT_FOUND, or VALIDATION (no space named and no default to fall back on): nothing to show here.
    if (isAppError(error) && (error.code === "NOT_FOUND" || error.code === "VALIDATION")) notFound();
    throw error;
  }
}

/**
 * Who is signed in (null when nobody is), with what they may do in some space (admin: the instance's), for the
 * nav; each page checks its own space.
 */
export async function currentViewer(): Promise<Viewer | null> {
  const actor = await currentPerson();
  return actor && viewerOf(actor, (p) => actorAllows(actor, p));
}

/**
 * The spaces the signed-in person reaches with their role in each, oldest first, for the sidebar (the switcher
 * shows once there are two; the nav follows the role in the space shown).
 */
export async function reachableSpaces(): Promise<SpaceWithRole[]> {
  const actor = await currentPerson();
  if (!actor) return [];
  const all = await listSpaces({ db: await getDb() });
  return all.flatMap((s) => {
    const role = spaceRoleOf(actor, s.id);
    return role ? [{ ...s, role }] : [];
  });
}
