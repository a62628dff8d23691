import "server-only";
import type { ClaimedCandidate } from "@/lib/db/candidates";
import type { Db, Tx } from "@/lib/db/types";
import type { Fact, FactSnapshot } from "@/lib/facts/schema";
import type { Prisma } from "@/lib/generated/prisma/client";
import { contentHash } from "@/lib/text/normalize";

export const factListInclude = {
  provenance: {
    orderBy: { createdAt: "asc" },
    select: {
      id: true,
      quote: true,
      speaker: true,
      start: true,
      end: true,
      extractor: true,
      modelId: true,
      sourceId: true,
      source: { select: { id: true, title: true, spaceId: true } },
    },
  },
} satisfies Prisma.FactInclude;

export type FactListItem = Prisma.FactGetPayload<{ include: typeof factListInclude }>;

/**
 * A listed fact's quotes without the sources of other spaces (a fact moved from there keeps the quote and
 * speaker; the source's title and link stay with the space that holds it).
 */
export function withOwnSources<F extends FactListItem>(fact: F): F {
  const provenance = fact.provenance.map((p) =>
    p.source && p.source.spaceId !== fact.spaceId ? { ...p, source: null } : p,
  );
  return { ...fact, provenance };
}

export async function countFacts({ db, spaceId }: { db: Db; spaceId: string }) {
  return db.fact.count({ where: { spaceId, status: "active" } });
}

export async function listKnownFacts({
  db,
  spaceId,
  subject = null,
  take,
}: {
  db: Db;
  spaceId: string;
  /** Whom the run's source is about: only the facts about them (or about no one, with null). */
  subject?: string | null;
  take: number;
}): Promise<string[]> {
  const rows = await db.fact.findMany({
    where: { spaceId, subject, status: "active" },
    orderBy: [{ importance: "desc" }, { createdAt: "desc" }],
    take,
    select: { content: true },
  });
  return rows.map((r) => r.content);
}

export function snapshotOf(f: {
  content: string;
  kind: string;
  temporal: string;
  importance: number;
  status: string;
  validTo?: Date | null;
}): FactSnapshot {
  return {
    content: f.content,
    kind: f.kind,
    temporal: f.temporal,
    importance: f.importance,
    status: f.status,
    ...(f.validTo ? { validTo: f.validTo.toISOString() } : {}),
  };
}

export function getFact({ db, factId }: { db: Db | Tx; factId: string }) {
  return db.fact.findUnique({ where: { id: factId } });
}

/** A new active fact; its content hash is computed here, the one way every fact gets it. */
export function createFact({
  tx,
  fact,
}: {
  tx: Tx;
  fact: Pick<Fact, "content" | "kind" | "confidence" | "importance" | "temporal"> & {
    validFrom: Date;
    /** Until when it held, for a copy of a fact that says so; open otherwise. */
    validTo?: Date | null;
    spaceId: string;
    /** Whom it is about (its source's subject, or a person's choice); none when absent. */
    subject?: string | null;
  };
}) {
  return tx.fact.create({ data: { ...fact, contentHash: contentHash(fact.content) } });
}

/** Where a fact came from: the candidate's quote, span, speaker and the run that extracted it. */
export async function addProvenanceFromCandidate({
  tx,
  candidate,
  factId,
  quote = candidate.quote,
}: {
  tx: Tx;
  candidate: ClaimedCandidate;
  factId: string;
  /** The quote as the fact keeps it (masked when it holds a credential; lib/facts/secret-choice.ts). */
  quote?: string;
}) {
  await tx.factProvenance.create({
    data: {
      factId,
      candidateId: candidate.id,
      sourceId: candidate.run.sourceId,
      runId: candidate.runId,
      quote,
      start: candidate.start,
      end: candidate.end,
      speaker: candidate.speaker,
      extractor: candidate.run.extractor,
      modelId: candidate.run.modelId,
      promptVersion: candidate.run.promptVersion,
    },
  });
}

/** Where a fact entered by hand came from: no source or quote, the extractor "manual" and the person's note. */
export async function addManualProvenance({ tx, factId, note }: { tx: Tx; factId: string; note?: string }) {
  await tx.factProvenance.create({ data: { factId, extractor: "manual", quote: note ?? null } });
}

/** The active fact that says exactly these words (same normalized text), if any. */
export function findActiveFactByText({ db, spaceId, content }: { db: Db | Tx; spaceId: string; content: string }) {
  return db.fact.findFirst({
    where: { spaceId, contentHash: contentHash(content), status: "active" },
    select: { id: true, content: true },
  });
}

export async function recordFactRevision({
  tx,
  factId,
  version,
  action,
  before,
  after,
  reason,
  reviewerId,
}: {
  tx: Tx;
  factId: string;
  version: number;
  action: "create" | "merge" | "supersede" | "unmerge" | "restore" | "edit" | "archive" | "unarchive" | "move" | "copy";
  before?: FactSnapshot;
  after: FactSnapshot;
  reason: string;
  /** null when the gate policy acted, not a person. */
  reviewerId: string | null;
}) {
  await tx.factRevision.create({
    data: {
      factId,
      version,
      action,
      ...(before ? { before: { ...before } } : {}),
      after: { ...after },
      reason,
      reviewerId,
    },
  });
}

/** Bumps the version of an active fact that is still at `version`; false when someone changed it first. */
/**
 * Bumps the version of an active fact that is still at `version`, with a new text if given; false when
 * someone changed it first.
 */
export async function bumpActiveFactVersion({
  tx,
  factId,
  version,
  content,
}: {
  tx: Tx;
  factId: string;
  version: number;
  content?: string;
}) {
  const updated = await tx.fact.updateMany({
    where: { id: factId, status: "active", version },
    data: {
      version: { increment: 1 },
      ...(content !== undefined ? { content, contentHash: contentHash(content) } : {}),
    },
  });
  return updated.count === 1;
}

/** Marks an active fact at `version` superseded from `at`; false when it is no longer that fact. */
export async function markFactSuperseded({
  tx,
  factId,
  version,
  at,
}: {
  tx: Tx;
  factId: string;
  version: number;
  at: Date;
}) {
  const updated = await tx.fact.updateMany({
    where: { id: factId, status: "active", version },
    data: { status: "superseded", validTo: at, version: { increment: 1 } },
  });
  return updated.count === 1;
}

export async function addFactRelation({
  tx,
  fromFactId,
  toFactId,
  type,
}: {
  tx: Tx;
  fromFactId: string;
  toFactId: string;
  type: "related" | "duplicate_of" | "supersedes" | "contradicts";
}) {
  await tx.factRelation.create({ data: { fromFactId, toFactId, type } });
}

/** Deletes a fact with its provenance, revisions, relations and vector (an approval undone). */
export async function deleteFact({ tx, factId }: { tx: Tx; factId: string }) {
  await tx.fact.delete({ where: { id: factId } });
}

/** Removes the provenance these candidates gave a fact (a merge undone). */
export async function removeProvenance({
  tx,
  factId,
  candidateIds,
}: {
  tx: Tx;
  factId: string;
  candidateIds: string[];
}) {
  await tx.factProvenance.deleteMany({ where: { factId, candidateId: { in: candidateIds } } });
}

/** Moves a fact still at `version` from one status to another (archive, unarchive); null when it changed first. */
export async function changeFactStatus({
  tx,
  factId,
  version,
  from,
  to,
}: {
  tx: Tx;
  factId: string;
  version: number;
  from: "active" | "archived";
  to: "active" | "archived";
}) {
  const updated = await tx.fact.updateMany({
    where: { id: factId, status: from, version },
    data: { status: to, version: { increment: 1 } },
  });
  return updated.count === 1 ? tx.fact.findUniqueOrThrow({ where: { id: factId } }) : null;
}

/** Makes a superseded fact active again (its superseding undone); false when it is not superseded. */
export async function reactivateFact({ tx, factId, version }: { tx: Tx; factId: string; version: number }) {
  const updated = await tx.fact.updateMany({
    where: { id: factId, status: "superseded", version },
    data: { status: "active", validTo: null, version: { increment: 1 } },
  });
  return updated.count === 1;
}

/**
 * Changes an active fact that is still at `version`: its attributes, a new content hash when the text
 * changes, and the next version; null when someone changed it first (or it is no longer active).
 */
export async function updateActiveFact({
  tx,
  factId,
  version,
  data,
}: {
  tx: Tx;
  factId: string;
  version: number;
  data: Partial<Pick<Fact, "content" | "kind" | "temporal" | "importance">>;
}) {
  const updated = await tx.fact.updateMany({
    where: { id: factId, status: "active", version },
    data: {
      ...data,
      ...(data.content !== undefined ? { contentHash: contentHash(data.content) } : {}),
      version: { increment: 1 },
    },
  });
  return updated.count === 1 ? tx.fact.findUniqueOrThrow({ where: { id: factId } }) : null;
}

/** The attributes a fact had right after `version` (its revision's "after"), unparsed. */
export async function getRevisionSnapshot({ db, factId, version }: { db: Db | Tx; factId: string; version: number }) {
  const revision = await db.factRevision.findUnique({
    where: { factId_version: { factId, version } },
    select: { id: true, after: true },
  });
  return revision;
}
