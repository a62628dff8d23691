import "server-only";
import { withTransaction, type Db } from "@/lib/db/types";
import { AppError } from "@/lib/errors";
import type { Role, TokenRow, TokenScope, UserRow } from "@/lib/accounts/schema";
import { DEFAULT_SPACE_ID } from "@/lib/spaces/schema";

/** A reviewer as the access check needs them. */
export interface ReviewerIdentity {
  id: string;
  name: string;
  role: Role;
}

export async function getReviewerIdentity({ db, id }: { db: Db; id: string }): Promise<ReviewerIdentity | null> {
  return db.reviewer.findUnique({ where: { id }, select: { id: true, name: true, role: true } });
}

/** Whether a reviewer already has this display name (case and surrounding spaces aside). */
export async function isNameTaken({ db, name }: { db: Db; name: string }): Promise<boolean> {
  return (await db.reviewer.count({ where: { name: { equals: name.trim(), mode: "insensitive" } } })) > 0;
}

/** Whether anyone can sign in yet: the setup page exists only while this is false. */
export async function hasAccounts({ db }: { db: Db }): Promise<boolean> {
  return (await db.account.count({ where: { providerId: "credential" } })) > 0;
}

// pg_advisory_xact_lock's key for the first admin's setup (any constant no other lock of Sift uses).
const FIRST_ADMIN_LOCK = 7_246_118_301;

/**
 * The first admin, or FORBIDDEN when anyone can already sign in. One transaction under an advisory lock:
 * concurrent setups queue on the lock, and each one after the first finds the account it made. The password
 * arrives hashed (Better Auth's hash, made before the transaction so the lock is held for milliseconds).
 */
export async function createFirstAdmin({
  db,
  user,
}: {
  db: Db;
  user: { name: string; email: string; passwordHash: string };
}): Promise<{ id: string }> {
  return withTransaction(db, async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(${FIRST_ADMIN_LOCK}::bigint)`;
    if ((await tx.account.count({ where: { providerId: "credential" } })) > 0) {
      throw new AppError("FORBIDDEN", "Sift is already set up: sign in, or ask an admin for an account.");
    }
    const reviewer = await tx.reviewer.create({
      data: { name: user.name, email: user.email.toLowerCase(), role: "admin" },
      select: { id: true },
    });
    await tx.account.create({
      data: { userId: reviewer.id, accountId: reviewer.id, providerId: "credential", password: user.passwordHash },
    });
    return reviewer;
  });
}

/** People who can sign in, for the admin page (the local reviewer has no account and is left out). */
export async function listUsers({ db }: { db: Db }): Promise<UserRow[]> {
  const rows = await db.reviewer.findMany({
    where: { accounts: { some: {} } },
    orderBy: { createdAt: "asc" },
    select: { id: true, name: true, email: true, role: true, createdAt: true },
  });
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

export async function createAgentToken({
  db,
  name,
  tokenHash,
  prefix,
  scopes,
  spaceIds = [DEFAULT_SPACE_ID],
  createdById,
}: {
  db: Db;
  name: string;
  tokenHash: string;
  prefix: string;
  scopes: TokenScope[];
  /** The spaces it reaches; the default space when absent. */
  spaceIds?: string[];
  createdById: string;
}): Promise<{ id: string }> {
  return db.agentToken.create({
    data: { name, tokenHash, prefix, scopes, spaceIds, createdById },
    select: { id: true },
  });
}

/** The live token with this hash, its use recorded; null when unknown or revoked. */
export async function findLiveAgentToken({
  db,
  tokenHash,
}: {
  db: Db;
  tokenHash: string;
}): Promise<{ id: string; name: string; scopes: TokenScope[]; spaceIds: string[]; createdById: string } | null> {
  const token = await db.agentToken.findUnique({
    where: { tokenHash },
    select: {
      id: true,
      name: true,
      scopes: true,
      spaceIds: true,
      createdById: true,
      revokedAt: true,
      lastUsedAt: true,
    },
  });
  if (!token || token.revokedAt) return null;
  // Last use to the minute is enough to see which tokens live; it spares a write on every request.
  const now = new Date();
  if (!token.lastUsedAt || now.getTime() - token.lastUsedAt.getTime() > 60_000) {
    await db.agentToken.update({ where: { id: token.id }, data: { lastUsedAt: now } });
  }
  return {
    id: token.id,
    name: token.name,
    scopes: token.scopes,
    spaceIds: token.spaceIds,
    createdById: token.createdById,
  };
}

/** Revokes a token; true when it was live. */
export async function revokeAgentToken({ db, id }: { db: Db; id: string }): Promise<boolean> {
  const { count } = await db.agentToken.updateMany({ where: { id, revokedAt: null }, data: { revokedAt: new Date() } });
  return count === 1;
}

export async function listAgentTokens({ db }: { db: Db }): Promise<TokenRow[]> {
  const [rows, spaces] = await Promise.all([
    db.agentToken.findMany({
      orderBy: { createdAt: "desc" },
      include: { createdBy: { select: { name: true } } },
    }),
    db.space.findMany({ select: { id: true, name: true } }),
  ]);
  const names = new Map(spaces.map((s) => [s.id, s.name]));
  return rows.map((t) => ({
    id: t.id,
    name: t.name,
    prefix: t.prefix,
    scopes: t.scopes,
    spaces: t.spaceIds.flatMap((id) => names.get(id) ?? []),
    createdBy: t.createdBy.name,
    createdAt: t.createdAt.toISOString(),
    lastUsedAt: t.lastUsedAt?.toISOString() ?? null,
    revokedAt: t.revokedAt?.toISOString() ?? null,
  }));
}
