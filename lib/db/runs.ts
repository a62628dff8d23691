import "server-only";
import type { Db } from "@/lib/db/types";
import type { Prisma } from "@/lib/generated/prisma/client";

export interface ChunkLogEntry {
  index: number;
  status: "succeeded" | "failed";
  error?: string;
  attempts: number;
  ms: number;
  candidates: number;
}

export async function createExtractionRun({
  db,
  sourceId,
  extractor,
  modelId,
  promptVersion,
  preset,
}: {
  db: Db;
  sourceId: string;
  extractor: string;
  modelId: string | null;
  promptVersion: string | null;
  preset: string | null;
}) {
  return db.extractionRun.create({
    data: { sourceId, extractor, modelId, promptVersion, preset, status: "queued" },
  });
}

export async function markRunStarted({
  db,
  runId,
  chunksTotal,
  retry = false,
}: {
  db: Db;
  runId: string;
  chunksTotal: number;
  retry?: boolean;
}) {
  await db.extractionRun.update({
    where: { id: runId },
    // A retry keeps the chunks that succeeded and counts the failed ones again.
    data: retry
      ? { status: "running", chunksTotal, chunksFailed: 0, error: null, finishedAt: null }
      : { status: "running", startedAt: new Date(), chunksTotal },
  });
}

export async function recordChunkOutcome({ db, runId, entry }: { db: Db; runId: string; entry: ChunkLogEntry }) {
  // Appending in SQL keeps concurrent chunk completions from overwriting each other's log entries.
  await db.$executeRaw`
    UPDATE "ExtractionRun"
    SET "chunkLog" = "chunkLog" || ${JSON.stringify([entry])}::jsonb,
        "chunksDone" = "chunksDone" + ${entry.status === "succeeded" ? 1 : 0},
        "chunksFailed" = "chunksFailed" + ${entry.status === "failed" ? 1 : 0}
    WHERE "id" = ${runId}`;
}

export async function finishRun({
  db,
  runId,
  status,
  error,
  usage,
}: {
  db: Db;
  runId: string;
  status: "succeeded" | "partial" | "failed";
  error?: string | null;
  usage?: { inputTokens: number; outputTokens: number } | null;
}) {
  const run = await db.extractionRun.findUniqueOrThrow({
    where: { id: runId },
    select: { startedAt: true, inputTokens: true, outputTokens: true },
  });
  const finishedAt = new Date();
  await db.extractionRun.update({
    where: { id: runId },
    data: {
      status,
      error: error ?? null,
      finishedAt,
      durationMs: run.startedAt ? finishedAt.getTime() - run.startedAt.getTime() : null,
      // A retried run adds the retry's tokens to what the first attempt used.
      inputTokens: usage ? (run.inputTokens ?? 0) + usage.inputTokens : run.inputTokens,
      outputTokens: usage ? (run.outputTokens ?? 0) + usage.outputTokens : run.outputTokens,
    },
  });
}

/** Runs left queued/running by a process that died are marked so the UI can offer a retry. */
export async function markInterruptedRuns({ db, olderThan = new Date() }: { db: Db; olderThan?: Date }) {
  const result = await db.extractionRun.updateMany({
    where: { status: { in: ["queued", "running"] }, createdAt: { lte: olderThan } },
    data: {
      status: "interrupted",
      error: "The server stopped while this run was in progress.",
      finishedAt: new Date(),
    },
  });
  return result.count;
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
  inputTokens: true,
  outputTokens: true,
  durationMs: true,
  createdAt: true,
  source: { select: { id: true, title: true } },
  _count: { select: { candidates: true } },
} satisfies Prisma.ExtractionRunSelect;

export type RunProgress = Prisma.ExtractionRunGetPayload<{ select: typeof runProgressSelect }>;

export async function getRunProgress({ db, runId }: { db: Db; runId: string }): Promise<RunProgress | null> {
  return db.extractionRun.findUnique({ where: { id: runId }, select: runProgressSelect });
}
