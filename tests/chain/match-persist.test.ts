import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DedupedChunk } from "@/lib/chain/dedupe";
import type { ChunkOutcome } from "@/lib/chain/extract";
import { gateChunks, type GatedChunk } from "@/lib/chain/gate";
import { matchChunks } from "@/lib/chain/match";
import { DEFAULT_SPACE_ID } from "@/lib/spaces/schema";
import { persistChunks } from "@/lib/chain/persist";
import { claimRun, RunClaimLostError } from "@/lib/db/run-claims";
import { getRunProgress } from "@/lib/db/runs";
import type { Candidate } from "@/lib/extraction/schema";
import { scorePairs, type PairScorer } from "@/lib/matcher/match-candidate";
import { createTestDb, truncateAll, type TestDb } from "@/tests/db";
import { addFact, candidate } from "@/tests/review/fixtures";
import { createPastedRun } from "@/tests/runs";

/** The chain's two database stages, fed by hand: match (retrieval and the matcher) and persist (the store). */
let db: TestDb;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(async () => db?.close());
beforeEach(async () => truncateAll(db.prisma));

const outcome = (index: number): ChunkOutcome => ({
  index,
  status: "succeeded",
  factCount: 0,
  attempts: 1,
  ms: 3,
  usage: { inputTokens: 0, outputTokens: 0 },
  refused: [],
});

async function* chunksOf(...batches: Candidate[][]): AsyncGenerator<DedupedChunk> {
  for (const [index, candidates] of batches.entries()) yield { outcome: outcome(index), candidates, repeats: 0 };
}

async function claimedRun() {
  const { run } = await createPastedRun({ db: db.prisma, text: "Priya: notes from the sync" });
  await claimRun({ db: db.prisma, workerId: "me", staleMs: 60_000, runId: run.id });
  return run.id;
}

describe("the match stage", () => {
  it("judges each chunk's candidates against the fact base and the chunk's earlier ones, ids given", async () => {
    const fact = await addFact(db.prisma, "The team will ship offline mode by end of Q3.");
    const out = [];
    for await (const chunk of matchChunks(
      chunksOf([
        candidate("The team will ship offline mode by end of Q3."),
        candidate("Alice will present the pricing page to the board in April."),
        candidate("Alice will present the pricing page to the board in April!"),
      ]),
      { db: db.prisma, spaceId: DEFAULT_SPACE_ID },
    )) {
      out.push(chunk);
    }
    const [repeat, first, again] = out[0]!.candidates;
    expect(repeat?.match).toMatchObject({ verdict: "duplicate", matches: [{ factId: fact.id }] });
    expect(first?.match.verdict).toBe("new");
    // The third repeats the second, saved under the id the stage gave it: it joins that one's cluster.
    expect(again?.match.matches[0]).toMatchObject({ candidateId: first?.id, verdict: "duplicate" });
    expect(again?.clusterId).toBe(first?.id);
    expect(new Set(out[0]!.candidates.map((c) => c.id)).size).toBe(3);
  });

  it("sends each candidate's lexical stage to the scorer it is given (the matcher thread): same verdicts", async () => {
    await addFact(db.prisma, "The team will ship offline mode by end of Q3.");
    const batch = [
      candidate("Offline mode must be shipped by the end of Q3."),
      candidate("Alice will present the pricing page to the board in April."),
      candidate("Alice will present the pricing page to the board in April!"),
      candidate("Bob owns the migration runbook."),
    ];
    const judge = async (scorer?: PairScorer) => {
      const out = [];
      for await (const chunk of matchChunks(chunksOf(batch), { db: db.prisma, spaceId: DEFAULT_SPACE_ID, scorer }))
        out.push(...chunk.candidates);
      // Each run names the batch's candidates afresh: a match names its candidate by place in the batch.
      const place = new Map(out.map((c, i) => [c.id, i]));
      return out.map(({ match }) => ({
        ...match,
        matches: match.matches.map((m) => ({ ...m, candidateId: m.candidateId && place.get(m.candidateId) })),
      }));
    };
    const asked: string[] = [];
    let calls = 0;
    const scorer: PairScorer = async (requests) => {
      calls++;
      asked.push(...requests.map((r) => r.candidate));
      return requests.map(scorePairs);
    };
    const here = await judge();
    expect(await judge(scorer)).toEqual(here);
    // The batch in one request, each candidate once, in order.
    expect(asked).toEqual(batch.map((c) => c.content));
    expect(calls).toBe(1);
    expect(here.map((m) => m.verdict)).toEqual(["duplicate", "new", "duplicate", "new"]);
  });
});

describe("the persist stage", () => {
  it("stores each chunk with its verdicts, gates and log entry, approving what the gate approved", async () => {
    const runId = await claimedRun();
    const gated = gateChunks(
      matchChunks(
        chunksOf(
          [candidate("We decided to ship offline mode by Q3.", { confidence: 0.95 })],
          [candidate("Maybe the budget is forty thousand.", { confidence: 0.4 })],
        ),
        { db: db.prisma, spaceId: DEFAULT_SPACE_ID },
      ),
      { policy: { autoApprove: { enabled: true, minConfidence: 0.9 } } },
    );
    const persisted = await persistChunks(gated, { db: db.prisma, runId, workerId: "me", pace: false });
    expect(persisted.outcomes.map((o) => o.index)).toEqual([0, 1]);
    const rows = await db.prisma.candidate.findMany({ where: { runId }, orderBy: { chunkIndex: "asc" } });
    expect(rows.map((r) => [r.chunkIndex, r.status, r.verdict])).toEqual([
      [0, "approved", "new"],
      [1, "gated", "new"],
    ]);
    expect(rows[1]?.gateReason).toContain("Low confidence (0.40 < 0.70)");
    expect(await db.prisma.fact.count()).toBe(1);
    const log = (await getRunProgress({ db: db.prisma, runId }))?.chunkLog;
    expect(log?.map((e) => [e.index, e.candidates])).toEqual([
      [0, 1],
      [1, 1],
    ]);
  });

  it("a worker that lost its claim stores nothing, and the stages above stop pulling chunks", async () => {
    const runId = await claimedRun();
    let pulled = 0;
    async function* stream(): AsyncGenerator<GatedChunk> {
      for (const index of [0, 1, 2]) {
        pulled++;
        yield { outcome: outcome(index), candidates: [], repeats: 0, began: 0 };
      }
    }
    await db.prisma.extractionRun.update({ where: { id: runId }, data: { claimedBy: "someone else" } });
    await expect(persistChunks(stream(), { db: db.prisma, runId, workerId: "me", pace: false })).rejects.toBeInstanceOf(
      RunClaimLostError,
    );
    expect(pulled).toBe(1);
    expect((await getRunProgress({ db: db.prisma, runId }))?.chunkLog).toEqual([]);
  });

  it("a chunk the log already holds is not stored again", async () => {
    const runId = await claimedRun();
    const once = () =>
      gateChunks(
        matchChunks(chunksOf([candidate("Marcus owns the billing migration.")]), {
          db: db.prisma,
          spaceId: DEFAULT_SPACE_ID,
        }),
        {},
      );
    await persistChunks(once(), { db: db.prisma, runId, workerId: "me", pace: false });
    await persistChunks(once(), { db: db.prisma, runId, workerId: "me", pace: false });
    expect(await db.prisma.candidate.count({ where: { runId } })).toBe(1);
    expect((await getRunProgress({ db: db.prisma, runId }))?.chunkLog).toHaveLength(1);
  });
});
