import "server-only";
import type { Role } from "@/lib/accounts/schema";
import type { Db, Tx } from "@/lib/db/types";

/** A person's role in each space they belong to (an instance admin needs none: they reach every space). */
export async function listSpaceRolesOf({ db, reviewerId }: { db: Db | Tx; reviewerId: string }) {
  const rows = await db.spaceMember.findMany({ where: { reviewerId }, select: { spaceId: true, role: true } });
  return Object.fromEntries(rows.map((r) => [r.spaceId, r.role])) as Record<string, Role>;
}

/** A space's members as its members page lists them, by name. */
export interface MemberRow {
  reviewerId: string;
  name: string;
  email: string | null;
  role: Role;
}

export async function listSpaceMembers({ db, spaceId }: { db: Db | Tx; spaceId: string }): Promise<MemberRow[]> {
  const rows = await db.spaceMember.findMany({
    where: { spaceId },
    select: { role: true, reviewer: { select: { id: true, name: true, email: true } } },
    orderBy: { reviewer: { name: "asc" } },
  });
  return rows.map((r) => ({ reviewerId: r.reviewer.id, name: r.reviewer.name, email: r.reviewer.email, role: r.role }));
}

/** Adds a person to a space or changes their role there. */
export async function setSpaceMember({
  db,
  spaceId,
  reviewerId,
  role,
}: {
  db: Db | Tx;
  spaceId: string;
  reviewerId: string;
  role: Role;
}): Promise<void> {
  await db.spaceMember.upsert({
    where: { spaceId_reviewerId: { spaceId, reviewerId } },
    create: { spaceId, reviewerId, role },
    update: { role },
  });
}

/** Takes a person out of a space; true when they were in it. */
export async function removeSpaceMember({
  db,
  spaceId,
  reviewerId,
}: {
  db: Db | Tx;
  spaceId: string;
  reviewerId: string;
}): Promise<boolean> {
  const { count } = await db.spaceMember.deleteMany({ where: { spaceId, reviewerId } });
  return count === 1;
}

/** People with an account who may be added to a space (everyone not yet in it; instance admins are in all). */
export async function listAddableMembers({
  db,
  spaceId,
}: {
  db: Db | Tx;
  spaceId: string;
}): Promise<Array<{ reviewerId: string; name: string; email: string | null }>> {
  const rows = await db.reviewer.findMany({
    where: { accounts: { some: {} }, role: { not: "admin" }, memberships: { none: { spaceId } } },
    orderBy: { name: "asc" },
    select: { id: true, name: true, email: true },
  });
  return rows.map((r) => ({ reviewerId: r.id, name: r.name, email: r.email }));
}

/** The instance's admins: every space's admins without a row, listed on each members page. */
export async function listInstanceAdmins({
  db,
}: {
  db: Db | Tx;
}): Promise<Array<{ name: string; email: string | null }>> {
  return db.reviewer.findMany({
    where: { role: "admin", accounts: { some: {} } },
    orderBy: { name: "asc" },
    select: { name: true, email: true },
  });
}
