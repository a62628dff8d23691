import "server-only";
import { AppError } from "@/lib/errors";
import type { Db, Tx } from "@/lib/db/types";
import { hashText } from "@/lib/db/sources";
import { normalizeForHash } from "@/lib/facts/normalize";
import type { Fact } from "@/lib/facts/schema";

/**
 * Applying review decisions. This module never calls a model: everything it needs was decided
 * by the extractor and the matcher and stored on the candidate.
 */

const OPEN_STATUSES = ["pending", "gated"] as const;

async function claimCandidate(
  tx: Tx,
  { candidateId, reviewerId, status, rejectReason }: { candidateId: string; reviewerId: string; status: "approved" | "rejected" | "merged"; rejectReason?: string },
) {
  // The status guard makes a double click or a second reviewer lose cleanly instead of creating twice.
  const claimed = await tx.candidate.updateMany({
    where: { id: candidateId, status: { in: [...OPEN_STATUSES] } },
    data: { status, reviewerId, reviewedAt: new Date(), rejectReason: rejectReason ?? null, version: { increment: 1 } },
  });
  if (claimed.count === 1) return;
  const existing = await tx.candidate.findUnique({
    where: { id: candidateId },
    select: { status: true, reviewedAt: true, reviewer: { select: { name: true } } },
  });
  if (!existing) throw new AppError("NOT_FOUND", "This candidate no longer exists.");
  const who = existing.reviewer?.name ?? "another reviewer";
  throw new AppError("CONFLICT", `This candidate was already ${existing.status} by ${who}.`);
}

export async function approveCandidate({
  db,
  candidateId,
  reviewerId,
  edits,
}: {
  db: Db;
  candidateId: string;
  reviewerId: string;
  /** The reviewer's corrections, validated by FactSchema upstream. */
  edits?: Partial<Pick<Fact, "content" | "kind" | "temporal" | "importance">>;
}) {
  return db.$transaction(async (tx) => {
    await claimCandidate(tx, { candidateId, reviewerId, status: "approved" });
    const candidate = await tx.candidate.findUniqueOrThrow({
      where: { id: candidateId },
      include: { run: true },
    });
    const content = edits?.content ?? candidate.content;
    const fact = await tx.fact.create({
      data: {
        content,
        contentHash: hashText(normalizeForHash(content)),
        kind: edits?.kind ?? candidate.kind,
        confidence: candidate.confidence,
        importance: edits?.importance ?? candidate.importance,
        temporal: edits?.temporal ?? candidate.temporal,
        validFrom: candidate.run.createdAt,
      },
    });
    await tx.factProvenance.create({
      data: {
        factId: fact.id,
        candidateId: candidate.id,
        sourceId: candidate.run.sourceId,
        runId: candidate.runId,
        quote: candidate.quote,
        spanStart: candidate.spanStart,
        spanEnd: candidate.spanEnd,
        speaker: candidate.speaker,
        extractor: candidate.run.extractor,
        modelId: candidate.run.modelId,
        promptVersion: candidate.run.promptVersion,
      },
    });
    await tx.factRevision.create({
      data: {
        factId: fact.id,
        version: 1,
        action: "create",
        after: { content: fact.content, kind: fact.kind, temporal: fact.temporal, importance: fact.importance },
        reason: edits?.content && edits.content !== candidate.content ? "Approved with edits" : "Approved",
        reviewerId,
      },
    });
    return fact;
  });
}

export async function rejectCandidate({
  db,
  candidateId,
  reviewerId,
  reason,
}: {
  db: Db;
  candidateId: string;
  reviewerId: string;
  reason?: string;
}) {
  await db.$transaction((tx) => claimCandidate(tx, { candidateId, reviewerId, status: "rejected", rejectReason: reason ?? "Rejected" }));
}
