import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { saveCandidates } from "@/lib/db/candidates";
import { listQueueUnitIds } from "@/lib/db/review-queue";
import { approveAndRejudge, decideSelection } from "@/lib/jobs/decisions";
import { reviewCandidates } from "@/lib/jobs/review-candidates";
import { QueueQuerySchema } from "@/lib/queue/schema";
import { createTestDb, truncateAll, type TestDb } from "@/tests/db";
import { candidate, createSourceWithRun } from "@/tests/review/fixtures";
import { DEFAULT_SPACE_ID } from "@/lib/spaces/schema";

let db: TestDb;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(async () => db?.close());
beforeEach(async () => truncateAll(db.prisma));

const reviewerId = "local";

async function extract(texts: string[], extra: Parameters<typeof candidate>[1] = {}): Promise<string[]> {
  const { runId } = await createSourceWithRun(db.prisma);
  const candidates = texts.map((t) => candidate(t, extra));
  const reviews = await reviewCandidates({ spaceId: DEFAULT_SPACE_ID, db: db.prisma, candidates });
  await saveCandidates({ db: db.prisma, runId, chunkIndex: 0, candidates, reviews });
  return reviews.map((r) => r.id as string);
}
const statuses = async (ids: string[]) =>
  (await db.prisma.candidate.findMany({ where: { id: { in: ids } }, orderBy: { content: "asc" } })).map(
    (c) => c.status,
  );

describe("deciding a selection", () => {
  it("approves every card with its cluster, and leaves gated ones for a look", async () => {
    const [a, b] = await extract(["Omar owns the status page.", "Kenji owns the audit log."]);
    const [twin] = await extract(["Omar owns the status page."]);
    const [doubtful] = await extract(["Maybe we ship in May."], { confidence: 0.4 });
    expect((await db.prisma.candidate.findUniqueOrThrow({ where: { id: doubtful! } })).status).toBe("gated");

    const result = await decideSelection({
      db: db.prisma,
      candidateIds: [a!, b!, doubtful!],
      action: "approve",
      reviewerId,
    });
    expect(result).toEqual({ decided: 2, leftGated: 1, skipped: [] });
    expect(await db.prisma.fact.count()).toBe(2);
    expect((await db.prisma.candidate.findUniqueOrThrow({ where: { id: twin! } })).status).toBe("merged");
    expect((await db.prisma.candidate.findUniqueOrThrow({ where: { id: doubtful! } })).status).toBe("gated");
  });

  it("decides the rest when one card was decided meanwhile, and reports that one", async () => {
    const [a, b, c] = await extract(["Lena leads QA.", "Priya leads design.", "Marcus leads billing."]);
    await approveAndRejudge({ db: db.prisma, candidateId: b!, reviewerId });
    const result = await decideSelection({ db: db.prisma, candidateIds: [a!, b!, c!], action: "reject", reviewerId });
    expect(result).toMatchObject({ decided: 2, skipped: [{ candidateId: b, code: "CONFLICT" }] });
    expect(await statuses([a!, c!])).toEqual(["rejected", "rejected"]);
  });

  it("'select all matching the filter' reaches every page of the view", async () => {
    const texts = Array.from({ length: 60 }, (_, i) => `Checklist item ${i + 1} is done for the March audit.`);
    await extract(texts);
    await extract(["The roadmap moves to Notion."]);
    const view = QueueQuerySchema.parse({ q: "March audit", size: 25 });
    const ids = await listQueueUnitIds({ db: db.prisma, query: view, limit: 2_001 });
    expect(ids).toHaveLength(60);
    await decideSelection({ db: db.prisma, candidateIds: ids.map((r) => r.id), action: "reject", reviewerId });
    expect(await db.prisma.candidate.count({ where: { status: "rejected" } })).toBe(60);
    expect(await db.prisma.candidate.count({ where: { status: "pending" } })).toBe(1);
  });
});
