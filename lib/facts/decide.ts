import "server-only";
import { AppError } from "@/lib/errors";
import { claimCandidate, listOpenClusterMembers, readMatches, type ClaimedCandidate } from "@/lib/db/candidates";
import { recordCandidateEvent } from "@/lib/db/candidate-events";
import { copyCandidateEmbedding } from "@/lib/db/embeddings";
import { spacesOfObjects } from "@/lib/db/spaces";
import {
  addFactRelation,
  addProvenanceFromCandidate,
  bumpActiveFactVersion,
  createFact,
  getFact,
  markFactSuperseded,
  recordFactRevision,
  snapshotOf,
} from "@/lib/db/facts";
import { withTransaction, type Db, type Tx } from "@/lib/db/types";
import type { Fact, SecretChoice } from "@/lib/facts/schema";
import { storedQuote, storedText } from "@/lib/facts/secret-choice";
import type { Verdict } from "@/lib/matcher/schema";
import { changedWords } from "@/lib/text/changed-words";
import { stripInvisible } from "@/lib/text/invisible";

/**
 * Applying review decisions. This module never calls a model: everything it needs was decided
 * by the extractor and the matcher and stored on the candidate. Each decision is one transaction.
 */

const NEEDS_A_LOOK: Verdict[] = ["duplicate", "contradicts"];

function assertSeenVerdict(now: Verdict | null, seen: Verdict | null) {
  if (now === seen || now === null || !NEEDS_A_LOOK.includes(now)) return;
  const what = now === "duplicate" ? "repeats an approved fact" : "contradicts an approved fact";
  throw new AppError(
    "CONFLICT",
    `This candidate was judged again since you read it: it now ${what}. Read it and decide again.`,
  );
}

/**
 * Approves a candidate as a new fact. With `withCluster`, the open candidates that repeat it (its
 * cluster) are merged into that fact in the same transaction: one fact, provenance from every member.
 * Returns the fact and the members merged.
 */
export async function approveCandidate({
  db,
  candidateId,
  reviewerId,
  edits,
  supersedeFactIds = [],
  relateFactIds = [],
  withCluster = false,
  expectedVersion,
  seenVerdict,
  keepInvisible = false,
  acknowledgeSecret,
  keepSecret,
}: SecretChoice & {
  db: Db | Tx;
  candidateId: string;
  /** The candidate's version the reviewer saw; a newer one refuses the decision (CONFLICT). */
  expectedVersion?: number;
  /**
   * The verdict the reviewer saw (the review queue, which decides faster than it is read again): judged
   * again since as a duplicate or a contradiction, it is refused (CONFLICT) rather than approved blind.
   * A change that does not make approving it a mistake (new → related) lets the decision stand.
   */
  seenVerdict?: Verdict | null;
  /** null when the gate policy approved it automatically. */
  reviewerId: string | null;
  /** The reviewer's corrections, validated by FactSchema upstream. */
  edits?: Partial<Pick<Fact, "content" | "kind" | "temporal" | "importance">>;
  /** Facts this one replaces: they stay, marked superseded with a valid-to date. */
  supersedeFactIds?: string[];
  /** Facts this one is related to: each gets a "related" relation from the new fact. */
  relateFactIds?: string[];
  withCluster?: boolean;
  /** Keep invisible characters (lib/text/invisible.ts) in the fact's text: only when a reviewer says so. */
  keepInvisible?: boolean;
}) {
  return withTransaction(db, async (tx) => {
    const candidate = await claimCandidate({ tx, candidateId, reviewerId, status: "approved", expectedVersion });
    if (seenVerdict !== undefined) assertSeenVerdict(candidate.verdict, seenVerdict);
    assertMatched(candidate, [...supersedeFactIds, ...relateFactIds]);
    await assertInSpace(tx, candidate.spaceId, [...supersedeFactIds, ...relateFactIds]);
    const now = new Date();
    const secret = { acknowledgeSecret, keepSecret };
    const typed = storedText(edits?.content ?? candidate.content, secret);
    const content = keepInvisible ? typed : stripInvisible(typed);
    const fact = await createFact({
      tx,
      fact: {
        content,
        kind: edits?.kind ?? candidate.kind,
        confidence: candidate.confidence,
        importance: edits?.importance ?? candidate.importance,
        temporal: edits?.temporal ?? candidate.temporal,
        validFrom: now,
        // The candidate's space: a fact never lands in another team's fact base; and whom its source is about.
        spaceId: candidate.spaceId,
        subject: candidate.run.source.subject,
      },
    });
    await addProvenanceFromCandidate({ tx, candidate, factId: fact.id, quote: storedQuote(candidate.quote, secret) });
    const edited = content !== candidate.content;
    // An edited text has no vector yet: review embeds it later (backfill), never this function.
    if (!edited) await copyCandidateEmbedding({ db: tx, candidateId, factId: fact.id });
    await recordFactRevision({
      tx,
      factId: fact.id,
      version: 1,
      action: "create",
      after: snapshotOf(fact),
      reason: approvalReason({ automatic: reviewerId === null, edited, stripped: content !== typed }),
      reviewerId,
    });
    for (const oldId of supersedeFactIds) {
      await supersedeFact(tx, { oldFactId: oldId, newFactId: fact.id, reviewerId, at: now });
    }
    for (const relatedId of relateFactIds) {
      await addFactRelation({ tx, fromFactId: fact.id, toFactId: relatedId, type: "related" });
    }
    const members = withCluster ? await listOpenClusterMembers({ db: tx, headId: candidateId }) : [];
    for (const member of members) {
      await mergeCandidate({
        db: tx,
        candidateId: member,
        factId: fact.id,
        reviewerId,
        withHead: candidateId,
        keepSecret,
      });
    }
    await recordCandidateEvent({
      tx,
      candidateId,
      action: "approved",
      factId: fact.id,
      detail: {
        supersededFactIds: supersedeFactIds,
        relatedFactIds: relateFactIds,
        clusterIds: members,
        factVersion: fact.version + members.length,
        // What the reviewer changed, for the labelled example this decision makes (lib/learning/labels.ts).
        ...(reviewerEdit(candidate, edits) ?? {}),
      },
      reviewerId,
    });
    return { ...fact, mergedCandidateIds: members };
  });
}

function approvalReason({ automatic, edited, stripped }: { automatic: boolean; edited: boolean; stripped: boolean }) {
  const how = automatic ? "Approved automatically by the gate policy" : edited ? "Approved with edits" : "Approved";
  return stripped ? `${how}; invisible characters removed` : how;
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
  const old = await getFact({ db: tx, factId: oldFactId });
  if (!old) throw new AppError("NOT_FOUND", "The fact to supersede no longer exists.");
  if (!(await markFactSuperseded({ tx, factId: oldFactId, version: old.version, at }))) {
    throw new AppError("CONFLICT", `"${old.content}" is no longer active (${old.status}); nothing was approved.`);
  }
  await recordFactRevision({
    tx,
    factId: oldFactId,
    version: old.version + 1,
    action: "supersede",
    before: snapshotOf(old),
    after: snapshotOf({ ...old, status: "superseded", validTo: at }),
    reason: "Superseded by a newer fact",
    reviewerId,
  });
  await addFactRelation({ tx, fromFactId: newFactId, toFactId: oldFactId, type: "supersedes" });
}

/**
 * Folds a duplicate candidate into an existing fact: the fact gains provenance, nothing new is created.
 * With `content`, the fact takes that wording too (a revision records the change).
 */
export async function mergeCandidate({
  db,
  candidateId,
  factId,
  reviewerId,
  content: typed,
  withHead,
  keepInvisible = false,
  acknowledgeSecret,
  keepSecret,
}: SecretChoice & {
  db: Db | Tx;
  candidateId: string;
  factId: string;
  /** null when the gate policy merged it automatically. */
  reviewerId: string | null;
  content?: string;
  /** The cluster head whose approval merges this member (the match naming the fact is the head's). */
  withHead?: string;
  /** Keep invisible characters in the new wording: only when a reviewer says so. */
  keepInvisible?: boolean;
}) {
  const secret = { acknowledgeSecret, keepSecret };
  const worded = typed === undefined ? undefined : storedText(typed, secret);
  const content = worded === undefined || keepInvisible ? worded : stripInvisible(worded);
  return withTransaction(db, async (tx) => {
    const fact = await getFact({ db: tx, factId });
    if (!fact) throw new AppError("NOT_FOUND", "The fact to merge into no longer exists.");
    if (fact.status !== "active") {
      throw new AppError("CONFLICT", `"${fact.content}" is ${fact.status}; merge into an active fact.`);
    }
    const candidate = await claimCandidate({ tx, candidateId, reviewerId, status: "merged" });
    // Another space's fact is not there for this candidate (and saying so would reveal that it exists).
    if (candidate.spaceId !== fact.spaceId) throw new AppError("NOT_FOUND", "The fact to merge into no longer exists.");
    // A cluster's members are merged into the fact their head became, which no match of theirs names.
    if (!withHead) assertMatched(candidate, [factId]);
    await addProvenanceFromCandidate({ tx, candidate, factId, quote: storedQuote(candidate.quote, secret) });
    const reworded = content !== undefined && content !== fact.content ? content : undefined;
    if (candidate.content === (reworded ?? fact.content)) await copyCandidateEmbedding({ db: tx, candidateId, factId });
    if (!(await bumpActiveFactVersion({ tx, factId, version: fact.version, content: reworded }))) {
      throw new AppError("CONFLICT", `"${fact.content}" was changed meanwhile; nothing was merged. Try again.`);
    }
    await recordFactRevision({
      tx,
      factId,
      version: fact.version + 1,
      action: "merge",
      before: snapshotOf(fact),
      after: snapshotOf({ ...fact, content: reworded ?? fact.content }),
      reason: !reviewerId
        ? "Exact duplicate merged automatically"
        : reworded
          ? "Merged a duplicate candidate, with its wording"
          : "Merged a duplicate candidate",
      reviewerId,
    });
    await recordCandidateEvent({
      tx,
      candidateId,
      action: "merged",
      factId,
      detail: {
        factVersion: fact.version + 1,
        ...(reworded !== undefined ? { previousContent: fact.content } : {}),
        ...(withHead ? { withHead } : {}),
      },
      reviewerId,
    });
    return { ...fact, content: reworded ?? fact.content, version: fact.version + 1 };
  });
}

/**
 * Facts named by a decision must be among the candidate's matches: a reviewer supersedes, relates or
 * merges into what the matcher showed, never an arbitrary fact id sent to the action.
 */
function assertMatched(candidate: ClaimedCandidate, factIds: string[]) {
  if (factIds.length === 0) return;
  const matched = new Set((readMatches(candidate) ?? []).flatMap((m) => (m.factId ? [m.factId] : [])));
  if (factIds.some((id) => !matched.has(id))) {
    throw new AppError(
      "VALIDATION",
      "That fact is not among this candidate's matches; reload the queue and try again.",
    );
  }
}

/**
 * Facts a decision supersedes or relates must be in the candidate's space: a stored match may still name a fact
 * moved to another space since, which is not there for this candidate (and saying so would reveal it).
 */
async function assertInSpace(tx: Tx, spaceId: string, factIds: string[]) {
  if (factIds.length === 0) return;
  const spaces = await spacesOfObjects({ db: tx, kind: "fact", ids: factIds });
  if (factIds.some((id) => spaces.get(id) !== spaceId)) {
    throw new AppError("NOT_FOUND", "A fact this decision names no longer exists; reload the queue and try again.");
  }
}

/** Rejects a candidate; with `withCluster`, the open candidates that repeat it too. Returns every id rejected. */
export async function rejectCandidate({
  db,
  candidateId,
  reviewerId,
  reason,
  withCluster = false,
  expectedVersion: _seen,
}: {
  db: Db | Tx;
  candidateId: string;
  reviewerId: string;
  reason?: string;
  withCluster?: boolean;
  /**
   * The candidate's version the reviewer saw. Unlike an approval, a rejection creates nothing, so a re-judging
   * since they read it does not refuse it (a card another reviewer decided still does): approve racing reject
   * has one winner, never two refusals.
   */
  expectedVersion?: number;
}): Promise<string[]> {
  return withTransaction(db, async (tx) => {
    const members = withCluster ? await listOpenClusterMembers({ db: tx, headId: candidateId }) : [];
    const rejectReason = reason ?? "Rejected";
    for (const id of [candidateId, ...members]) {
      await claimCandidate({
        tx,
        candidateId: id,
        reviewerId,
        status: "rejected",
        rejectReason,
      });
      const detail = id === candidateId ? { clusterIds: members } : { withHead: candidateId };
      await recordCandidateEvent({ tx, candidateId: id, action: "rejected", detail, reviewerId });
    }
    return [candidateId, ...members];
  });
}

/** What a reviewer's edits changed of the extracted text and kind; undefined when they changed neither. */
function reviewerEdit(
  candidate: ClaimedCandidate,
  edits: Partial<Pick<Fact, "content" | "kind">> | undefined,
): { editedWords: number; approvedKind?: string } | undefined {
  const text = edits?.content !== undefined && edits.content !== candidate.content ? edits.content : null;
  const kind = edits?.kind !== undefined && edits.kind !== candidate.kind ? edits.kind : null;
  if (text === null && kind === null) return undefined;
  return {
    editedWords: text === null ? 0 : changedWords(candidate.content, text),
    ...(kind !== null ? { approvedKind: kind } : {}),
  };
}
