import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { saveCandidates } from "@/lib/db/candidates";
import { listQueueFacets } from "@/lib/db/queue-facets";
import { listQueuePage, whereOf } from "@/lib/db/review-queue";
import { reviewCandidates } from "@/lib/jobs/review-candidates";
import { foldsTail, QueueQuerySchema, type QueueQuery } from "@/lib/queue/schema";
import { createTestDb, truncateAll, type TestDb } from "@/tests/db";
import { candidate, createSourceWithRun } from "@/tests/review/fixtures";
import { DEFAULT_SPACE_ID } from "@/lib/spaces/schema";

// The queue's filters: each value shown with how many cards it would leave, and each filter honoured.

let db: TestDb;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(async () => db?.close());

let sources: { a: string; b: string };
beforeEach(async () => {
  await truncateAll(db.prisma);
  const a = await createSourceWithRun(db.prisma);
  const b = await createSourceWithRun(db.prisma);
  sources = { a: a.sourceId, b: b.sourceId };
  const save = async (runId: string, list: ReturnType<typeof candidate>[]) => {
    const reviews = await reviewCandidates({ spaceId: DEFAULT_SPACE_ID, db: db.prisma, candidates: list });
    await saveCandidates({ db: db.prisma, runId, chunkIndex: 0, candidates: list, reviews });
  };
  await save(a.runId, [
    candidate("The launch budget is 40,000 dollars.", { speaker: "Priya", confidence: 0.9 }),
    candidate("Kenji owns the audit log.", { speaker: "Priya", confidence: 0.95 }),
    candidate("We might move the offsite to Lisbon.", { speaker: "Marcus", confidence: 0.5 }),
  ]);
  await save(b.runId, [candidate("The launch budget is 50,000 dollars.", { speaker: "Lena", confidence: 0.9 })]);
  // Whom cards are about (their source's subject in an agent's space): Alice's source, and one card about Bob.
  await db.prisma.candidate.updateMany({ where: { runId: b.runId }, data: { subject: "alice" } });
  await db.prisma.candidate.updateMany({ where: { content: { startsWith: "We might" } }, data: { subject: "bob" } });
});

const query = (q: Partial<Record<keyof QueueQuery, string>>) => QueueQuerySchema.parse(q);
const contents = async (q: Partial<Record<keyof QueueQuery, string>>) =>
  (await listQueuePage({ db: db.prisma, query: query(q) })).units.map((u) => u.content).sort();

describe("the queue's filters", () => {
  it("counts each gate reason, speaker and source under the other filters", async () => {
    const facets = await listQueueFacets({ db: db.prisma, query: query({}) });
    expect(facets.gate).toEqual({
      "low-confidence": 1,
      unsupported: 0,
      contradiction: 1,
      invisible: 0,
      lookalike: 0,
      instruction: 0,
      secret: 0,
      "rejected-before": 0,
    });
    expect(facets.speaker).toEqual([
      { speaker: "Priya", count: 2 },
      { speaker: expect.any(String), count: 1 },
      { speaker: expect.any(String), count: 1 },
    ]);
    expect(facets.source.map((s) => [s.id, s.count])).toEqual([
      [sources.a, 3],
      [sources.b, 1],
    ]);
    // A chosen speaker narrows the other counts, never its own.
    const priya = await listQueueFacets({ db: db.prisma, query: query({ speaker: "Priya" }) });
    expect(priya.speaker.map((s) => s.speaker).sort()).toEqual(["Lena", "Marcus", "Priya"]);
    expect(priya.source).toEqual([expect.objectContaining({ id: sources.a, count: 2 })]);
    expect(facets.subject).toEqual([
      { subject: "alice", count: 1 },
      { subject: "bob", count: 1 },
    ]);
    // A chosen subject narrows the speakers, never the other subjects.
    const bob = await listQueueFacets({ db: db.prisma, query: query({ subject: "bob" }) });
    expect(bob.subject.map((s) => s.subject)).toEqual(["alice", "bob"]);
    expect(bob.speaker).toEqual([{ speaker: "Marcus", count: 1 }]);
  });

  it("counts, for every value and under every other filter, the cards that value's filter leaves", async () => {
    const views: Array<Partial<Record<keyof QueueQuery, string>>> = [
      {},
      { speaker: "priya" },
      { source: sources.b },
      { q: "launch budget" },
      { min: "0.6" },
      { gate: "contradiction" },
      { kind: "decision", verdict: "new" },
      { subject: "alice" },
      { subject: "bob", speaker: "marcus" },
    ];
    for (const view of [...views, { status: "gated" }, { status: "pending", kind: "fact" }]) {
      const facets = await listQueueFacets({ db: db.prisma, query: query(view) });
      // The reference: the queue's own conditions (whereOf, through Prisma), not the statement under test.
      const total = async (extra: Partial<Record<keyof QueueQuery, string | undefined>>) =>
        db.prisma.candidate.count({ where: whereOf(query({ ...view, ...extra })) });
      expect(facets.total).toBe(await total({}));
      expect(facets.counts.pending).toBe(await total({ status: "pending" }));
      expect(facets.counts.gated).toBe(await total({ status: "gated" }));
      for (const [gate, count] of Object.entries(facets.gate)) expect(count).toBe(await total({ gate }));
      for (const s of facets.speaker) expect(s.count).toBe(await total({ speaker: s.speaker }));
      for (const s of facets.subject) expect(s.count).toBe(await total({ subject: s.subject }));
      for (const s of facets.source) expect(s.count).toBe(await total({ source: s.id }));
      for (const [k, count] of Object.entries(facets.counts.kind)) expect(count).toBe(await total({ kind: k }));
      for (const [v, count] of Object.entries(facets.counts.verdict)) expect(count).toBe(await total({ verdict: v }));
      // Every kind and verdict with a card under the other filters is counted.
      const kinds = await db.prisma.candidate.groupBy({
        by: ["kind"],
        where: whereOf(query({ ...view, kind: undefined })),
      });
      expect(Object.keys(facets.counts.kind).sort()).toEqual(kinds.map((k) => k.kind).sort());
    }
  });

  it("keeps the cards gated for a reason, said by a speaker, from a source, or in a confidence range", async () => {
    expect(await contents({ gate: "contradiction" })).toEqual(["The launch budget is 50,000 dollars."]);
    expect(await contents({ gate: "low-confidence" })).toEqual(["We might move the offsite to Lisbon."]);
    expect(await contents({ speaker: "priya" })).toEqual([
      "Kenji owns the audit log.",
      "The launch budget is 40,000 dollars.",
    ]);
    expect(await contents({ source: sources.b })).toEqual(["The launch budget is 50,000 dollars."]);
    expect(await contents({ subject: "alice" })).toEqual(["The launch budget is 50,000 dollars."]);
    expect(await contents({ subject: "Alice" })).toEqual([]);
    expect(await contents({ min: "0.92" })).toEqual(["Kenji owns the audit log."]);
    expect(await contents({ max: "0.6" })).toEqual(["We might move the offsite to Lisbon."]);
  });

  it("shows a run's candidates that joined earlier cards: its link never opens an empty queue", async () => {
    const again = await createSourceWithRun(db.prisma);
    const repeat = [candidate("Kenji owns the audit log.", { speaker: "Priya", confidence: 0.95 })];
    const reviews = await reviewCandidates({ spaceId: DEFAULT_SPACE_ID, db: db.prisma, candidates: repeat });
    expect(reviews[0]?.clusterId).toBeTruthy();
    await saveCandidates({ db: db.prisma, runId: again.runId, chunkIndex: 0, candidates: repeat, reviews });
    const page = await listQueuePage({ db: db.prisma, query: query({ run: again.runId }) });
    expect(page.units.map((u) => u.content)).toEqual(["Kenji owns the audit log."]);
    expect(page.units[0]?.members.map((m) => m.source.id)).toEqual([again.sourceId]);
    expect(await contents({ source: again.sourceId })).toEqual(["Kenji owns the audit log."]);
  });
});

describe("the ranked first page, folded", () => {
  it("reads only its top cards, in the order the whole page has, and still counts every card", async () => {
    const whole = await listQueuePage({ db: db.prisma, query: query({}) });
    const top = await listQueuePage({ db: db.prisma, query: query({}), limit: 2 });
    expect(whole.units).toHaveLength(4);
    expect(top.units.map((u) => u.id)).toEqual(whole.units.slice(0, 2).map((u) => u.id));
    expect(top.total).toBe(4);
    expect(top.counts).toEqual(whole.counts);
  });

  it("keeps its tail open in the URL, and only the ranked first page folds", () => {
    expect(query({ tail: "open" }).tail).toBe("open");
    expect(query({ tail: "everything" }).tail).toBeUndefined();
    expect(foldsTail(query({}))).toBe(true);
    expect(foldsTail(query({ page: "2" }))).toBe(false);
    expect(foldsTail(query({ sort: "time" }))).toBe(false);
    expect(foldsTail(query({ dir: "asc" }))).toBe(false);
  });
});
