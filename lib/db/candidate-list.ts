import "server-only";
import { candidateViewInclude, toCandidateView } from "@/lib/db/candidate-view";
import type { Db } from "@/lib/db/types";
import type { CandidateStatus } from "@/lib/generated/prisma/client";
import type { CandidateView } from "@/lib/queue/candidate";

/** Where a page of `listCandidatesAfter` ended. */
export interface CandidateKey {
  createdAt: Date;
  id: string;
}

/**
 * Candidates newest first, one page, by keyset on (created, id): a cursor stays valid while extraction
 * adds candidates. Every candidate is listed on its own (the queue's cards fold clusters; `clusterId`
 * says which card one belongs to). "open" is pending and gated, what waits for a reviewer.
 */
export async function listCandidatesAfter({
  db,
  status,
  runId,
  sourceId,
  after,
  limit,
}: {
  db: Db;
  status: "open" | "all" | CandidateStatus;
  runId?: string;
  sourceId?: string;
  after?: CandidateKey | null;
  limit: number;
}): Promise<{ candidates: CandidateView[]; next: CandidateKey | null }> {
  const statuses: CandidateStatus[] | null =
    status === "all" ? null : status === "open" ? ["pending", "gated"] : [status];
  const rows = await db.candidate.findMany({
    where: {
      ...(statuses ? { status: { in: statuses } } : {}),
      ...(runId ? { runId } : {}),
      ...(sourceId ? { run: { sourceId } } : {}),
      ...(after
        ? { OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }] }
        : {}),
    },
    include: candidateViewInclude,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit + 1,
  });
  const shown = rows.slice(0, limit);
  const last = shown[shown.length - 1];
  return {
    candidates: shown.map(toCandidateView),
    next: rows.length > limit && last ? { createdAt: last.createdAt, id: last.id } : null,
  };
}
