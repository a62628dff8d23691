import "server-only";
import { candidateFields, readMatches, storedReviewFields } from "@/lib/db/candidates";
import type { Db, Tx } from "@/lib/db/types";
import { Prisma } from "@/lib/generated/prisma/client";

/**
 * What re-judging after a change reads (lib/jobs/rejudge.ts): the open candidates a change touches, with the
 * verdict, matches, gate and cluster stored on them (the changed fact's verdict is merged into those), the
 * changed facts as they are now, and the state of the candidates their matches name.
 */

/**
 * Open candidates whose verdict a change may have made stale, oldest first, at most `limit`, in one statement:
 * those whose stored matches name one of `factIds` or `candidateIds`, those in the cluster of one of
 * `candidateIds`, and `ids` (found by the caller near a changed fact's text). Each with its stored review.
 */
export async function listOpenCandidatesToRejudge({
  db,
  spaceId,
  factIds = [],
  candidateIds = [],
  ids = [],
  limit,
}: {
  db: Db | Tx;
  /** The change's space: nothing of another is judged again. */
  spaceId: string;
  factIds?: string[];
  candidateIds?: string[];
  ids?: string[];
  limit: number;
}) {
  const named = [...factIds.map((factId) => ({ factId })), ...candidateIds.map((candidateId) => ({ candidateId }))].map(
    (ref) => Prisma.sql`c."matches" @> ${JSON.stringify([ref])}::jsonb`,
  );
  if (named.length === 0 && ids.length === 0) return [];
  const hits = await db.$queryRaw<Array<{ id: string }>>`
    SELECT c."id" FROM "Candidate" c
    WHERE c."status" IN ('pending', 'gated') AND c."spaceId" = ${spaceId}
      AND (c."id" = ANY(${ids}::text[])
           OR ${named.length > 0 ? Prisma.join(named, " OR ") : Prisma.sql`false`}
           OR c."clusterId" = ANY(${candidateIds}::text[]))
    -- In the order they were extracted, so the first to say a thing heads its cluster again.
    ORDER BY c."createdAt", c."chunkIndex", c."start", c."id"
    LIMIT ${limit}::int`;
  if (hits.length === 0) return [];
  const rows = await db.candidate.findMany({
    where: { id: { in: hits.map((h) => h.id) }, status: { in: ["pending", "gated"] } },
    select: {
      id: true,
      ...candidateFields,
      ...storedReviewFields,
      learnedConfidence: true,
      rankReason: true,
      subject: true,
    },
  });
  const order = new Map(hits.map((h, i) => [h.id, i]));
  return rows
    .sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0))
    .map((row) => ({ ...row, matches: readMatches(row) }));
}
export type CandidateToRejudge = Awaited<ReturnType<typeof listOpenCandidatesToRejudge>>[number];

/**
 * The changed facts as they are now: a fact no longer active (archived, superseded, gone) matches nothing, nor
 * does one in another space than `spaceId` (moved away: read as status "elsewhere").
 */
export async function getChangedFacts({ db, spaceId, factIds }: { db: Db | Tx; spaceId: string; factIds: string[] }) {
  if (factIds.length === 0) return [];
  const rows = await db.fact.findMany({
    where: { id: { in: factIds } },
    select: { id: true, content: true, status: true, subject: true, spaceId: true },
  });
  return rows.map(({ spaceId: where, ...f }) => (where === spaceId ? f : { ...f, status: "elsewhere" }));
}

/** The status and cluster of the candidates stored matches name (is it still open, whose cluster is it in). */
export async function getCandidateStates({
  db,
  ids,
}: {
  db: Db | Tx;
  ids: string[];
}): Promise<Map<string, { status: string; clusterId: string | null }>> {
  if (ids.length === 0) return new Map();
  const rows = await db.candidate.findMany({
    where: { id: { in: ids } },
    select: { id: true, status: true, clusterId: true },
  });
  return new Map(rows.map((r) => [r.id, { status: r.status, clusterId: r.clusterId }]));
}

/**
 * The space a change happened in: that of the facts or candidates it names (a decision, an edit, an undo
 * names rows of one space). Null when none of them exists any more.
 */
export async function getSpaceOfChange({
  db,
  factIds,
  candidateIds,
}: {
  db: Db | Tx;
  factIds: string[];
  candidateIds: string[];
}): Promise<string | null> {
  const fact = factIds.length
    ? await db.fact.findFirst({ where: { id: { in: factIds } }, select: { spaceId: true } })
    : null;
  if (fact) return fact.spaceId;
  const candidate = candidateIds.length
    ? await db.candidate.findFirst({ where: { id: { in: candidateIds } }, select: { spaceId: true } })
    : null;
  return candidate?.spaceId ?? null;
}
