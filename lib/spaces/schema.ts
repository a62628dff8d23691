import { z } from "zod";
import type { Role } from "@/lib/accounts/schema";

/**
 * Spaces (issue 27): separate fact bases in one installation. The default space holds what was there before
 * spaces (migration 20261204090018_spaces) and whatever a caller adds without naming one.
 */
export const DEFAULT_SPACE_ID = "default";
export const DEFAULT_SPACE_SLUG = "default";

/**
 * The space a person's pages show when the URL names none: the default space if they reach it, else the oldest
 * they reach (`spaces` oldest first). The sidebar and the server use this one rule, so both name the same space.
 */
export function homeSpaceOf<T extends { id: string }>(spaces: T[]): T | undefined {
  return spaces.find((s) => s.id === DEFAULT_SPACE_ID) ?? spaces[0];
}

/** How URLs, the API, MCP and the CLI name a space. */
export const SpaceSlugSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/, "Use 1–40 lower-case letters, digits and dashes");

export const NewSpaceSchema = z.object({
  slug: SpaceSlugSchema,
  name: z.string().trim().min(1, "Give the space a name").max(80),
});
export type NewSpace = z.infer<typeof NewSpaceSchema>;

/**
 * Whom or what a source and its facts are about within a space (an agent's end user, mem0's `user_id`): one
 * exact name, compared as written; blank is none.
 */
export const SubjectSchema = z.preprocess(
  (v) => (typeof v === "string" ? v.replace(/[\u0000-\u001f\u007f]/g, " ").trim() || undefined : v),
  z.string().max(200, "Keep the subject under 200 characters").optional(),
);

/** What callers outside the database see of a space. */
export interface SpaceRef {
  id: string;
  slug: string;
  name: string;
}

/** A space as the sidebar lists it for a person: with their role there (its links and pages follow it). */
export interface SpaceWithRole extends SpaceRef {
  role: Role;
}
