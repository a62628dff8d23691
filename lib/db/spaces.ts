import "server-only";
import type { Db, Tx } from "@/lib/db/types";
import { AppError } from "@/lib/errors";
import { Prisma } from "@/lib/generated/prisma/client";
import type { NewSpace, SpaceRef } from "@/lib/spaces/schema";

const REF = { id: true, slug: true, name: true } as const;

export function getSpaceBySlug({ db, slug }: { db: Db | Tx; slug: string }): Promise<SpaceRef | null> {
  return db.space.findUnique({ where: { slug }, select: REF });
}

export function getSpaceById({ db, id }: { db: Db | Tx; id: string }): Promise<SpaceRef | null> {
  return db.space.findUnique({ where: { id }, select: REF });
}

export function listSpaces({ db }: { db: Db | Tx }): Promise<SpaceRef[]> {
  return db.space.findMany({ orderBy: { createdAt: "asc" }, select: REF });
}

/** A new, empty space; a slug already taken is a CONFLICT naming the field. */
export async function createSpace({ db, space }: { db: Db | Tx; space: NewSpace }): Promise<SpaceRef> {
  try {
    return await db.space.create({ data: space, select: REF });
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      throw new AppError("CONFLICT", `A space named "${space.slug}" exists already.`, {
        fieldErrors: { slug: ["Pick another name"] },
      });
    }
    throw error;
  }
}

/** The space each object belongs to, by id (a run by its source); absent ids name nothing. */
export async function spacesOfObjects({
  db,
  kind,
  ids,
}: {
  db: Db | Tx;
  kind: "fact" | "candidate" | "run" | "source";
  ids: string[];
}): Promise<Map<string, string>> {
  const where = { id: { in: ids } };
  const rows =
    kind === "fact"
      ? await db.fact.findMany({ where, select: { id: true, spaceId: true } })
      : kind === "candidate"
        ? await db.candidate.findMany({ where, select: { id: true, spaceId: true } })
        : kind === "source"
          ? await db.source.findMany({ where, select: { id: true, spaceId: true } })
          : (
              await db.extractionRun.findMany({ where, select: { id: true, source: { select: { spaceId: true } } } })
            ).map((r) => ({ id: r.id, spaceId: r.source.spaceId }));
  return new Map(rows.map((r) => [r.id, r.spaceId]));
}

/** Whether a fact, candidate, run (by its source) or source belongs to a space; false for an id that names nothing. */
export async function isInSpace({
  db,
  spaceId,
  kind,
  id,
}: {
  db: Db | Tx;
  spaceId: string;
  kind: "fact" | "candidate" | "run" | "source";
  id: string;
}): Promise<boolean> {
  return (await spacesOfObjects({ db, kind, ids: [id] })).get(id) === spaceId;
}

/** What each space holds, for the admin's overview: sources, open candidates, active facts. */
export async function listSpaceCounts({
  db,
}: {
  db: Db;
}): Promise<Array<SpaceRef & { sources: number; open: number; facts: number }>> {
  const [spaces, sources, open, facts] = await Promise.all([
    listSpaces({ db }),
    db.source.groupBy({ by: ["spaceId"], _count: { _all: true } }),
    db.candidate.groupBy({ by: ["spaceId"], where: { status: { in: ["pending", "gated"] } }, _count: { _all: true } }),
    db.fact.groupBy({ by: ["spaceId"], where: { status: "active" }, _count: { _all: true } }),
  ]);
  const of = (rows: Array<{ spaceId: string; _count: { _all: number } }>, id: string) =>
    rows.find((r) => r.spaceId === id)?._count._all ?? 0;
  return spaces.map((s) => ({ ...s, sources: of(sources, s.id), open: of(open, s.id), facts: of(facts, s.id) }));
}

/** Space ids for slugs a form named; an unknown slug is a VALIDATION error on `field`. */
export async function spaceIdsForSlugs({
  db,
  slugs,
  field,
}: {
  db: Db;
  slugs: string[];
  field: string;
}): Promise<string[]> {
  const rows = await db.space.findMany({ where: { slug: { in: slugs } }, select: { id: true, slug: true } });
  const unknown = slugs.filter((slug) => !rows.some((r) => r.slug === slug));
  if (unknown.length > 0) {
    throw new AppError("VALIDATION", `No space named "${unknown[0]}".`, {
      fieldErrors: { [field]: ["Pick listed spaces"] },
    });
  }
  return rows.map((r) => r.id);
}
