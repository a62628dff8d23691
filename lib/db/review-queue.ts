import "server-only";
import { candidateViewInclude, toCandidateView } from "@/lib/db/candidate-view";
import { listQueueFacets, type QueueTallies } from "@/lib/db/queue-facets";
import type { Db } from "@/lib/db/types";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { CandidateView, ClusterMember } from "@/lib/queue/candidate";
import { GATE_REASONS, type QueueQuery } from "@/lib/queue/schema";
import { DEFAULT_SPACE_SLUG } from "@/lib/spaces/schema";

const OPEN = ["pending", "gated"] as const;

const memberSelect = {
  id: true,
  content: true,
  speaker: true,
  quote: true,
  createdAt: true,
  run: { select: { source: { select: { id: true, title: true } } } },
} satisfies Prisma.CandidateSelect;

const unitInclude = {
  ...candidateViewInclude,
  members: {
    where: { status: { in: [...OPEN] } },
    select: memberSelect,
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  },
} satisfies Prisma.CandidateInclude;

/** One card of the queue: a candidate, and the open candidates that repeat it (its cluster's members). */
export type QueueUnit = CandidateView & { members: ClusterMember[] };

export interface QueuePage extends QueueTallies {
  units: QueueUnit[];
}

/** The cards of one page of the queue, with honest totals, the counts the tabs show and the filters' facets. */
export async function listQueuePage({
  db,
  query,
  limit,
}: {
  db: Db;
  query: QueueQuery;
  /** At most this many of the page's cards (its first ones): the folded first page reads only its top. */
  limit?: number;
}): Promise<QueuePage> {
  // Two statements: the page's cards, and every count the page shows (lib/db/queue-facets.ts).
  const [rows, tallies] = await Promise.all([
    db.candidate.findMany({
      where: whereOf(query),
      include: unitInclude,
      orderBy: orderOf(query),
      skip: (query.page - 1) * query.size,
      take: Math.min(query.size, limit ?? query.size),
    }),
    listQueueFacets({ db, query }),
  ]);
  return { ...tallies, units: rows.map(toQueueUnit) };
}

type UnitRow = Prisma.CandidateGetPayload<{ include: typeof unitInclude }>;

function toQueueUnit({ members, ...row }: UnitRow): QueueUnit {
  return {
    ...toCandidateView(row),
    members: members.map((m) => ({
      id: m.id,
      content: m.content,
      speaker: m.speaker,
      quote: m.quote,
      source: m.run.source,
    })),
  };
}

/** Of the candidates `ids`, those that are cards of the view `query` in the space `spaceId`, as its page reads them. */
export async function listQueueUnits({
  db,
  spaceId,
  query,
  ids,
}: {
  db: Db;
  spaceId: string;
  query: QueueQuery;
  ids: string[];
}): Promise<QueueUnit[]> {
  if (ids.length === 0) return [];
  const rows = await db.candidate.findMany({
    where: { AND: [whereOf(query), { spaceId, id: { in: ids } }] },
    include: unitInclude,
  });
  return rows.map(toQueueUnit);
}

/** The heads of the clusters the open candidates `ids` belong to (their cards show them as members). */
export async function listClusterHeadIds({ db, spaceId, ids }: { db: Db; spaceId: string; ids: string[] }) {
  if (ids.length === 0) return [];
  const rows = await db.candidate.findMany({
    where: { spaceId, id: { in: ids }, status: { in: [...OPEN] }, clusterId: { not: null } },
    select: { clusterId: true },
  });
  return [...new Set(rows.flatMap((r) => (r.clusterId ? [r.clusterId] : [])))];
}

/** The open members of a card's cluster: those a decision without its cluster leaves as cards of their own. */
export async function listOpenMemberIds({ db, headId }: { db: Db; headId: string }): Promise<string[]> {
  const rows = await db.candidate.findMany({
    where: { clusterId: headId, status: { in: [...OPEN] } },
    select: { id: true },
  });
  return rows.map((r) => r.id);
}

/**
 * A card is a candidate that repeats no open candidate: alone, the head of a cluster, or a member whose
 * head was decided meanwhile (it stands alone until it is judged again). A run's or a source's cards are
 * those of its candidates, and those its candidates joined (a re-extraction's repeats are members of the
 * earlier cards: "Review 6 candidates" must not open an empty queue).
 */
export function whereOf(query: QueueQuery): Prisma.CandidateWhereInput {
  const statuses = query.status === "open" ? [...OPEN] : [query.status];
  const text = query.q;
  const mine = (where: Prisma.CandidateWhereInput): Prisma.CandidateWhereInput => ({
    OR: [where, { members: { some: { ...where, status: { in: [...OPEN] } } } }],
  });
  const and: Prisma.CandidateWhereInput[] = [
    { OR: [{ clusterId: null }, { cluster: { status: { notIn: [...OPEN] } } }] },
  ];
  if (query.run) and.push(mine({ runId: query.run }));
  if (query.source) and.push(mine({ run: { sourceId: query.source } }));
  if (text) {
    and.push({
      OR: [
        { content: { contains: text, mode: "insensitive" as const } },
        { quote: { contains: text, mode: "insensitive" as const } },
      ],
    });
  }
  return {
    // One space's queue (the default space's when the query names none); a run's or a source's cards are
    // of its space already, so a link to them needs no space.
    ...(query.run || query.source ? {} : { space: { slug: query.space ?? DEFAULT_SPACE_SLUG } }),
    status: { in: statuses },
    AND: and,
    ...(query.kind ? { kind: query.kind } : {}),
    ...(query.verdict ? { verdict: query.verdict } : {}),
    ...(query.gate ? { gateReason: { contains: GATE_REASONS[query.gate].text } } : {}),
    ...(query.speaker ? { speaker: { equals: query.speaker, mode: "insensitive" as const } } : {}),
    ...(query.subject ? { subject: query.subject } : {}),
    ...(query.min !== undefined || query.max !== undefined
      ? { confidence: { gte: query.min ?? 0, lte: query.max ?? 1 } }
      : {}),
  };
}

function orderOf(query: QueueQuery): Prisma.CandidateOrderByWithRelationInput[] {
  const tie: Prisma.CandidateOrderByWithRelationInput[] = [{ createdAt: "desc" }, { id: "asc" }];
  switch (query.sort) {
    case "attention":
      // Gated before pending (the enum's order is pending, gated), contradictions and duplicates first,
      // then the best-ranked (likely right and mattering most).
      return [{ status: "desc" }, { verdict: { sort: "desc", nulls: "last" } }, { rank: query.dir ?? "desc" }, ...tie];
    case "confidence":
      return [{ confidence: query.dir ?? "desc" }, ...tie];
    case "importance":
      return [{ importance: query.dir ?? "desc" }, ...tie];
    case "kind":
      return [{ kind: query.dir ?? "asc" }, ...tie];
    case "source":
      return [{ run: { source: { title: query.dir ?? "asc" } } }, { chunkIndex: "asc" }, { start: "asc" }, ...tie];
    case "time":
      return [{ createdAt: query.dir ?? "desc" }, { id: "asc" }];
  }
}

/** Where each fact came from first: the source of its earliest provenance, for "matches a fact from …". */
export async function getFactOrigins({
  db,
  factIds,
}: {
  db: Db;
  factIds: string[];
}): Promise<Map<string, { id: string; title: string }>> {
  if (factIds.length === 0) return new Map();
  const rows = await db.factProvenance.findMany({
    where: { factId: { in: factIds }, sourceId: { not: null } },
    select: { factId: true, source: { select: { id: true, title: true } } },
    orderBy: { createdAt: "asc" },
    distinct: ["factId"],
  });
  return new Map(rows.flatMap((r) => (r.source ? [[r.factId, r.source] as const] : [])));
}

/** The ids of every card matching a query (all pages), oldest first, at most `limit`: "select all". */
export async function listQueueUnitIds({ db, query, limit }: { db: Db; query: QueueQuery; limit: number }) {
  const rows = await db.candidate.findMany({
    where: whereOf(query),
    select: { id: true, status: true },
    orderBy: orderOf(query),
    take: limit,
  });
  return rows;
}

/** The status of each candidate (decided ones too), for actions on a selection. */
export async function getCandidateStatuses({ db, ids }: { db: Db; ids: string[] }) {
  const rows = await db.candidate.findMany({ where: { id: { in: ids } }, select: { id: true, status: true } });
  return new Map(rows.map((r) => [r.id, r.status]));
}

/**
 * Changes when anything in one space's queue does (a candidate saved, decided, re-judged or undone), so an open
 * queue can tell when to fetch itself again: counts and the latest times of creation and decision. Another
 * space's work never changes it (a reviewer of A learns nothing of when B is busy).
 */
export async function getQueueStamp({ db, spaceId }: { db: Db; spaceId: string }): Promise<string> {
  const [row] = await db.$queryRaw<Array<{ stamp: string }>>`
    SELECT concat_ws(':',
      (SELECT count(*) FROM "Candidate" WHERE "spaceId" = ${spaceId} AND "status" IN ('pending', 'gated')),
      (SELECT max("createdAt") FROM "Candidate" WHERE "spaceId" = ${spaceId}),
      (SELECT max(e."createdAt") FROM "CandidateEvent" e
        JOIN "Candidate" c ON c."id" = e."candidateId" WHERE c."spaceId" = ${spaceId}),
      (SELECT sum("version") FROM "Candidate" WHERE "spaceId" = ${spaceId} AND "status" IN ('pending', 'gated'))
    ) AS "stamp"`;
  return row?.stamp ?? "";
}
