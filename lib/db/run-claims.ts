import "server-only";
import type { Db, Tx } from "@/lib/db/types";
import { Prisma } from "@/lib/generated/prisma/client";

/**
 * Extraction runs as jobs in the database (ARCHITECTURE.md, "Runs are jobs"). A worker claims a run with
 * `FOR UPDATE SKIP LOCKED`, so two workers never take the same one, and beats while it works; a running run
 * whose beat is older than `staleMs` belongs to a worker that died and is claimed again by anyone. Times are
 * the database's (UTC, as Prisma stores them), so instances with skewed clocks agree on what is stale.
 */

const NOW = Prisma.sql`(now() AT TIME ZONE 'UTC')`;

/** Thrown when a worker writes for a run it no longer holds (its beat went stale and another worker took it). */
export class RunClaimLostError extends Error {
  constructor(runId: string) {
    super(`Extraction run ${runId} is no longer claimed by this worker`);
    this.name = "RunClaimLostError";
  }
}

export interface ClaimedRun {
  id: string;
  extractor: string;
  /** Claims so far, this one included. */
  attempts: number;
}

/**
 * Claims the oldest queued run, or a running one whose worker stopped beating, for `workerId`: it becomes
 * running, claimed and beaten now, and its attempts go up by one. With `runId`, only that run. Null when
 * there is nothing to claim (or another worker holds the row at this moment). Never claims a run the same
 * worker holds: a long chunk on PGlite can starve its own heartbeat timer.
 */
export async function claimRun({
  db,
  workerId,
  staleMs,
  runId,
}: {
  db: Db;
  workerId: string;
  staleMs: number;
  runId?: string;
}): Promise<ClaimedRun | null> {
  const onlyThis = runId ? Prisma.sql`AND "id" = ${runId}` : Prisma.empty;
  const rows = await db.$queryRaw<ClaimedRun[]>`
    UPDATE "ExtractionRun" AS r
    SET "status" = 'running', "claimedBy" = ${workerId}, "heartbeatAt" = ${NOW}, "attempts" = r."attempts" + 1
    WHERE r."id" = (
      SELECT "id" FROM "ExtractionRun"
      WHERE ("status" = 'queued'
             OR ("status" = 'running'
                 AND ("heartbeatAt" IS NULL OR "heartbeatAt" < ${NOW} - ${staleMs}::int * interval '1 millisecond')))
        AND "claimedBy" IS DISTINCT FROM ${workerId}
        ${onlyThis}
      ORDER BY "createdAt"
      LIMIT 1
      FOR UPDATE SKIP LOCKED)
    RETURNING r."id", r."extractor", r."attempts"`;
  return rows[0] ?? null;
}

/** Records that `workerId` is still working on the run; false when the run is no longer its own. */
export async function beatRun({ db, runId, workerId }: { db: Db; runId: string; workerId: string }) {
  const count = await db.$executeRaw`
    UPDATE "ExtractionRun" SET "heartbeatAt" = ${NOW}
    WHERE "id" = ${runId} AND "claimedBy" = ${workerId} AND "status" = 'running'`;
  return count > 0;
}

/**
 * Inside the transaction that saves a chunk: locks the run's row, proves `workerId` still holds it (else
 * RunClaimLostError, and the transaction rolls back) and beats. Returns whether the chunk was already saved,
 * so a chunk's candidates and its log entry are written once, together.
 */
export async function lockClaimedRunForChunk({
  tx,
  runId,
  workerId,
  chunkIndex,
}: {
  tx: Tx;
  runId: string;
  workerId: string;
  chunkIndex: number;
}): Promise<{ alreadySaved: boolean }> {
  // Asked in SQL: returning the log, which grows by a chunk's entry each time, made a run quadratic in its chunks
  // (a 5 MB transcript has ~440). A log that is not an array contains nothing, as a parse of it would read it.
  const saved = JSON.stringify([{ index: chunkIndex, status: "succeeded" }]);
  const rows = await tx.$queryRaw<{ alreadySaved: boolean }[]>`
    UPDATE "ExtractionRun" SET "heartbeatAt" = ${NOW}
    WHERE "id" = ${runId} AND "claimedBy" = ${workerId} AND "status" = 'running'
    RETURNING coalesce("chunkLog" @> ${saved}::jsonb, false) AS "alreadySaved"`;
  const row = rows[0];
  if (!row) throw new RunClaimLostError(runId);
  return { alreadySaved: row.alreadySaved };
}

/**
 * Runs this process left running are queued again, to be resumed. Only for a database this process owns
 * (PGlite behind its directory lock): on a shared PostgreSQL a running run may belong to a live instance,
 * and is reclaimed only once its heartbeat goes stale.
 */
export async function requeueOrphanedRuns({ db }: { db: Db }): Promise<number> {
  const result = await db.extractionRun.updateMany({
    where: { status: "running" },
    data: { status: "queued", claimedBy: null, heartbeatAt: null },
  });
  return result.count;
}

/**
 * Hands the runs a stopping worker holds back to the queue, for another instance (or the next start) to
 * resume at once. A stop is not a crash, so the claim's attempt is given back.
 */
export async function releaseRuns({ db, workerId }: { db: Db; workerId: string }): Promise<number> {
  const result = await db.extractionRun.updateMany({
    where: { claimedBy: workerId, status: "running" },
    data: { status: "queued", claimedBy: null, heartbeatAt: null, attempts: { decrement: 1 } },
  });
  return result.count;
}
