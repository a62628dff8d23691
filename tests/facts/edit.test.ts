import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saveCandidates } from "@/lib/db/candidates";
import { getFactDetail } from "@/lib/db/fact-detail";
import { approveCandidate } from "@/lib/facts/decide";
import { editAndRejudge, restoreAndRejudge } from "@/lib/jobs/decisions";
import { reviewCandidates } from "@/lib/jobs/review-candidates";
import { createTestDb, type TestDb } from "@/tests/db";
import { candidate, createSourceWithRun } from "@/tests/review/fixtures";
import { DEFAULT_SPACE_ID } from "@/lib/spaces/schema";

// Editing a fact: against the version on screen, with history; restoring is a new version; open
// candidates near the old or new text are judged again.

let db: TestDb;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(async () => db?.close());

async function approved(content: string) {
  const { runId } = await createSourceWithRun(db.prisma);
  const list = [candidate(content)];
  const reviews = await reviewCandidates({ spaceId: DEFAULT_SPACE_ID, db: db.prisma, candidates: list });
  await saveCandidates({ db: db.prisma, runId, chunkIndex: 0, candidates: list, reviews });
  return approveCandidate({ db: db.prisma, candidateId: reviews[0]?.id as string, reviewerId: "local" });
}

describe("editing a fact", () => {
  it("saves a new version with both sides in its history, and refuses a stale edit without overwriting", async () => {
    const fact = await approved("The beta closes on Friday.");
    const first = await editAndRejudge({
      db: db.prisma,
      factId: fact.id,
      expectedVersion: 1,
      edits: { content: "The beta closes on Monday." },
      reviewerId: "local",
    });
    expect(first.fact.version).toBe(2);

    // A second reviewer still looking at version 1.
    const stale = editAndRejudge({
      db: db.prisma,
      factId: fact.id,
      expectedVersion: 1,
      edits: { content: "The beta closes on Sunday." },
      reviewerId: "local",
    });
    await expect(stale).rejects.toMatchObject({
      code: "CONFLICT",
      message: expect.stringContaining('now version 2): "The beta closes on Monday."'),
    });
    const detail = await getFactDetail({ db: db.prisma, factId: fact.id });
    expect(detail?.content).toBe("The beta closes on Monday.");
    expect(detail?.revisions.map((r) => [r.version, r.action, r.before?.content ?? null, r.after?.content])).toEqual([
      [1, "create", null, "The beta closes on Friday."],
      [2, "edit", "The beta closes on Friday.", "The beta closes on Monday."],
    ]);
  });

  it("restores an old version as a new one, keeping every revision", async () => {
    const fact = await approved("Kenji owns the audit log.");
    await editAndRejudge({
      db: db.prisma,
      factId: fact.id,
      expectedVersion: 1,
      edits: { content: "Aiko owns the audit log.", kind: "fact" },
      reviewerId: "local",
    });
    const restored = await restoreAndRejudge({
      db: db.prisma,
      factId: fact.id,
      expectedVersion: 2,
      version: 1,
      reviewerId: "local",
    });
    expect(restored.fact).toMatchObject({ version: 3, content: "Kenji owns the audit log.", kind: "decision" });
    const detail = await getFactDetail({ db: db.prisma, factId: fact.id });
    expect(detail?.revisions.map((r) => [r.version, r.action, r.reason])).toEqual([
      [1, "create", expect.any(String)],
      [2, "edit", "Edited"],
      [3, "restore", "Restored version 1"],
    ]);
  });

  it("judges again the open candidates near the new text", async () => {
    const fact = await approved("The kiosk ships in May.");
    const { runId } = await createSourceWithRun(db.prisma);
    const list = [candidate("The kiosk ships in June.")];
    const reviews = await reviewCandidates({ spaceId: DEFAULT_SPACE_ID, db: db.prisma, candidates: list });
    await saveCandidates({ db: db.prisma, runId, chunkIndex: 0, candidates: list, reviews });
    const id = reviews[0]?.id as string;
    expect((await db.prisma.candidate.findUniqueOrThrow({ where: { id } })).verdict).toBe("contradicts");

    await editAndRejudge({
      db: db.prisma,
      factId: fact.id,
      expectedVersion: 1,
      edits: { content: "The kiosk ships in June." },
      reviewerId: "local",
    });
    expect((await db.prisma.candidate.findUniqueOrThrow({ where: { id } })).verdict).toBe("duplicate");
  });
});
