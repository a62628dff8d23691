import "server-only";
import { parseStoredJson } from "@/lib/db/stored-json";
import type { Db, Tx } from "@/lib/db/types";
import { CandidateEventDetailSchema, type CandidateEventAction, type CandidateEventDetail } from "@/lib/facts/schema";

export async function recordCandidateEvent({
  tx,
  candidateId,
  action,
  factId,
  detail = {},
  reviewerId,
}: {
  tx: Tx;
  candidateId: string;
  action: CandidateEventAction;
  factId?: string | null;
  detail?: Partial<CandidateEventDetail>;
  reviewerId: string | null;
}) {
  return tx.candidateEvent.create({
    data: { candidateId, action, factId: factId ?? null, detail: { ...detail }, reviewerId },
  });
}

/** A candidate's history, oldest first, with who acted; `detail` parsed (empty when unreadable, logged). */
export async function listCandidateHistory({ db, candidateId }: { db: Db | Tx; candidateId: string }) {
  const rows = await db.candidateEvent.findMany({
    where: { candidateId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    include: { reviewer: { select: { id: true, name: true } } },
  });
  return rows.map((row) => {
    const where = { table: "CandidateEvent", column: "detail", id: row.id };
    const detail = parseStoredJson(CandidateEventDetailSchema, row.detail, where);
    return {
      ...row,
      action: row.action as CandidateEventAction,
      detail: detail ?? CandidateEventDetailSchema.parse({}),
    };
  });
}

export type CandidateHistoryEvent = Awaited<ReturnType<typeof listCandidateHistory>>[number];

/** Decided candidates back in the queue: open, undecided, their status bumped like any change. */
export async function reopenCandidates({ tx, ids, from }: { tx: Tx; ids: string[]; from: string }) {
  if (ids.length === 0) return 0;
  const result = await tx.candidate.updateMany({
    where: { id: { in: ids }, status: from as "approved" | "merged" | "rejected" },
    data: {
      status: "pending",
      reviewerId: null,
      reviewedAt: null,
      rejectReason: null,
      version: { increment: 1 },
    },
  });
  return result.count;
}
