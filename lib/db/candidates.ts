import "server-only";
import { storeCandidateEmbeddings, type EmbeddingSpace } from "@/lib/db/embeddings";
import { parseStoredJson } from "@/lib/db/stored-json";
import { withTransaction, type Db, type Tx } from "@/lib/db/types";
import { AppError } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Candidate } from "@/lib/extraction/schema";
import { MatchesSchema, type GateStatus, type Match, type Stage, type Verdict } from "@/lib/review";

export const REVIEW_STATUSES = ["pending", "gated", "approved", "merged", "rejected"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
/** Where a decision leaves a candidate. */
export type DecidedStatus = "approved" | "rejected" | "merged";
const OPEN_STATUSES: ReviewStatus[] = ["pending", "gated"];

/** Verdict, matches and gate decided by the review engine for one candidate. */
export interface CandidateReview {
  verdict: Verdict;
  verdictStage: Stage;
  matches: Match[];
  status: GateStatus;
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
  if (embeddings.length === 0) return createCandidates(db, { runId, chunkIndex, candidates, reviews });
  return withTransaction(db, async (tx) => {
    const count = await createCandidates(tx, { runId, chunkIndex, candidates, reviews });
    await storeCandidateEmbeddings({ db: tx, items: embeddings });
    return count;
  });
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
        start: c.start,
        end: c.end,
        supported: c.supported,
        verdict: review?.verdict ?? null,
        verdictStage: review?.verdictStage ?? null,
        matches: (review?.matches ?? []).map(toStoredMatch),
        status: review?.status ?? "pending",
        gateReason: review?.gateReason ?? null,
      };
    }),
  });
  return result.count;
}

// Only defined keys: Prisma's JSON input type has no room for `undefined`.
function toStoredMatch(m: Match): Prisma.InputJsonObject {
  return {
    ...(m.factId ? { factId: m.factId } : {}),
    ...(m.candidateId ? { candidateId: m.candidateId } : {}),
    content: m.content,
    score: m.score,
    verdict: m.verdict,
    stage: m.stage,
    reason: m.reason,
  };
}

/** A candidate's stored matches, parsed; null when the row's JSON is unreadable (logged with its id). */
function readMatches(row: { id: string; matches: unknown }): Match[] | null {
  return parseStoredJson(MatchesSchema, row.matches, { table: "Candidate", column: "matches", id: row.id });
}

const queueInclude = {
  run: { select: { id: true, extractor: true, modelId: true, source: { select: { id: true, title: true } } } },
  reviewer: { select: { name: true } },
} satisfies Prisma.CandidateInclude;

type QueueRow = Prisma.CandidateGetPayload<{ include: typeof queueInclude }>;
/** A candidate as the queue shows it; `matches` is null when its stored JSON could not be read. */
export type QueueCandidate = Omit<QueueRow, "matches"> & { matches: Match[] | null };

export async function listReviewQueue({
  db,
  statuses = OPEN_STATUSES,
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
  const rows = await db.candidate.findMany({
    where: {
      status: { in: statuses },
      ...(runId ? { runId } : {}),
      ...(sourceId ? { run: { sourceId } } : {}),
    },
    include: queueInclude,
    // Ungated first, then by position in the source so a reviewer reads in order.
    orderBy: [{ status: "asc" }, { createdAt: "desc" }, { chunkIndex: "asc" }, { start: "asc" }],
    take,
  });
  return rows.map((row) => ({ ...row, matches: readMatches(row) }));
}

export async function countCandidatesByStatus({ db }: { db: Db }) {
  const rows = await db.candidate.groupBy({ by: ["status"], _count: { _all: true } });
  const counts: Record<ReviewStatus, number> = { pending: 0, gated: 0, approved: 0, merged: 0, rejected: 0 };
  for (const row of rows) counts[row.status] = row._count._all;
  return counts;
}

/** The open candidates of a source, which a new candidate of the same source is compared with. */
export function listOpenCandidatesOfSource({ db, sourceId }: { db: Db | Tx; sourceId: string }) {
  return db.candidate.findMany({
    where: { status: { in: OPEN_STATUSES }, run: { sourceId } },
    select: { id: true, content: true },
  });
}

/** What a run has saved so far, to tell a retried chunk's candidates from those already kept. */
export function listRunCandidateKeys({ db, runId }: { db: Db | Tx; runId: string }) {
  return db.candidate.findMany({ where: { runId }, select: { content: true, start: true } });
}

/**
 * Moves an open candidate to a decided status, once: the status guard makes a double click or a second
 * reviewer lose cleanly (CONFLICT, naming who decided) instead of deciding twice.
 */
export async function claimCandidate({
  tx,
  candidateId,
  reviewerId,
  status,
  rejectReason,
}: {
  tx: Tx;
  candidateId: string;
  reviewerId: string | null;
  status: DecidedStatus;
  rejectReason?: string;
}) {
  const claimed = await tx.candidate.updateMany({
    where: { id: candidateId, status: { in: OPEN_STATUSES } },
    data: { status, reviewerId, reviewedAt: new Date(), rejectReason: rejectReason ?? null, version: { increment: 1 } },
  });
  if (claimed.count === 1) {
    return tx.candidate.findUniqueOrThrow({ where: { id: candidateId }, include: { run: true } });
  }
  const existing = await tx.candidate.findUnique({
    where: { id: candidateId },
    select: { status: true, reviewer: { select: { name: true } } },
  });
  if (!existing) throw new AppError("NOT_FOUND", "This candidate no longer exists.");
  const who = existing.reviewer?.name ?? "another reviewer";
  throw new AppError("CONFLICT", `This candidate was already ${existing.status} by ${who}.`);
}

export type ClaimedCandidate = Awaited<ReturnType<typeof claimCandidate>>;

/** Candidates of a run that the gate marked auto-merged but that no merge has applied yet. */
export async function listPendingAutoMerges({ db, runId }: { db: Db; runId: string }) {
  const rows = await db.candidate.findMany({
    where: { runId, status: "merged", reviewerId: null, provenance: { none: {} } },
    select: { id: true, matches: true },
  });
  return rows.map((row) => ({ id: row.id, matches: readMatches(row) }));
}

/** Puts a candidate back in the queue if its status is one of `from`; false when it was not. */
export async function reopenCandidate({
  db,
  candidateId,
  from,
  gateReason,
}: {
  db: Db | Tx;
  candidateId: string;
  from: ReviewStatus[];
  /** Replaces the gate reason, to say why it is back. */
  gateReason?: string;
}): Promise<boolean> {
  const reopened = await db.candidate.updateMany({
    where: { id: candidateId, status: { in: from } },
    data: { status: "pending", ...(gateReason !== undefined ? { gateReason } : {}) },
  });
  return reopened.count === 1;
}
