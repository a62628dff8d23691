import "server-only";
import { notFound } from "next/navigation";
import { getDb } from "@/lib/db/client";
import { getSpaceBySlug, listSpaces } from "@/lib/db/spaces";
import { DEFAULT_SPACE_SLUG, type SpaceRef } from "@/lib/spaces/schema";

/**
 * The space a page shows: the one its `?space=` names, else the default space. A name that is no space is
 * a 404. People reach every space for now (roles per space are issue 27's next step).
 */
export async function pageSpace(slug: string | string[] | undefined): Promise<SpaceRef> {
  const name = (Array.isArray(slug) ? slug[0] : slug) || DEFAULT_SPACE_SLUG;
  const space = await getSpaceBySlug({ db: await getDb(), slug: name.toLowerCase() });
  if (!space) notFound();
  return space;
}

/** Every space, oldest first, for the sidebar's switcher (shown once there are two). */
export async function allSpaces(): Promise<SpaceRef[]> {
  return listSpaces({ db: await getDb() });
}
