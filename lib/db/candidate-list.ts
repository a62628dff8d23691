import "server-only";
import { candidateViewInclude, toCandidateView } from "@/lib/db/candidate-view";
import type { Db } from "@/lib/db/types";
import type { CandidateStatus, Prisma } from "@/lib/generated/prisma/client";
import type { CandidateView } from "@/lib/queue/candidate";

/** Where a page of `listCandidatesAfter` ended; `rank` when the list is in rank order. */
export interface CandidateKey {
  createdAt: Date;
  id: string;
  rank?: number;
}

export type CandidateOrder = "created" | "rank";

/**
 * Candidates one page at a time, by keyset: newest first on (created, id), or best-ranked first on (rank,
 * created, id), the order the review queue ranks by (lib/extraction/rank.ts). A cursor stays valid while
 * extraction adds candidates and while others are decided. Every candidate is listed on its own (the queue's cards
 * fold clusters; `clusterId` says which card one belongs to). "open" is pending and gated, what waits for a
 * reviewer.
 */
export async function listCandidatesAfter({
  db,
  spaceId,
  status,
  runId,
  sourceId,
  after,
  limit,
  order = "created",
}: {
  db: Db;
  /** Only this space's candidates. */
  spaceId: string;
  status: "open" | "all" | CandidateStatus;
  runId?: string;
  sourceId?: string;
  after?: CandidateKey | null;
  limit: number;
  order?: CandidateOrder;
}): Promise<{ candidates: CandidateView[]; next: CandidateKey | null }> {
  const statuses: CandidateStatus[] | null =
    status === "all" ? null : status === "open" ? ["pending", "gated"] : [status];
  const rows = await db.candidate.findMany({
    where: {
      spaceId,
      ...(statuses ? { status: { in: statuses } } : {}),
      ...(runId ? { runId } : {}),
      ...(sourceId ? { run: { sourceId } } : {}),
      ...(after ? afterKey(after, order) : {}),
    },
    include: candidateViewInclude,
    orderBy: [...(order === "rank" ? [{ rank: "desc" as const }] : []), { createdAt: "desc" }, { id: "desc" }],
    take: limit + 1,
  });
  const shown = rows.slice(0, limit);
  const last = shown[shown.length - 1];
  return {
    candidates: shown.map(toCandidateView),
    next:
      rows.length > limit && last
        ? { createdAt: last.createdAt, id: last.id, ...(order === "rank" ? { rank: last.rank } : {}) }
        : null,
  };
}

/** The rows after a page's last one, in the page's order. */
function afterKey(after: CandidateKey, order: CandidateOrder): Prisma.CandidateWhereInput {
  const byCreated: Prisma.CandidateWhereInput[] = [
    { createdAt: { lt: after.createdAt } },
    { createdAt: after.createdAt, id: { lt: after.id } },
  ];
  if (order === "created" || after.rank === undefined) return { OR: byCreated };
  const rank = after.rank;
  return { OR: [{ rank: { lt: rank } }, ...byCreated.map((key) => ({ rank, ...key }))] };
}
