import "server-only";
import { roleAllows, scopesAllow, type Permission, type Role, type TokenScope } from "@/lib/accounts/schema";
import { sessionReviewerId } from "@/lib/auth/better-auth";
import { verifyAgentToken } from "@/lib/auth/tokens";
import { getDefaultReviewerId } from "@/lib/db/client";
import { getReviewerIdentity } from "@/lib/db/accounts";
import type { Db } from "@/lib/db/types";
import type { Env } from "@/lib/env";
import { AppError } from "@/lib/errors";

/**
 * Who is acting in a request: the one local reviewer (local mode), a signed-in person (accounts mode), or
 * an agent token (either mode; its actions are attributed to the admin who made it).
 */
export type Actor =
  | { kind: "person"; id: string; name: string; role: Role; accounts: boolean }
  | {
      kind: "token";
      id: string;
      name: string;
      scopes: TokenScope[];
      tokenId: string;
      /** The spaces it may touch (issue 27); a person reaches every space (roles per space come later). */
      spaceIds: string[];
    };

/** Whether an actor may do what an entry point needs. */
export function actorAllows(actor: Actor, need: Permission): boolean {
  return actor.kind === "person" ? roleAllows(actor.role, need) : scopesAllow(actor.scopes, need);
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
  const id = env.SIFT_AUTH === "accounts" ? await sessionReviewerId({ db, headers }) : getDefaultReviewerId();
  const reviewer = id ? await getReviewerIdentity({ db, id }) : null;
  return reviewer && { kind: "person", ...reviewer, accounts: env.SIFT_AUTH === "accounts" };
}

/**
 * The one check every page, server action, API route and MCP tool goes through: the actor, if they may do
 * `need`. Throws UNAUTHORIZED (nobody, an unknown or revoked token) or FORBIDDEN (not allowed).
 */
export async function authorize(options: { db: Db; env: Env; headers: Headers; need: Permission }): Promise<Actor> {
  const actor = await authenticate(options);
  if (!actor) {
    throw new AppError(
      "UNAUTHORIZED",
      bearerOf(options.headers) !== null ? "This token is unknown or revoked." : "Sign in first.",
    );
  }
  assertAllowed(actor, options.need);
  return actor;
}

export function assertAllowed(actor: Actor, need: Permission): void {
  if (!actorAllows(actor, need)) {
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
