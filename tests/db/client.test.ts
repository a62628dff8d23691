import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_REVIEWER_ID, getDefaultReviewerId } from "@/lib/db/client";
import { createTestDb, truncateAll, type TestDb } from "@/tests/db";
import { testRunPayload } from "@/tests/runs";

// Runs on PGlite, or on PostgreSQL when TEST_DATABASE_URL is set (createTestDb picks).
describe(`Prisma on the test database (${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite"})`, () => {
  let db: TestDb;
  beforeAll(async () => {
    db = await createTestDb();
  });
  afterAll(async () => {
    await db?.close();
  });
  beforeEach(async () => {
    await truncateAll(db.prisma);
  });

  it("has the local reviewer, an admin with a stable id", async () => {
    expect(getDefaultReviewerId()).toBe(DEFAULT_REVIEWER_ID);
    const reviewer = await db.prisma.reviewer.findUniqueOrThrow({ where: { id: getDefaultReviewerId() } });
    expect(reviewer).toMatchObject({ name: "Local reviewer", role: "admin" });
  });

  it("writes and reads every model, following relations", async () => {
    const { prisma } = db;
    const source = await prisma.source.create({
      data: {
        title: "Weekly sync",
        origin: "paste",
        text: "Ana: We ship on Friday.",
        contentHash: "h1",
        segments: [{ speaker: "Ana", text: "We ship on Friday.", start: 5, end: 23 }],
        meetingDate: new Date("2026-03-02"),
        participants: ["Ana", "Ben"],
      },
    });
    const run = await prisma.extractionRun.create({
      data: {
        payload: testRunPayload(),
        sourceId: source.id,
        extractor: "offline",
        status: "succeeded",
        chunkLog: [{ index: 0, status: "ok" }],
      },
    });
    const candidate = await prisma.candidate.create({
      data: {
        runId: run.id,
        content: "The team ships on Friday.",
        kind: "decision",
        confidence: 0.9,
        importance: 0.7,
        temporal: "future",
        speaker: "Ana",
        quote: "We ship on Friday.",
        start: 5,
        end: 23,
        supported: true,
        verdict: "new",
        status: "approved",
        reviewerId: getDefaultReviewerId(),
      },
    });
    const fact = await prisma.fact.create({
      data: {
        content: candidate.content,
        contentHash: "f1",
        kind: "decision",
        confidence: 0.9,
        importance: 0.7,
        temporal: "future",
      },
    });
    const other = await prisma.fact.create({
      data: {
        content: "The team ships on Monday.",
        contentHash: "f2",
        kind: "decision",
        confidence: 0.5,
        importance: 0.5,
        temporal: "future",
      },
    });
    await prisma.factProvenance.create({
      data: {
        factId: fact.id,
        candidateId: candidate.id,
        sourceId: source.id,
        runId: run.id,
        quote: candidate.quote,
        start: 5,
        end: 23,
      },
    });
    await prisma.factRevision.create({
      data: {
        factId: fact.id,
        version: 1,
        action: "create",
        after: { content: fact.content },
        reviewerId: getDefaultReviewerId(),
      },
    });
    await prisma.factRelation.create({
      data: { fromFactId: other.id, toFactId: fact.id, type: "contradicts", score: 0.8 },
    });
    await prisma.setting.create({ data: { key: "thresholds", value: { duplicate: 0.9 } } });

    const read = await prisma.fact.findUniqueOrThrow({
      where: { id: fact.id },
      include: { provenance: { include: { source: true, candidate: true } }, revisions: true, relationsIn: true },
    });
    expect(read.provenance[0]?.source?.participants).toEqual(["Ana", "Ben"]);
    expect(read.provenance[0]?.source?.meetingDate?.toISOString().slice(0, 10)).toBe("2026-03-02");
    expect(read.provenance[0]?.candidate?.quote).toBe("We ship on Friday.");
    expect(read.revisions[0]?.after).toEqual({ content: "The team ships on Friday." });
    expect(read.relationsIn[0]).toMatchObject({ fromFactId: other.id, type: "contradicts" });
    expect((await prisma.setting.findUniqueOrThrow({ where: { key: "thresholds" } })).value).toEqual({
      duplicate: 0.9,
    });
    expect((await prisma.extractionRun.findUniqueOrThrow({ where: { id: run.id } })).chunkLog).toEqual([
      { index: 0, status: "ok" },
    ]);

    // Deleting the source cascades to its runs and candidates, and detaches provenance.
    await prisma.source.delete({ where: { id: source.id } });
    expect(await prisma.candidate.count()).toBe(0);
    const detached = await prisma.factProvenance.findFirstOrThrow({ where: { factId: fact.id } });
    expect(detached).toMatchObject({ sourceId: null, candidateId: null, quote: "We ship on Friday." });
  });

  it("rejects a second revision with the same fact version", async () => {
    const fact = await db.prisma.fact.create({
      data: { content: "x", contentHash: "x", kind: "k", confidence: 1, importance: 1, temporal: "timeless" },
    });
    await db.prisma.factRevision.create({ data: { factId: fact.id, version: 1, action: "create" } });
    await expect(
      db.prisma.factRevision.create({ data: { factId: fact.id, version: 1, action: "edit" } }),
    ).rejects.toMatchObject({
      code: "P2002",
    });
  });

  it("runs pg_trgm similarity and full-text search through $queryRaw", async () => {
    const { prisma } = db;
    const [row] = await prisma.$queryRaw<
      { s: number }[]
    >`SELECT similarity('we ship on friday', 'we ship on fridays') AS s`;
    expect(row?.s).toBeGreaterThan(0.7);

    for (const [i, content] of [
      "Deploys happen on Friday afternoons",
      "Budget was approved for Q3",
      "The deploy window moved",
    ].entries()) {
      await prisma.fact.create({
        data: { content, contentHash: `c${i}`, kind: "k", confidence: 1, importance: 1, temporal: "present" },
      });
    }
    const similar = await prisma.$queryRaw<{ content: string }[]>`
      SELECT content FROM "Fact" WHERE content % ${"deploys happen friday afternoon"}
      ORDER BY similarity(content, ${"deploys happen friday afternoon"}) DESC`;
    expect(similar.map((r) => r.content)).toEqual(["Deploys happen on Friday afternoons"]);

    const searched = await prisma.$queryRaw<{ content: string }[]>`
      SELECT content FROM "Fact"
      WHERE to_tsvector('english', "content") @@ websearch_to_tsquery('english', ${"deploy"}) ORDER BY content`;
    expect(searched.map((r) => r.content)).toEqual(["Deploys happen on Friday afternoons", "The deploy window moved"]);
  });
});
