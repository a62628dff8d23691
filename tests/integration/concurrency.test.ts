import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_REVIEWER_ID } from "@/lib/db/client";
import { approveCandidate } from "@/lib/facts/decide";
import { approveAndRejudge, decideSelection, editAndRejudge, setFactArchivedAndRejudge } from "@/lib/jobs/decisions";
import { createTestDb, truncateAll, type TestDb } from "@/tests/db";
import { seedCandidates } from "@/tests/integration/helpers";

// Many reviewers, one thing: every race ends in exactly one decision, and the losers are told who won.

let db: TestDb;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(async () => db?.close());
beforeEach(async () => truncateAll(db.prisma));

const reviewerId = DEFAULT_REVIEWER_ID;
const settle = <T>(tasks: Array<() => Promise<T>>) => Promise.allSettled(tasks.map((t) => t()));
const reasons = (results: PromiseSettledResult<unknown>[]) =>
  results.flatMap((r) => (r.status === "rejected" ? [r.reason as { code: string; message: string }] : []));

describe("concurrent decisions", () => {
  it("50 approvals of one candidate at once make exactly one fact; 49 hear it was already approved", async () => {
    const { candidates } = await seedCandidates(db.prisma, [{ content: "The Lisbon office opens in April" }]);
    const id = candidates[0]!.id;
    const results = await settle(
      Array.from({ length: 50 }, () => () => approveAndRejudge({ db: db.prisma, candidateId: id, reviewerId })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const lost = reasons(results);
    expect(lost).toHaveLength(49);
    for (const e of lost) {
      expect(e).toMatchObject({ code: "CONFLICT", message: "This candidate was already approved by Local reviewer." });
    }
    expect(await db.prisma.fact.count()).toBe(1);
    expect(await db.prisma.factProvenance.count()).toBe(1);
    expect(await db.prisma.factRevision.count()).toBe(1);
    expect(await db.prisma.candidateEvent.count({ where: { candidateId: id } })).toBe(1);
  });

  it("20 edits of one fact from one version: one wins, the rest get a conflict naming its text", async () => {
    const { candidates } = await seedCandidates(db.prisma, [{ content: "The Lisbon office has 40 desks" }]);
    const fact = await approveCandidate({ db: db.prisma, candidateId: candidates[0]!.id, reviewerId });
    const results = await settle(
      Array.from(
        { length: 20 },
        (_, i) => () =>
          editAndRejudge({
            db: db.prisma,
            factId: fact.id,
            expectedVersion: 1,
            edits: { content: `The Lisbon office has ${41 + i} desks` },
            reviewerId,
          }),
      ),
    );
    const won = results.flatMap((r) => (r.status === "fulfilled" ? [r.value.fact.content] : []));
    expect(won).toHaveLength(1);
    const lost = reasons(results);
    expect(lost).toHaveLength(19);
    for (const e of lost) expect(e).toMatchObject({ code: "CONFLICT", message: expect.stringContaining(won[0]!) });
    const stored = await db.prisma.fact.findUniqueOrThrow({ where: { id: fact.id } });
    expect([stored.content, stored.version]).toEqual([won[0], 2]);
    expect(await db.prisma.factRevision.count({ where: { factId: fact.id } })).toBe(2);
  });

  it("an archive racing an edit: one of them happens, never both on the same version", async () => {
    const { candidates } = await seedCandidates(db.prisma, [{ content: "Badges are needed after 7 pm" }]);
    const fact = await approveCandidate({ db: db.prisma, candidateId: candidates[0]!.id, reviewerId });
    const results = await settle<unknown>([
      () =>
        setFactArchivedAndRejudge({ db: db.prisma, factId: fact.id, expectedVersion: 1, archived: true, reviewerId }),
      () =>
        editAndRejudge({
          db: db.prisma,
          factId: fact.id,
          expectedVersion: 1,
          edits: { content: "Badges are needed after 8 pm" },
          reviewerId,
        }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const stored = await db.prisma.fact.findUniqueOrThrow({ where: { id: fact.id } });
    expect(stored.version).toBe(2);
    expect(await db.prisma.factRevision.count({ where: { factId: fact.id } })).toBe(2);
  });

  it("a bulk approval racing a single one: each card is approved once, the bulk reports the one it lost", async () => {
    const { candidates } = await seedCandidates(db.prisma, [
      { content: "The Porto office opens in May" },
      { content: "The Porto office has a rooftop" },
      { content: "The Porto office lease runs five years" },
    ]);
    const ids = candidates.map((c) => c.id);
    const results = await settle<{ skipped: Array<{ candidateId: string }> } | unknown>([
      () => decideSelection({ db: db.prisma, candidateIds: ids, action: "approve", reviewerId }),
      () => approveCandidate({ db: db.prisma, candidateId: ids[2]!, reviewerId }),
    ]);
    // Three facts whoever wins the contested card: never a card approved twice, never one left behind.
    expect(await db.prisma.fact.count()).toBe(3);
    expect(await db.prisma.candidate.count({ where: { id: { in: ids }, status: "approved" } })).toBe(3);
    const bulk = results[0];
    expect(bulk?.status).toBe("fulfilled");
    const skipped = bulk?.status === "fulfilled" ? (bulk.value as { skipped: unknown[] }).skipped : [];
    expect(skipped.length + (results[1]?.status === "fulfilled" ? 0 : 1)).toBe(1);
  });
});
