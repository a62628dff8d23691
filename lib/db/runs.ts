import "server-only";
import { parseStoredJson } from "@/lib/db/stored-json";
import type { Db, Tx } from "@/lib/db/types";
import { StoredRunPayloadSchema, type RunPayload } from "@/lib/chain/payload";
import { AppError } from "@/lib/errors";
import { ChunkLogSchema, RETRYABLE_RUN_STATUSES, type ChunkLogEntry } from "@/lib/extraction/schema";
import type { TokenUsage } from "@/lib/extraction/types";
import type { Prisma } from "@/lib/generated/prisma/client";
import { SegmentsSchema } from "@/lib/sources/schema";

/**
 * A queued run with its payload (lib/chain/payload.ts): what it will do, fixed now. The extractor, model and
 * preset columns repeat the payload's, for the dashboard and the API.
 */
export async function createExtractionRun({
  db,
  sourceId,
  payload,
  promptVersion,
  reviewerId = null,
}: {
  db: Db | Tx;
  sourceId: string;
  payload: RunPayload;
  /** The extractor's version (lib/models extractorForRun), recorded for provenance. */
  promptVersion: string | null;
  reviewerId?: string | null;
}) {
  return db.extractionRun.create({
    data: {
      sourceId,
      extractor: payload.extractor.mode,
      modelId: payload.extractor.modelId,
      promptVersion,
      preset: payload.preset,
      reviewerId,
      status: "queued",
      payload,
    },
  });
}

/** Runs a reviewer started that are queued or running: the concurrent-extraction limit counts these. */
export async function countActiveRuns({ db, reviewerId }: { db: Db | Tx; reviewerId: string }): Promise<number> {
  return db.extractionRun.count({ where: { reviewerId, status: { in: ["queued", "running"] } } });
}

/**
 * The chunks are known: a resumed run (after a crash, or a Retry) keeps its start time and the chunks
 * that succeeded, and counts the failed ones afresh, since they run again.
 */
export async function markRunStarted({ db, runId, chunksTotal }: { db: Db; runId: string; chunksTotal: number }) {
  await db.$executeRaw`
    UPDATE "ExtractionRun"
    SET "chunksTotal" = ${chunksTotal}, "chunksFailed" = 0, "error" = NULL, "finishedAt" = NULL,
        "startedAt" = COALESCE("startedAt", now() AT TIME ZONE 'UTC')
    WHERE "id" = ${runId}`;
}

export async function recordChunkOutcome({ db, runId, entry }: { db: Db | Tx; runId: string; entry: ChunkLogEntry }) {
  // Appending in SQL keeps concurrent chunk completions from overwriting each other's log entries.
  await db.$executeRaw`
    UPDATE "ExtractionRun"
    SET "chunkLog" = "chunkLog" || ${JSON.stringify([entry])}::jsonb,
        "chunksDone" = "chunksDone" + ${entry.status === "succeeded" ? 1 : 0},
        "chunksFailed" = "chunksFailed" + ${entry.status === "failed" ? 1 : 0}
    WHERE "id" = ${runId}`;
}

/**
 * A chunk of the run waits out the model provider's rate limit until `until`: shown on the run while it lasts.
 * Only by the worker holding the run, and only ever later (concurrent chunks each report their wait).
 */
export async function markRunRateLimited({
  db,
  runId,
  workerId,
  until,
}: {
  db: Db;
  runId: string;
  workerId: string;
  until: Date;
}): Promise<void> {
  await db.extractionRun.updateMany({
    where: {
      id: runId,
      claimedBy: workerId,
      status: "running",
      OR: [{ rateLimitedUntil: null }, { rateLimitedUntil: { lt: until } }],
    },
    data: { rateLimitedUntil: until },
  });
}

/** A run's tokens and cost, as the run page, the recent runs and the dashboard show them. */
export const RUN_USAGE_SELECT = {
  inputTokens: true,
  outputTokens: true,
  cacheReadTokens: true,
  embeddingTokens: true,
  usageEstimated: true,
  costUsd: true,
} satisfies Prisma.ExtractionRunSelect;

/**
 * Ends a run and its claim. With `workerId`, only while that worker still holds it: a worker whose claim
 * went stale must not overwrite the outcome of the one that took over. Returns whether it was ended.
 */
export async function finishRun({
  db,
  runId,
  workerId,
  status,
  error,
  usage,
  costUsd,
}: {
  db: Db;
  runId: string;
  workerId?: string;
  status: "succeeded" | "partial" | "failed";
  error?: string | null;
  /** The chunks' and the matcher's tokens; cacheReadTokens are part of inputTokens. */
  usage?: TokenUsage | null;
  /** What this attempt's tokens cost (lib/models/cost.ts); a retry adds to it. */
  costUsd?: number | null;
}) {
  const run = await db.extractionRun.findUniqueOrThrow({
    where: { id: runId },
    select: { startedAt: true, ...RUN_USAGE_SELECT },
  });
  const finishedAt = new Date();
  const ended = await db.extractionRun.updateMany({
    where: { id: runId, ...(workerId ? { claimedBy: workerId } : {}) },
    data: {
      claimedBy: null,
      heartbeatAt: null,
      rateLimitedUntil: null,
      status,
      error: error ?? null,
      finishedAt,
      durationMs: run.startedAt ? finishedAt.getTime() - run.startedAt.getTime() : null,
      // A retried run adds the retry's tokens to what the first attempt used.
      inputTokens: usage ? (run.inputTokens ?? 0) + usage.inputTokens : run.inputTokens,
      outputTokens: usage ? (run.outputTokens ?? 0) + usage.outputTokens : run.outputTokens,
      cacheReadTokens: usage?.cacheReadTokens
        ? (run.cacheReadTokens ?? 0) + usage.cacheReadTokens
        : run.cacheReadTokens,
      embeddingTokens: usage?.embeddingTokens
        ? (run.embeddingTokens ?? 0) + usage.embeddingTokens
        : run.embeddingTokens,
      usageEstimated: run.usageEstimated || usage?.estimated === true,
      costUsd: costUsd != null ? (run.costUsd ?? 0) + costUsd : run.costUsd,
    },
  });
  return ended.count > 0;
}

const runProgressSelect = {
  id: true,
  status: true,
  extractor: true,
  modelId: true,
  promptVersion: true,
  error: true,
  chunksTotal: true,
  chunksDone: true,
  chunksFailed: true,
  chunkLog: true,
  rateLimitedUntil: true,
  ...RUN_USAGE_SELECT,
  durationMs: true,
  createdAt: true,
  source: { select: { id: true, title: true } },
  _count: { select: { candidates: true } },
} satisfies Prisma.ExtractionRunSelect;

type RunProgressRow = Prisma.ExtractionRunGetPayload<{ select: typeof runProgressSelect }>;
/** Where a run's candidates stand now: open to review, held by a gate, decided; and how many quotes were not found. */
export interface RunCandidateCounts {
  pending: number;
  gated: number;
  decided: number;
  unsupported: number;
}

/** A run's progress; `chunkLog` is null when its stored JSON could not be read. */
export type RunProgress = Omit<RunProgressRow, "chunkLog"> & {
  chunkLog: ChunkLogEntry[] | null;
  counts: RunCandidateCounts;
};

export async function getRunProgress({ db, runId }: { db: Db; runId: string }): Promise<RunProgress | null> {
  const [run, byStatus] = await Promise.all([
    db.extractionRun.findUnique({ where: { id: runId }, select: runProgressSelect }),
    db.candidate.groupBy({ by: ["status", "supported"], where: { runId }, _count: { _all: true } }),
  ]);
  if (!run) return null;
  const counts: RunCandidateCounts = { pending: 0, gated: 0, decided: 0, unsupported: 0 };
  for (const row of byStatus) {
    const n = row._count._all;
    if (row.status === "pending") counts.pending += n;
    else if (row.status === "gated") counts.gated += n;
    else counts.decided += n;
    if (row.supported === false) counts.unsupported += n;
  }
  return { ...run, chunkLog: readChunkLog(run), counts };
}

function readChunkLog(run: { id: string; chunkLog: unknown }): ChunkLogEntry[] | null {
  return parseStoredJson(ChunkLogSchema, run.chunkLog, { table: "ExtractionRun", column: "chunkLog", id: run.id });
}

/**
 * A run with its source, as an extraction job needs them. Unreadable stored JSON is logged and read
 * as empty: no segments (the text is chunked as plain text), no log (a resumed run re-runs every chunk
 * and keeps only candidates not saved before).
 */
export async function getRunForExtraction({ db, runId }: { db: Db; runId: string }) {
  const run = await db.extractionRun.findUniqueOrThrow({ where: { id: runId }, include: { source: true } });
  const segments = parseStoredJson(SegmentsSchema, run.source.segments, {
    table: "Source",
    column: "segments",
    id: run.source.id,
  });
  return { ...run, chunkLog: readChunkLog(run) ?? [], source: { ...run.source, segments: segments ?? [] } };
}

/**
 * A run's payload, parsed (null when its stored JSON is unreadable, logged), with the source fields a legacy
 * payload is completed from; null when the run does not exist.
 */
export async function getRunPayload({ db, runId }: { db: Db; runId: string }) {
  const run = await db.extractionRun.findUnique({
    where: { id: runId },
    select: {
      id: true,
      payload: true,
      source: {
        select: { origin: true, filename: true, mediaType: true, contextHints: true, meetingDate: true, spaceId: true },
      },
    },
  });
  if (!run) return null;
  const payload = parseStoredJson(StoredRunPayloadSchema, run.payload, {
    table: "ExtractionRun",
    column: "payload",
    id: run.id,
  });
  return {
    payload,
    source: { ...run.source, meetingDate: run.source.meetingDate?.toISOString().slice(0, 10) ?? null },
  };
}

/** Stores a legacy run's payload once it is made whole, so every later attempt reads the same one. */
export async function saveRunPayload({ db, runId, payload }: { db: Db; runId: string; payload: RunPayload }) {
  await db.extractionRun.update({ where: { id: runId }, data: { payload } });
}

/**
 * Claims a failed, partial or interrupted run for a retry: back to "queued", once. A double-clicked
 * Retry, or a run that is not retryable, gets CONFLICT; a run that is gone, NOT_FOUND.
 */
export async function claimRunForRetry({ db, runId }: { db: Db; runId: string }): Promise<void> {
  const run = await getRunSummary({ db, runId });
  if (!run) throw new AppError("NOT_FOUND", "This run no longer exists.");
  if (!RETRYABLE_RUN_STATUSES.includes(run.status)) {
    throw new AppError(
      "CONFLICT",
      `This run is ${run.status}; only failed, partial or interrupted runs can be retried.`,
    );
  }
  const claimed = await db.extractionRun.updateMany({
    where: { id: runId, status: run.status },
    // A Retry is a person's decision: the crash-loop count starts again.
    data: { status: "queued", error: null, claimedBy: null, heartbeatAt: null, attempts: 0 },
  });
  if (claimed.count === 0) throw new AppError("CONFLICT", "This run is already being retried.");
}

/** A run's status and the extractor it ran with; null when it does not exist. */
export function getRunSummary({ db, runId }: { db: Db; runId: string }) {
  return db.extractionRun.findUnique({ where: { id: runId }, select: { status: true, extractor: true } });
}
