import "server-only";
import { storeCandidateEmbeddings, type EmbeddingSpace } from "@/lib/db/embeddings";
import type { Db, Tx } from "@/lib/db/types";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Candidate } from "@/lib/extraction/schema";

export const REVIEW_STATUSES = ["pending", "gated", "approved", "merged", "rejected"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** Verdict, matches and gate decided by the review engine for one candidate. */
export interface CandidateReview {
  verdict: "new" | "related" | "duplicate" | "contradicts";
  verdictStage: string;
  matches: Prisma.InputJsonValue;
  status: "pending" | "gated" | "approved" | "merged";
  gateReason: string | null;
  /** Id to save the candidate under, chosen by the review so other candidates' matches can point at it. */
  id?: string;
  /** The candidate's embedding, when a model made one: approval copies it to the fact (lib/facts/decide.ts). */
  embedding?: { space: EmbeddingSpace; vector: number[] };
}

export async function saveCandidates({
  db,
  runId,
  chunkIndex,
  candidates,
  reviews,
}: {
  db: Db | Tx;
  runId: string;
  chunkIndex: number;
  candidates: Candidate[];
  reviews?: (CandidateReview | undefined)[];
}) {
  if (candidates.length === 0) return 0;
  const embeddings = (reviews ?? []).flatMap((r) =>
    r?.id && r.embedding ? [{ candidateId: r.id, ...r.embedding }] : [],
  );
  const write = async (tx: Db | Tx) => {
    const count = await createCandidates(tx, { runId, chunkIndex, candidates, reviews });
    if (embeddings.length > 0) await storeCandidateEmbeddings({ db: tx, items: embeddings });
    return count;
  };
  return embeddings.length > 0 && "$transaction" in db ? db.$transaction(write) : write(db);
}

async function createCandidates(
  db: Db | Tx,
  {
    runId,
    chunkIndex,
    candidates,
    reviews,
  }: { runId: string; chunkIndex: number; candidates: Candidate[]; reviews?: (CandidateReview | undefined)[] },
) {
  const result = await db.candidate.createMany({
    data: candidates.map((c, i) => {
      const review = reviews?.[i];
      return {
        ...(review?.id ? { id: review.id } : {}),
        runId,
        chunkIndex,
        content: c.content,
        kind: c.kind,
        confidence: c.confidence,
        importance: c.importance,
        temporal: c.temporal,
        speaker: c.speaker,
        quote: c.quote,
        spanStart: c.start,
        spanEnd: c.end,
        grounded: c.supported,
        verdict: review?.verdict ?? null,
        verdictStage: review?.verdictStage ?? null,
        matches: review?.matches ?? [],
        status: review?.status ?? "pending",
        gateReason: review?.gateReason ?? null,
      };
    }),
  });
  return result.count;
}

const queueInclude = {
  run: { select: { id: true, extractor: true, modelId: true, source: { select: { id: true, title: true } } } },
  reviewer: { select: { name: true } },
} satisfies Prisma.CandidateInclude;

export type QueueCandidate = Prisma.CandidateGetPayload<{ include: typeof queueInclude }>;

export async function listReviewQueue({
  db,
  statuses = ["pending", "gated"],
  sourceId,
  runId,
  take = 200,
}: {
  db: Db;
  statuses?: ReviewStatus[];
  sourceId?: string;
  runId?: string;
  take?: number;
}): Promise<QueueCandidate[]> {
  return db.candidate.findMany({
    where: {
      status: { in: statuses },
      ...(runId ? { runId } : {}),
      ...(sourceId ? { run: { sourceId } } : {}),
    },
    include: queueInclude,
    // Ungated first, then by position in the source so a reviewer reads in order.
    orderBy: [{ status: "asc" }, { createdAt: "desc" }, { chunkIndex: "asc" }, { spanStart: "asc" }],
    take,
  });
}

export async function countCandidatesByStatus({ db }: { db: Db }) {
  const rows = await db.candidate.groupBy({ by: ["status"], _count: { _all: true } });
  const counts: Record<ReviewStatus, number> = { pending: 0, gated: 0, approved: 0, merged: 0, rejected: 0 };
  for (const row of rows) counts[row.status] = row._count._all;
  return counts;
}
