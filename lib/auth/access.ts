import "server-only";
import { roleAllows, scopesAllow, type Permission, type Role, type TokenScope } from "@/lib/accounts/schema";
import { sessionReviewerId } from "@/lib/auth/better-auth";
import { verifyAgentToken } from "@/lib/auth/tokens";
import { getDefaultReviewerId } from "@/lib/db/client";
import { getReviewerIdentity } from "@/lib/db/accounts";
import { listSpaceRolesOf } from "@/lib/db/members";
import type { Db } from "@/lib/db/types";
import type { Env } from "@/lib/env";
import { AppError } from "@/lib/errors";

/**
 * Who is acting in a request: the one local reviewer (local mode), a signed-in person (accounts mode), or
 * an agent token (either mode; its actions are attributed to the admin who made it).
 */
export type Actor =
  | {
      kind: "person";
      id: string;
      name: string;
      /** The account's role: `admin` is the instance's admin (every space's admin); the others act by `spaces`. */
      role: Role;
      accounts: boolean;
      /**
       * Their role in each space they may reach (SpaceMember rows); "all" for an instance admin and for the local
       * reviewer, who owns every space. A space not listed is, to them, a space that does not exist.
       */
      spaces: Record<string, Role> | "all";
    }
  | {
      kind: "token";
      id: string;
      name: string;
      scopes: TokenScope[];
      tokenId: string;
      /** The spaces it may touch (issue 27). */
      spaceIds: string[];
    };

/**
 * Whether an actor may do what an entry point needs somewhere: in at least one space it reaches. `admin`
 * without a space (users, tokens, spaces, settings) is the instance admin's alone. Where the entry point names
 * a space or an object, `actorMayIn` decides.
 */
export function actorAllows(actor: Actor, need: Permission): boolean {
  if (actor.kind === "token") return scopesAllow(actor.scopes, need);
  if (actor.spaces === "all") return roleAllows(actor.role, need);
  return need !== "admin" && Object.values(actor.spaces).some((role) => roleAllows(role, need));
}

/**
 * Whether the actor may do `need` in at least one space, a space's admin included: the first check of an entry
 * point that works in a space it finds from its input (actorMayIn then decides for that space).
 */
export function actorAllowsInSomeSpace(actor: Actor, need: Permission): boolean {
  if (actor.kind === "token" || actor.spaces === "all") return actorAllows(actor, need);
  return Object.values(actor.spaces).some((role) => roleAllows(role, need));
}

/** The actor's role in a space: null when it may not reach it (a token: its scopes decide, see actorMayIn). */
export function spaceRoleOf(actor: Actor & { kind: "person" }, spaceId: string): Role | null {
  return actor.spaces === "all" ? actor.role : (actor.spaces[spaceId] ?? null);
}

/** Whether the actor may touch a space at all (what it may do there is its role or scopes). */
export function mayReach(actor: Actor, spaceId: string): boolean {
  return actor.kind === "token" ? actor.spaceIds.includes(spaceId) : spaceRoleOf(actor, spaceId) !== null;
}

/** Whether the actor may do `need` in this space. */
export function actorMayIn(actor: Actor, spaceId: string, need: Permission): boolean {
  if (actor.kind === "token") return actor.spaceIds.includes(spaceId) && scopesAllow(actor.scopes, need);
  const role = spaceRoleOf(actor, spaceId);
  return role !== null && roleAllows(role, need);
}

/**
 * In a space the actor reaches, FORBIDDEN when its role there is too small (the space's name is theirs to see).
 * Reaching it is checked where the space is found, so a space they may not reach is "not found" instead.
 */
export function assertAllowedIn(actor: Actor, space: { id: string; name: string }, need: Permission): void {
  if (actorMayIn(actor, space.id, need)) return;
  if (actor.kind === "token") return assertAllowed(actor, need);
  const role = spaceRoleOf(actor, space.id) ?? "viewer";
  throw new AppError("FORBIDDEN", `A ${role} of ${space.name} may not ${DOING[need]}.`);
}

/**
 * The request's actor, or null when nobody is identified. A bearer token is checked whenever one is sent
 * (a bad one is never silently ignored; other schemes, such as a proxy's Basic, are not ours); without one,
 * local mode is the local reviewer and accounts mode reads the session cookie.
 */
export async function authenticate({
  db,
  env,
  headers,
}: {
  db: Db;
  env: Env;
  headers: Headers;
}): Promise<Actor | null> {
  const bearer = bearerOf(headers);
  if (bearer !== null) {
    const token = await verifyAgentToken({ db, token: bearer });
    return (
      token && {
        kind: "token",
        id: token.createdById,
        name: token.name,
        scopes: token.scopes,
        tokenId: token.id,
        spaceIds: token.spaceIds,
      }
    );
  }
  const accounts = env.SIFT_AUTH === "accounts";
  const id = accounts ? await sessionReviewerId({ db, headers }) : getDefaultReviewerId();
  const reviewer = id ? await getReviewerIdentity({ db, id }) : null;
  if (!reviewer) return null;
  // The local reviewer owns every space; an instance admin is every space's admin.
  const spaces =
    !accounts || reviewer.role === "admin" ? "all" : await listSpaceRolesOf({ db, reviewerId: reviewer.id });
  return { kind: "person", ...reviewer, accounts, spaces };
}

/**
 * The one check every page, server action, API route and MCP tool goes through: the actor, if they may do
 * `need` (somewhere; the space an entry point works in is checked with assertAllowedIn). Throws
 * UNAUTHORIZED (nobody, an unknown or revoked token) or FORBIDDEN (not allowed).
 */
export async function authorize(options: {
  db: Db;
  env: Env;
  headers: Headers;
  need: Permission;
  /** The entry point works in one space (checked there): `need` in any space the actor reaches will do here. */
  inSpace?: boolean;
}): Promise<Actor> {
  const actor = await authenticate(options);
  if (!actor) {
    throw new AppError(
      "UNAUTHORIZED",
      bearerOf(options.headers) !== null ? "This token is unknown or revoked." : "Sign in first.",
    );
  }
  assertAllowed(actor, options.need, options.inSpace);
  return actor;
}

export function assertAllowed(actor: Actor, need: Permission, inSpace = false): void {
  if (!(inSpace ? actorAllowsInSomeSpace(actor, need) : actorAllows(actor, need))) {
    const who = actor.kind === "person" ? `A ${actor.role}` : `The token "${actor.name}" (${actor.scopes.join(", ")})`;
    throw new AppError("FORBIDDEN", `${who} may not ${DOING[need]}.`);
  }
}

const DOING: Record<Permission, string> = {
  read: "read the fact base",
  propose: "add sources or propose facts",
  review: "review, approve or edit",
  admin: "change settings, users or tokens",
};

/** The value of `Authorization: Bearer <value>` ("" when the scheme is there without a value), else null. */
export function bearerOf(headers: Headers): string | null {
  const match = /^Bearer(?:\s+(\S*))?\s*$/i.exec(headers.get("authorization")?.trim() ?? "");
  return match ? (match[1] ?? "") : null;
}
