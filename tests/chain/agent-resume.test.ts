import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { proposeFacts } from "@/lib/api/runs";
import { ProposeFactsSchema } from "@/lib/api/schemas";
import { RunPayloadSchema } from "@/lib/chain/payload";
import { claimRun, requeueOrphanedRuns } from "@/lib/db/run-claims";
import { getRunProgress } from "@/lib/db/runs";
import { getEnv } from "@/lib/env";
import { AppError } from "@/lib/errors";
import type { Extractor } from "@/lib/extraction/types";
import { executeClaimedRun } from "@/lib/jobs/extraction";
import { startRunWorker } from "@/lib/jobs/run-worker";
import { extractorForRun } from "@/lib/models";
import { createTestDb, truncateAll, type TestDb } from "@/tests/db";
import { longTranscript } from "@/tests/long-transcript";
import { DEFAULT_SPACE_ID } from "@/lib/spaces/schema";

// Small chunks, so the agent's transcript spans several; a short stale period, so the worker ticks fast.
process.env.SIFT_CHUNK_TOKENS = "150";
process.env.SIFT_RUN_STALE_MS = "600";

/**
 * An agent's proposal run (MCP propose_facts, lib/api/runs.ts) whose server died: the facts live in the run's
 * payload, so whichever worker resumes it proposes them, once. Before payloads they lived in the server's
 * memory and a resumed run was rebuilt with the offline extractor: it ended "succeeded" with none of them.
 */
const TEXT = longTranscript(60);
const FACTS = [
  { content: "Priya owns the billing migration.", kind: "decision", confidence: 0.8, quote: TEXT.split("\n")[2]! },
  { content: "The checkout freeze starts on Monday.", kind: "decision", confidence: 0.9 },
  { content: "Audit logs are kept for 18 months.", kind: "constraint", confidence: 0.7 },
];

let db: TestDb;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(async () => db?.close());
beforeEach(async () => truncateAll(db.prisma));

/** Proposed as the API does; `after` never runs its task, as when the server is killed right after answering. */
async function propose(text?: string) {
  const started = await proposeFacts({
    db: db.prisma,
    spaceId: DEFAULT_SPACE_ID,
    env: getEnv(),
    input: ProposeFactsSchema.parse({ facts: FACTS, ...(text ? { text } : {}) }),
    runInBackground: () => undefined,
    reviewerId: "local",
  });
  return started.runId;
}

async function resumeWithTheWorker(runId: string) {
  const worker = startRunWorker({ db: db.prisma, env: getEnv() });
  try {
    await expect
      .poll(async () => (await getRunProgress({ db: db.prisma, runId }))?.status, { timeout: 30_000 })
      .toBe("succeeded");
  } finally {
    await worker.stop();
  }
}

async function contentsOf(runId: string) {
  const rows = await db.prisma.candidate.findMany({ where: { runId }, select: { content: true, status: true } });
  return rows.map((r) => r.content).sort();
}

describe("an agent's proposal run, resumed after its server died", () => {
  it("stores the agent's facts on the run's row", async () => {
    const runId = await propose(TEXT);
    const row = await db.prisma.extractionRun.findUniqueOrThrow({ where: { id: runId } });
    const payload = RunPayloadSchema.parse(row.payload);
    expect(payload).toMatchObject({ extractor: { mode: "agent" }, input: { kind: "agent_facts" } });
    expect(payload.input.kind === "agent_facts" ? payload.input.facts.map((f) => f.content) : []).toEqual(
      FACTS.map((f) => f.content),
    );
    expect(row.extractor).toBe("agent");
  });

  it("killed before the run started: a worker runs it and yields the agent's facts, once", async () => {
    const runId = await propose();
    await resumeWithTheWorker(runId);
    expect(await contentsOf(runId)).toEqual(FACTS.map((f) => f.content).sort());
  });

  it("killed after its first chunk was stored: the resumed run adds nothing twice and nothing of its own", async () => {
    const runId = await propose(TEXT);
    const claimed = await claimRun({ db: db.prisma, workerId: "killed", staleMs: 60_000, runId });
    const row = await db.prisma.extractionRun.findUniqueOrThrow({ where: { id: runId } });
    const agent = extractorForRun({ env: getEnv(), payload: RunPayloadSchema.parse(row.payload), offThread: false });
    // The process dies in chunk 1: the chunk-0 transaction (every proposed fact) has committed.
    let reached: () => void = () => undefined;
    const atDeath = new Promise<void>((resolve) => (reached = resolve));
    const paused: (() => void)[] = [];
    const dying: Extractor = {
      ...agent,
      async extractChunk(input, chunk) {
        if (chunk.index === 0) return agent.extractChunk(input, chunk);
        reached();
        await new Promise<void>((resolve) => paused.push(resolve));
        throw new AppError("MODEL_ERROR", "the process is gone");
      },
    };
    const killed = executeClaimedRun({ db: db.prisma, run: claimed!, workerId: "killed", extractor: dying });
    await atDeath;
    await expect.poll(async () => (await getRunProgress({ db: db.prisma, runId }))?.chunksDone).toBe(1);
    expect((await getRunProgress({ db: db.prisma, runId }))?.chunksTotal).toBeGreaterThan(2);

    // What a restart does on PGlite (and a stale heartbeat on a shared PostgreSQL): queue it again.
    await db.prisma.extractionRun.update({ where: { id: runId }, data: { claimedBy: "killed-process" } });
    expect(await requeueOrphanedRuns({ db: db.prisma })).toBe(1);
    await resumeWithTheWorker(runId);
    expect(await contentsOf(runId)).toEqual(FACTS.map((f) => f.content).sort());
    // The stand-in for the dead process wakes up: having lost its claim, it writes nothing.
    paused.forEach((wake) => wake());
    await killed;
    expect(await contentsOf(runId)).toEqual(FACTS.map((f) => f.content).sort());
    expect((await getRunProgress({ db: db.prisma, runId }))?.status).toBe("succeeded");
  });
});
