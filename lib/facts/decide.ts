import "server-only";
import { AppError } from "@/lib/errors";
import { copyCandidateEmbedding } from "@/lib/db/embeddings";
import type { Db, Tx } from "@/lib/db/types";
import type { Fact } from "@/lib/facts/schema";
import { contentHash } from "@/lib/review";

/**
 * Applying review decisions. This module never calls a model: everything it needs was decided
 * by the extractor and the matcher and stored on the candidate.
 */

const OPEN_STATUSES = ["pending", "gated"] as const;

type Decision = "approved" | "rejected" | "merged";

async function claimCandidate(
  tx: Tx,
  {
    candidateId,
    reviewerId,
    status,
    rejectReason,
  }: { candidateId: string; reviewerId: string | null; status: Decision; rejectReason?: string },
) {
  // The status guard makes a double click or a second reviewer lose cleanly instead of deciding twice.
  const claimed = await tx.candidate.updateMany({
    where: { id: candidateId, status: { in: [...OPEN_STATUSES] } },
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

type ClaimedCandidate = Awaited<ReturnType<typeof claimCandidate>>;

function provenanceOf(candidate: ClaimedCandidate, factId: string) {
  return {
    factId,
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
  };
}

const snapshot = (f: {
  content: string;
  kind: string;
  temporal: string;
  importance: number;
  status: string;
  validTo?: Date | null;
}) => ({
  content: f.content,
  kind: f.kind,
  temporal: f.temporal,
  importance: f.importance,
  status: f.status,
  ...(f.validTo ? { validTo: f.validTo.toISOString() } : {}),
});

export async function approveCandidate({
  db,
  candidateId,
  reviewerId,
  edits,
  supersedeFactIds = [],
}: {
  db: Db;
  candidateId: string;
  /** null when the gate policy approved it automatically. */
  reviewerId: string | null;
  /** The reviewer's corrections, validated by FactSchema upstream. */
  edits?: Partial<Pick<Fact, "content" | "kind" | "temporal" | "importance">>;
  /** Facts this one replaces: they stay, marked superseded with a valid-to date. */
  supersedeFactIds?: string[];
}) {
  return db.$transaction(async (tx) => {
    const candidate = await claimCandidate(tx, { candidateId, reviewerId, status: "approved" });
    const content = edits?.content ?? candidate.content;
    const now = new Date();
    const fact = await tx.fact.create({
      data: {
        content,
        contentHash: contentHash(content),
        kind: edits?.kind ?? candidate.kind,
        confidence: candidate.confidence,
        importance: edits?.importance ?? candidate.importance,
        temporal: edits?.temporal ?? candidate.temporal,
        validFrom: now,
      },
    });
    await tx.factProvenance.create({ data: provenanceOf(candidate, fact.id) });
    const edited = edits?.content !== undefined && edits.content !== candidate.content;
    // An edited text has no vector yet: review embeds it later (backfill), never this function.
    if (!edited) await copyCandidateEmbedding({ db: tx, candidateId, factId: fact.id });
    await tx.factRevision.create({
      data: {
        factId: fact.id,
        version: 1,
        action: "create",
        after: snapshot(fact),
        reason:
          reviewerId === null
            ? "Approved automatically by the gate policy"
            : edited
              ? "Approved with edits"
              : "Approved",
        reviewerId,
      },
    });
    for (const oldId of supersedeFactIds) {
      await supersedeFact(tx, { oldFactId: oldId, newFactId: fact.id, reviewerId, at: now });
    }
    return fact;
  });
}

async function supersedeFact(
  tx: Tx,
  {
    oldFactId,
    newFactId,
    reviewerId,
    at,
  }: { oldFactId: string; newFactId: string; reviewerId: string | null; at: Date },
) {
  const old = await tx.fact.findUnique({ where: { id: oldFactId } });
  if (!old) throw new AppError("NOT_FOUND", "The fact to supersede no longer exists.");
  const updated = await tx.fact.updateMany({
    where: { id: oldFactId, status: "active", version: old.version },
    data: { status: "superseded", validTo: at, version: { increment: 1 } },
  });
  if (updated.count === 0) {
    throw new AppError("CONFLICT", `"${old.content}" is no longer active (${old.status}); nothing was approved.`);
  }
  await tx.factRevision.create({
    data: {
      factId: oldFactId,
      version: old.version + 1,
      action: "supersede",
      before: snapshot(old),
      after: snapshot({ ...old, status: "superseded", validTo: at }),
      reason: `Superseded by a newer fact`,
      reviewerId,
    },
  });
  await tx.factRelation.create({ data: { fromFactId: newFactId, toFactId: oldFactId, type: "supersedes" } });
}

/** Folds a duplicate candidate into an existing fact: the fact gains provenance, nothing new is created. */
export async function mergeCandidate({
  db,
  candidateId,
  factId,
  reviewerId,
}: {
  db: Db | Tx;
  candidateId: string;
  factId: string;
  /** null when the gate policy merged it automatically. */
  reviewerId: string | null;
}) {
  const run = async (tx: Tx) => {
    const fact = await tx.fact.findUnique({ where: { id: factId } });
    if (!fact) throw new AppError("NOT_FOUND", "The fact to merge into no longer exists.");
    if (fact.status !== "active")
      throw new AppError("CONFLICT", `"${fact.content}" is ${fact.status}; merge into an active fact.`);
    const candidate = await claimCandidate(tx, { candidateId, reviewerId, status: "merged" });
    await tx.factProvenance.create({ data: provenanceOf(candidate, factId) });
    if (candidate.content === fact.content) await copyCandidateEmbedding({ db: tx, candidateId, factId });
    await tx.fact.update({ where: { id: factId }, data: { version: { increment: 1 } } });
    await tx.factRevision.create({
      data: {
        factId,
        version: fact.version + 1,
        action: "merge",
        before: snapshot(fact),
        after: snapshot(fact),
        reason: reviewerId ? "Merged a duplicate candidate" : "Exact duplicate merged automatically",
        reviewerId,
      },
    });
    return fact;
  };
  return "$transaction" in db ? db.$transaction(run) : run(db);
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
  await db.$transaction((tx) =>
    claimCandidate(tx, { candidateId, reviewerId, status: "rejected", rejectReason: reason ?? "Rejected" }),
  );
}
