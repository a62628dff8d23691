import "server-only";
import { readMatches } from "@/lib/db/candidates";
import type { Db } from "@/lib/db/types";
import type { CandidateStatus, Prisma } from "@/lib/generated/prisma/client";

const candidateInclude = {
  run: { select: { id: true, extractor: true, source: { select: { id: true, title: true, origin: true } } } },
} satisfies Prisma.CandidateInclude;

type CandidateRow = Prisma.CandidateGetPayload<{ include: typeof candidateInclude }>;
export type CandidateListItem = Omit<CandidateRow, "matches"> & { matches: ReturnType<typeof readMatches> };

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
}): Promise<{ candidates: CandidateListItem[]; next: CandidateKey | null }> {
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
    include: candidateInclude,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit + 1,
  });
  const shown = rows.slice(0, limit);
  const last = shown[shown.length - 1];
  return {
    candidates: shown.map((row) => ({ ...row, matches: readMatches(row) })),
    next: rows.length > limit && last ? { createdAt: last.createdAt, id: last.id } : null,
  };
}
