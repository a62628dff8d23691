import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saveCandidates } from "@/lib/db/candidates";
import { getFactDetail } from "@/lib/db/fact-detail";
import { approveCandidate } from "@/lib/facts/decide";
import { createManualFactAndRejudge, setFactArchivedAndRejudge } from "@/lib/jobs/decisions";
import { reviewCandidates } from "@/lib/jobs/review-candidates";
import { createTestDb, type TestDb } from "@/tests/db";
import { candidate, createSourceWithRun } from "@/tests/review/fixtures";
import { DEFAULT_SPACE_ID } from "@/lib/spaces/schema";

// Facts entered by hand, and archiving: what a reviewer does in the fact base besides approving.

let db: TestDb;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(async () => db?.close());

async function openCandidate(content: string) {
  const { runId } = await createSourceWithRun(db.prisma);
  const list = [candidate(content)];
  const reviews = await reviewCandidates({ spaceId: DEFAULT_SPACE_ID, db: db.prisma, candidates: list });
  await saveCandidates({ db: db.prisma, runId, chunkIndex: 0, candidates: list, reviews });
  return reviews[0]?.id as string;
}

describe("entering a fact by hand", () => {
  it("is active at once, confidence 1, a manual provenance with the note, a revision naming the reviewer", async () => {
    const fact = await createManualFactAndRejudge({
      spaceId: DEFAULT_SPACE_ID,
      db: db.prisma,
      input: {
        content: "Invoices are archived for seven years.",
        kind: "constraint",
        temporal: "timeless",
        note: "Finance handbook §4",
      },
      reviewerId: "local",
    });
    expect(fact).toMatchObject({ status: "active", confidence: 1, importance: 0.5, version: 1 });
    const detail = await getFactDetail({ db: db.prisma, factId: fact.id });
    expect(detail?.provenance.map((p) => [p.extractor, p.quote, p.sourceId])).toEqual([
      ["manual", "Finance handbook §4", null],
    ]);
    expect(detail?.revisions.map((r) => [r.action, r.reason, r.reviewer?.name != null])).toEqual([
      ["create", "Entered by hand", true],
    ]);
  });

  it("refuses the same words as an active fact, naming it, and a kind outside the settings' taxonomy", async () => {
    const input = { content: "Badge photos are retaken every spring.", kind: "decision", temporal: "present" } as const;
    await createManualFactAndRejudge({ spaceId: DEFAULT_SPACE_ID, db: db.prisma, input, reviewerId: "local" });
    await expect(
      createManualFactAndRejudge({
        spaceId: DEFAULT_SPACE_ID,
        db: db.prisma,
        input: { ...input, content: "  badge photos are retaken every SPRING " },
        reviewerId: "local",
      }),
    ).rejects.toMatchObject({ code: "CONFLICT", message: expect.stringContaining("Badge photos are retaken") });
    await expect(
      createManualFactAndRejudge({
        spaceId: DEFAULT_SPACE_ID,
        db: db.prisma,
        input: { ...input, content: "Xylophones are banned.", kind: "gossip" },
        reviewerId: "local",
      }),
    ).rejects.toMatchObject({ code: "VALIDATION", fieldErrors: { kind: [expect.stringContaining("decision")] } });
  });

  it("judges again the open candidates that repeat it: they become duplicates of the new fact", async () => {
    const waiting = await openCandidate("The cafeteria closes at 3 pm on Fridays.");
    const before = await db.prisma.candidate.findUniqueOrThrow({ where: { id: waiting } });
    expect(before.verdict).toBe("new");
    const fact = await createManualFactAndRejudge({
      spaceId: DEFAULT_SPACE_ID,
      db: db.prisma,
      input: { content: "The cafeteria closes at 3 pm on Fridays.", kind: "constraint", temporal: "present" },
      reviewerId: "local",
    });
    const after = await db.prisma.candidate.findUniqueOrThrow({ where: { id: waiting } });
    expect(after.verdict).toBe("duplicate");
    expect(JSON.stringify(after.matches)).toContain(fact.id);
  });
});

describe("archiving a fact", () => {
  it("archives and brings back at the version on screen, with both steps in its history", async () => {
    const id = await openCandidate("The staging cluster is rebuilt every Sunday.");
    const fact = await approveCandidate({ db: db.prisma, candidateId: id, reviewerId: "local" });
    const archived = await setFactArchivedAndRejudge({
      db: db.prisma,
      factId: fact.id,
      expectedVersion: 1,
      archived: true,
      reviewerId: "local",
    });
    expect(archived).toMatchObject({ status: "archived", version: 2 });
    // A second tab still showing version 1.
    await expect(
      setFactArchivedAndRejudge({
        db: db.prisma,
        factId: fact.id,
        expectedVersion: 1,
        archived: true,
        reviewerId: "local",
      }),
    ).rejects.toMatchObject({ code: "CONFLICT", message: "This fact is already archived." });
    const back = await setFactArchivedAndRejudge({
      db: db.prisma,
      factId: fact.id,
      expectedVersion: 2,
      archived: false,
      reviewerId: "local",
    });
    expect(back).toMatchObject({ status: "active", version: 3 });
    const detail = await getFactDetail({ db: db.prisma, factId: fact.id });
    expect(detail?.revisions.map((r) => [r.version, r.action, r.before?.status, r.after?.status])).toEqual([
      [1, "create", undefined, "active"],
      [2, "archive", "active", "archived"],
      [3, "unarchive", "archived", "active"],
    ]);
  });
});
