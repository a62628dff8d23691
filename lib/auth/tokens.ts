import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { createAgentToken, findLiveAgentToken } from "@/lib/db/accounts";
import { spaceIdsForSlugs } from "@/lib/db/spaces";
import type { Db } from "@/lib/db/types";
import type { NewToken, TokenScope } from "@/lib/accounts/schema";

/**
 * Agent tokens: 32 random bytes, shown once; the database keeps their sha256 only. A table of our own
 * rather than Better Auth's api-key plugin: tokens must work in the local mode too, where Better Auth
 * does not run, and they carry Sift's scopes, not a user's role.
 */
const PREFIX = "sift_";

export function hashToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** Makes a token; the plain value is returned once and never stored. */
export async function issueAgentToken({
  db,
  input,
  spaceIds,
  createdById,
}: {
  db: Db;
  input: NewToken;
  /** The spaces it reaches (lib/spaces/resolve.ts), as ids; else `input.spaces` by slug; else the default. */
  spaceIds?: string[];
  createdById: string;
}): Promise<{ id: string; token: string }> {
  const token = PREFIX + randomBytes(32).toString("base64url");
  const { id } = await createAgentToken({
    db,
    name: input.name,
    scopes: input.scopes,
    spaceIds:
      spaceIds ??
      (input.spaces?.length ? await spaceIdsForSlugs({ db, slugs: input.spaces, field: "spaces" }) : undefined),
    tokenHash: hashToken(token),
    prefix: token.slice(0, PREFIX.length + 6),
    createdById,
  });
  return { id, token };
}

/** The live token a bearer value names (its last use recorded), or null. */
export async function verifyAgentToken({
  db,
  token,
}: {
  db: Db;
  token: string;
}): Promise<{ id: string; name: string; scopes: TokenScope[]; spaceIds: string[]; createdById: string } | null> {
  if (!token.startsWith(PREFIX) || token.length > 200) return null;
  return findLiveAgentToken({ db, tokenHash: hashToken(token) });
}
