import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { beatRun, claimRun, requeueOrphanedRuns, RunClaimLostError } from "@/lib/db/run-claims";
import { claimRunForRetry, getRunProgress } from "@/lib/db/runs";
import { AppError } from "@/lib/errors";
import { createOfflineExtractor } from "@/lib/extraction/offline";
import type { Extractor } from "@/lib/extraction/types";
import { executeClaimedRun, executeExtractionRun } from "@/lib/jobs/extraction";
import { startRunWorker } from "@/lib/jobs/run-worker";
import { getEnv } from "@/lib/env";
import { createTestDb, truncateAll, type TestDb } from "@/tests/db";
import { longTranscript } from "@/tests/long-transcript";
import { createPastedRun } from "@/tests/runs";

// Small chunks, so the transcript spans a dozen; a short stale period, so the worker loop ticks fast.
process.env.SIFT_CHUNK_TOKENS = "150";
process.env.SIFT_LLM_CONCURRENCY = "2";
process.env.SIFT_RUN_STALE_MS = "600";
process.env.SIFT_RUN_MAX_ATTEMPTS = "3";

const TEXT = longTranscript(80);
const offline = createOfflineExtractor();

let db: TestDb;
let cleanCount = 0;
let cleanContents: string[] = [];
beforeAll(async () => {
  db = await createTestDb();
  // The reference: the same transcript extracted in one uninterrupted run.
  const { run } = await newRun();
  await executeExtractionRun({ db: db.prisma, runId: run.id, extractor: offline });
  expect((await getRunProgress({ db: db.prisma, runId: run.id }))?.chunksTotal).toBeGreaterThan(6);
  cleanContents = await contentsOf(run.id);
  cleanCount = cleanContents.length;
});
afterAll(async () => db?.close());
beforeEach(async () => truncateAll(db.prisma));

function newRun() {
  return createPastedRun({ db: db.prisma, text: TEXT, title: "Planning" });
}

async function contentsOf(runId: string): Promise<string[]> {
  const rows = await db.prisma.candidate.findMany({ where: { runId }, select: { content: true, start: true } });
  return rows.map((c) => `${c.start}:${c.content}`).sort();
}

/** Every chunk of the run logged as succeeded exactly once, and as many as the run has. */
async function expectEveryChunkOnce(runId: string) {
  const progress = await getRunProgress({ db: db.prisma, runId });
  expect(progress?.status).toBe("succeeded");
  const succeeded = (progress?.chunkLog ?? []).filter((e) => e.status === "succeeded").map((e) => e.index);
  expect(succeeded.sort((a, b) => a - b)).toEqual([...Array(progress!.chunksTotal).keys()]);
  expect(progress?.chunksDone).toBe(progress?.chunksTotal);
}

/** An extractor that stops answering at one chunk, as a process does when it is killed there. */
function dyingAt(index: number) {
  const paused: (() => void)[] = [];
  let reached: () => void = () => undefined;
  const atDeath = new Promise<void>((resolve) => (reached = resolve));
  const extractor: Extractor = {
    ...offline,
    async extractChunk(input, chunk) {
      if (chunk.index < index) return offline.extractChunk(input, chunk);
      reached();
      await new Promise<void>((resolve) => paused.push(resolve));
      throw new AppError("MODEL_ERROR", "the process is gone");
    },
  };
  return { extractor, atDeath, wakeTheDead: () => paused.forEach((resume) => resume()) };
}

describe("extraction runs as jobs in the database", () => {
  it("gives a queued run to exactly one of many workers claiming it at once", async () => {
    const { run } = await newRun();
    const claims = await Promise.all(
      Array.from({ length: 8 }, (_, i) => claimRun({ db: db.prisma, workerId: `worker-${i}`, staleMs: 60_000 })),
    );
    const winners = claims.filter((c) => c !== null);
    expect(winners).toHaveLength(1);
    expect(winners[0]).toMatchObject({ id: run.id, attempts: 1 });
    const row = await db.prisma.extractionRun.findUniqueOrThrow({ where: { id: run.id } });
    expect(row).toMatchObject({ status: "running", attempts: 1 });
    expect(row.claimedBy).toMatch(/^worker-\d$/);
  });

  it("two instances racing for one run extract every chunk once, as many candidates as a clean run", async () => {
    const { run } = await newRun();
    await Promise.all(
      ["instance-a", "instance-b"].map(async (workerId) => {
        const claimed = await claimRun({ db: db.prisma, workerId, staleMs: 60_000 });
        if (claimed) await executeClaimedRun({ db: db.prisma, run: claimed, workerId, extractor: offline });
      }),
    );
    await expectEveryChunkOnce(run.id);
    expect(await contentsOf(run.id)).toEqual(cleanContents);
  });

  it("a run whose heartbeat went stale is claimed again, and its old worker can no longer beat", async () => {
    const { run } = await newRun();
    expect(await claimRun({ db: db.prisma, workerId: "a", staleMs: 60_000 })).toMatchObject({ attempts: 1 });
    expect(await claimRun({ db: db.prisma, workerId: "b", staleMs: 60_000 })).toBeNull();
    await db.prisma.extractionRun.update({
      where: { id: run.id },
      data: { heartbeatAt: new Date(Date.now() - 61_000) },
    });
    expect(await claimRun({ db: db.prisma, workerId: "b", staleMs: 60_000 })).toMatchObject({
      id: run.id,
      attempts: 2,
    });
    expect(await beatRun({ db: db.prisma, runId: run.id, workerId: "a" })).toBe(false);
    expect(await beatRun({ db: db.prisma, runId: run.id, workerId: "b" })).toBe(true);
  });

  it("a run whose worker died mid-way is finished by another, saving only the missing chunks", async () => {
    const { run } = await newRun();
    const dying = dyingAt(4);
    const first = await claimRun({ db: db.prisma, workerId: "paused", staleMs: 60_000 });
    const running = executeClaimedRun({ db: db.prisma, run: first!, workerId: "paused", extractor: dying.extractor });
    await dying.atDeath;
    // The chunks before the one it died at are saved (the last of them may still be committing).
    await expect
      .poll(async () => (await getRunProgress({ db: db.prisma, runId: run.id }))?.chunkLog?.map((e) => e.index).sort())
      .toEqual([0, 1, 2, 3]);
    // While it beats, nobody else may take it.
    expect(await claimRun({ db: db.prisma, workerId: "survivor", staleMs: 60_000 })).toBeNull();

    // What a SIGKILL leaves: the claim of a process that never beats again. (The stand-in above is only
    // paused, so its claim is renamed: like a dead process, it must never write for this run again.)
    await db.prisma.extractionRun.update({
      where: { id: run.id },
      data: { claimedBy: "killed-process", heartbeatAt: new Date(Date.now() - 120_000) },
    });
    const second = await claimRun({ db: db.prisma, workerId: "survivor", staleMs: 60_000 });
    expect(second).toMatchObject({ id: run.id, attempts: 2 });
    dying.wakeTheDead();
    await running;

    await executeClaimedRun({ db: db.prisma, run: second!, workerId: "survivor", extractor: offline });
    await expectEveryChunkOnce(run.id);
    expect(await contentsOf(run.id)).toEqual(cleanContents);
    const row = await db.prisma.extractionRun.findUniqueOrThrow({ where: { id: run.id } });
    expect(row).toMatchObject({ claimedBy: null, heartbeatAt: null });
  });

  it("a worker that lost its claim cannot save a chunk", async () => {
    const { run } = await newRun();
    await claimRun({ db: db.prisma, workerId: "new-owner", staleMs: 60_000 });
    const { withTransaction } = await import("@/lib/db/types");
    const { lockClaimedRunForChunk } = await import("@/lib/db/run-claims");
    await expect(
      withTransaction(db.prisma, (tx) => lockClaimedRunForChunk({ tx, runId: run.id, workerId: "old", chunkIndex: 0 })),
    ).rejects.toBeInstanceOf(RunClaimLostError);
  });

  it("after a restart on the embedded database, orphaned runs are queued and resumed as a clean run", async () => {
    const { run } = await newRun();
    const dying = dyingAt(6);
    const first = await claimRun({ db: db.prisma, workerId: "killed", staleMs: 60_000 });
    void executeClaimedRun({ db: db.prisma, run: first!, workerId: "killed", extractor: dying.extractor });
    await dying.atDeath;

    expect(await requeueOrphanedRuns({ db: db.prisma })).toBe(1);
    const worker = startRunWorker({ db: db.prisma, env: getEnv() });
    try {
      await expect
        .poll(async () => (await getRunProgress({ db: db.prisma, runId: run.id }))?.status, { timeout: 30_000 })
        .toBe("succeeded");
    } finally {
      await worker.stop();
      dying.wakeTheDead();
    }
    await expectEveryChunkOnce(run.id);
    expect(await contentsOf(run.id)).toEqual(cleanContents);
  });

  it("Retry of a partial run runs only the failed chunks and ends with a clean run's candidates", async () => {
    let failedOnce = false;
    const flaky: Extractor = {
      ...offline,
      async extractChunk(input, chunk) {
        if (chunk.index === 5 && !failedOnce) {
          failedOnce = true;
          throw new AppError("MODEL_ERROR", "The model timed out after 60 s");
        }
        return offline.extractChunk(input, chunk);
      },
    };
    const { run } = await newRun();
    await executeExtractionRun({ db: db.prisma, runId: run.id, extractor: flaky });
    expect((await getRunProgress({ db: db.prisma, runId: run.id }))?.status).toBe("partial");
    await claimRunForRetry({ db: db.prisma, runId: run.id });
    await executeExtractionRun({ db: db.prisma, runId: run.id, extractor: flaky });
    const progress = await getRunProgress({ db: db.prisma, runId: run.id });
    expect(progress).toMatchObject({ status: "succeeded", chunksFailed: 0 });
    expect(progress?.chunksDone).toBe(progress?.chunksTotal);
    expect(await contentsOf(run.id)).toEqual(cleanContents);
    expect(cleanCount).toBeGreaterThan(10);
  });

  it("a run that keeps stopping its server ends failed after the last attempt instead of looping", async () => {
    const { run } = await newRun();
    await db.prisma.extractionRun.update({
      where: { id: run.id },
      data: { status: "running", attempts: 3, claimedBy: "crashed", heartbeatAt: new Date(Date.now() - 120_000) },
    });
    const claimed = await claimRun({ db: db.prisma, workerId: "next", staleMs: 60_000 });
    await executeClaimedRun({ db: db.prisma, run: claimed!, workerId: "next", extractor: offline });
    const progress = await getRunProgress({ db: db.prisma, runId: run.id });
    expect(progress?.status).toBe("failed");
    expect(progress?.error).toBe(
      "Given up after 3 attempts: the server stopped during each of them. " +
        "What was extracted is kept; Retry to try once more.",
    );
    // Retry is a person's choice: it starts the count again.
    await claimRunForRetry({ db: db.prisma, runId: run.id });
    await executeExtractionRun({ db: db.prisma, runId: run.id, extractor: offline });
    expect((await getRunProgress({ db: db.prisma, runId: run.id }))?.status).toBe("succeeded");
  });
  it("a worker that stops hands its runs back to the queue at once, without counting an attempt", async () => {
    const { run } = await newRun();
    const { processWorkerId } = await import("@/lib/jobs/run-claim-context");
    // Claimed by this process, as an ingest would, then the server is told to stop.
    await claimRun({ db: db.prisma, workerId: processWorkerId(), staleMs: 60_000 });
    const worker = startRunWorker({ db: db.prisma, env: getEnv() });
    await worker.stop();
    const row = await db.prisma.extractionRun.findUniqueOrThrow({ where: { id: run.id } });
    expect(row).toMatchObject({ status: "queued", claimedBy: null, attempts: 0 });
    expect(await claimRun({ db: db.prisma, workerId: "other-instance", staleMs: 60_000 })).toMatchObject({
      id: run.id,
    });
  });
});
