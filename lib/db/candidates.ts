import "server-only";
import { rankOf } from "@/lib/extraction/rank";
import { maskSecrets } from "@/lib/secrets/mask";
import { storeCandidateEmbeddings, type EmbeddingSpace } from "@/lib/db/embeddings";
import { parseStoredJson } from "@/lib/db/stored-json";
import { withTransaction, type Db, type Tx } from "@/lib/db/types";
import { AppError } from "@/lib/errors";
import { Prisma } from "@/lib/generated/prisma/client";
import type { Candidate } from "@/lib/extraction/schema";
import { MatchesSchema, type GateStatus, type Match, type Stage, type Verdict } from "@/lib/matcher";
import type { CandidateStatus } from "@/lib/queue/candidate";
import { contentHash } from "@/lib/text/normalize";

type ReviewStatus = CandidateStatus;
/** Where a decision leaves a candidate. */
export type DecidedStatus = "approved" | "rejected" | "merged";
const OPEN_STATUSES: ReviewStatus[] = ["pending", "gated"];

/** Verdict, matches and gate decided by the review engine for one candidate. */
export interface CandidateReview {
  verdict: Verdict;
  verdictStage: Stage;
  matches: Match[];
  /** "rejected": the words were rejected before and Settings say to reject repeats (lib/chain/gate.ts). */
  status: GateStatus | "rejected";
  gateReason: string | null;
  /** With status "rejected": the earlier rejection's reason, recorded again. */
  rejectReason?: string | null;
  /** Id to save the candidate under, chosen by the review so other candidates' matches can point at it. */
  id?: string;
  /**
   * The open candidate this one repeats, when it does: the head of their cluster, shown once with its
   * members. The head itself has none (null); a candidate whose head is decided stands alone again.
   */
  clusterId?: string | null;
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
  // A candidate belongs to its source's space, read here so that no caller can file it elsewhere.
  const { source } = await db.extractionRun.findUniqueOrThrow({
    where: { id: runId },
    select: { source: { select: { spaceId: true, subject: true } } },
  });
  const result = await db.candidate.createMany({
    data: candidates.map((c, i) => {
      const review = reviews?.[i];
      return {
        ...(review?.id ? { id: review.id } : {}),
        runId,
        spaceId: source.spaceId,
        subject: source.subject,
        chunkIndex,
        content: c.content,
        contentHash: contentHash(c.content),
        kind: c.kind,
        confidence: c.confidence,
        importance: c.importance,
        rank: rankOf(c),
        features: c.scoredFrom ?? {},
        learnedConfidence: c.learned?.confidence ?? null,
        rankReason: c.learned?.reason ?? null,
        temporal: c.temporal,
        speaker: c.speaker,
        quote: c.quote,
        start: c.start,
        end: c.end,
        supported: c.supported,
        verdict: review?.verdict ?? null,
        verdictStage: review?.verdictStage ?? null,
        matches: (review?.matches ?? []).map(toStoredMatch),
        clusterId: review?.clusterId ?? null,
        status: review?.status ?? "pending",
        gateReason: review?.gateReason ?? null,
        ...(review?.status === "rejected" ? { rejectReason: review.rejectReason ?? null, reviewedAt: new Date() } : {}),
      };
    }),
  });
  return result.count;
}

// Only defined keys: Prisma's JSON input type has no room for `undefined`. A match quotes another candidate or
// fact: through the mask, so a secret on one card is never stored (nor shown) on another.
function toStoredMatch(m: Match): Prisma.InputJsonObject {
  return {
    ...(m.factId ? { factId: m.factId } : {}),
    ...(m.candidateId ? { candidateId: m.candidateId } : {}),
    content: maskSecrets(m.content),
    score: m.score,
    verdict: m.verdict,
    stage: m.stage,
    reason: maskSecrets(m.reason),
    ...(m.vetoed !== undefined ? { vetoed: m.vetoed } : {}),
  };
}

/** A candidate's stored matches, parsed; null when the row's JSON is unreadable (logged with its id). */
export function readMatches(row: { id: string; matches: unknown }): Match[] | null {
  return parseStoredJson(MatchesSchema, row.matches, { table: "Candidate", column: "matches", id: row.id });
}

/** A candidate as the extractor proposed it: what a resumed run and the matcher read back. */
export const candidateFields = {
  content: true,
  kind: true,
  confidence: true,
  importance: true,
  temporal: true,
  speaker: true,
  quote: true,
  start: true,
  end: true,
  supported: true,
} satisfies Prisma.CandidateSelect;

/** The candidates a run saved so far, as the extractor proposed them (a resumed run starts from them). */
export async function listRunCandidates({ db, runId }: { db: Db | Tx; runId: string }): Promise<Candidate[]> {
  const rows = await db.candidate.findMany({
    where: { runId },
    orderBy: [{ chunkIndex: "asc" }, { createdAt: "asc" }],
    select: candidateFields,
  });
  return rows;
}

/** What the chain's review stored on an open candidate: its status, verdict, matches, gate and cluster. */
export const storedReviewFields = {
  status: true,
  verdict: true,
  verdictStage: true,
  gateReason: true,
  clusterId: true,
  matches: true,
} satisfies Prisma.CandidateSelect;

/** A run's candidates as stored, with the verdicts, matches, gates and clusters the chain gave them. */
export async function listStoredCandidates({ db, runId }: { db: Db; runId: string }) {
  const rows = await db.candidate.findMany({
    where: { runId },
    orderBy: [
      { chunkIndex: "asc" },
      { start: { sort: "asc", nulls: "last" } },
      { end: { sort: "asc", nulls: "last" } },
      { content: "asc" },
    ],
    select: {
      id: true,
      ...candidateFields,
      rank: true,
      ...storedReviewFields,
    },
  });
  return rows.map((row) => ({ ...row, matches: readMatches(row) }));
}
export type StoredCandidate = Awaited<ReturnType<typeof listStoredCandidates>>[number];

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
  expectedVersion,
}: {
  tx: Tx;
  candidateId: string;
  reviewerId: string | null;
  status: DecidedStatus;
  rejectReason?: string;
  /** The version the reviewer (or API client) read: a candidate re-judged since is not decided blind. */
  expectedVersion?: number;
}) {
  // The claim returns the row it took (one statement, not a claim and a read), with its run and whom the run's
  // source is about: an approval is many reviewers' hot path (issue 28).
  const [claimed] = await tx.candidate.updateManyAndReturn({
    where: {
      id: candidateId,
      status: { in: OPEN_STATUSES },
      ...(expectedVersion !== undefined ? { version: expectedVersion } : {}),
    },
    data: { status, reviewerId, reviewedAt: new Date(), rejectReason: rejectReason ?? null, version: { increment: 1 } },
    include: { run: { include: { source: { select: { subject: true } } } } },
  });
  if (claimed) return claimed;
  const existing = await tx.candidate.findUnique({
    where: { id: candidateId },
    select: { status: true, version: true, reviewer: { select: { name: true } } },
  });
  if (!existing) throw new AppError("NOT_FOUND", "This candidate no longer exists.");
  if ((OPEN_STATUSES as string[]).includes(existing.status)) {
    throw new AppError(
      "CONFLICT",
      `This candidate was judged again since you read it (now version ${existing.version}); read it and decide again.`,
    );
  }
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

/**
 * Stores new reviews of saved candidates, only where they are still open and the review changed something:
 * verdict, matches, gate and cluster (and then the version). A candidate that joins a cluster brings its own
 * members along, so clusters stay one level deep. Returns the ids of the candidates it rewrote.
 */
export async function updateCandidateReviews({
  db,
  reviews,
}: {
  db: Db | Tx;
  reviews: Array<CandidateReview & { id: string; status: "pending" | "gated" }>;
}): Promise<string[]> {
  if (reviews.length === 0) return [];
  return withTransaction(db, async (tx) => {
    const stored = await tx.candidate.findMany({
      where: { id: { in: reviews.map((r) => r.id) } },
      select: {
        id: true,
        ...storedReviewFields,
      },
    });
    const before = new Map(stored.map((row) => [row.id, row]));
    const updated: string[] = [];
    for (const r of reviews) {
      // Judged the same again: the row and its version stay, so a reviewer's decision on it is not refused.
      const row = before.get(r.id);
      if (row && sameReview(row, r)) continue;
      const result = await tx.candidate.updateMany({
        where: { id: r.id, status: { in: OPEN_STATUSES } },
        data: {
          verdict: r.verdict,
          verdictStage: r.verdictStage,
          matches: r.matches.map(toStoredMatch),
          status: r.status,
          gateReason: r.gateReason,
          clusterId: r.clusterId ?? null,
          // An open queue polls a stamp of versions (getQueueStamp): a new verdict must show there too.
          version: { increment: 1 },
        },
      });
      if (result.count > 0) updated.push(r.id);
      if (r.clusterId) {
        await tx.candidate.updateMany({ where: { clusterId: r.id }, data: { clusterId: r.clusterId } });
      }
    }
    return updated;
  });
}

function sameReview(
  row: {
    verdict: string | null;
    verdictStage: string | null;
    status: string;
    gateReason: string | null;
    clusterId: string | null;
    matches: unknown;
  },
  review: CandidateReview,
): boolean {
  return (
    row.verdict === review.verdict &&
    row.verdictStage === review.verdictStage &&
    row.status === review.status &&
    row.gateReason === review.gateReason &&
    row.clusterId === (review.clusterId ?? null) &&
    canonicalJson(row.matches) === canonicalJson(review.matches.map(toStoredMatch))
  );
}

/** JSON with its keys in order (jsonb does not keep the order they were written in). */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
}

/** The open members of a cluster whose head is `headId` (the candidates that repeat it). */
export async function listOpenClusterMembers({ db, headId }: { db: Db | Tx; headId: string }): Promise<string[]> {
  const rows = await db.candidate.findMany({
    where: { clusterId: headId, status: { in: OPEN_STATUSES } },
    select: { id: true },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return rows.map((r) => r.id);
}

/** One candidate with its source, for its own page; null when it does not exist. */
export function getCandidate({ db, candidateId }: { db: Db; candidateId: string }) {
  return db.candidate.findUnique({
    where: { id: candidateId },
    include: {
      run: { select: { source: { select: { id: true, title: true } } } },
      reviewer: { select: { name: true } },
    },
  });
}
