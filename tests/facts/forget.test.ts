import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saveCandidates } from "@/lib/db/candidates";
import { previewForgetSource } from "@/lib/facts/archive";
import { approveCandidate, mergeCandidate } from "@/lib/facts/decide";
import { createManualFactAndRejudge, forgetSourceAndRejudge } from "@/lib/jobs/decisions";
import { reviewCandidates } from "@/lib/jobs/review-candidates";
import { createTestDb, type TestDb } from "@/tests/db";
import { candidate, createSourceWithRun } from "@/tests/review/fixtures";
import { DEFAULT_SPACE_ID } from "@/lib/spaces/schema";

// Forgetting a source: what only it said leaves the fact base (archived, or deleted on request); what
// other sources also said stays with them; its open candidates are rejected. The preview is the plan.

let db: TestDb;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(async () => db?.close());

async function sourceSaying(...contents: string[]) {
  const { sourceId, runId } = await createSourceWithRun(db.prisma);
  const list = contents.map((c) => candidate(c));
  const reviews = await reviewCandidates({ spaceId: DEFAULT_SPACE_ID, db: db.prisma, candidates: list });
  await saveCandidates({ db: db.prisma, runId, chunkIndex: 0, candidates: list, reviews });
  return { sourceId, ids: reviews.map((r) => r.id) };
}

/** Source A said three things: one only it said (approved), one B said too (merged), one still open. */
async function twoMeetings(words: string) {
  const b = await sourceSaying(`The ${words} budget is capped at 40k.`);
  const shared = await approveCandidate({ db: db.prisma, candidateId: b.ids[0] as string, reviewerId: "local" });
  const a = await sourceSaying(
    `The ${words} launch moves to May.`,
    `The ${words} budget is capped at 40k.`,
    `Ask legal about the ${words} logo.`,
  );
  const only = await approveCandidate({ db: db.prisma, candidateId: a.ids[0] as string, reviewerId: "local" });
  await mergeCandidate({ db: db.prisma, candidateId: a.ids[1] as string, factId: shared.id, reviewerId: "local" });
  return { a, b, only, shared, open: a.ids[2] as string };
}

const expectedOf = (p: Awaited<ReturnType<typeof previewForgetSource>>) => ({
  factIds: [...p.only, ...p.shared].map((f) => f.id),
  candidateIds: p.openCandidates.map((c) => c.id),
});

describe("forgetting a source", () => {
  it("previews exactly what changes: the fact only it supports, the shared fact, its open candidate", async () => {
    const m = await twoMeetings("Aurora");
    const preview = await previewForgetSource({ db: db.prisma, sourceId: m.a.sourceId });
    expect(preview.only.map((f) => f.content)).toEqual(["The Aurora launch moves to May."]);
    expect(preview.shared.map((f) => [f.content, f.otherProvenance])).toEqual([
      ["The Aurora budget is capped at 40k.", 1],
    ]);
    expect(preview.openCandidates.map((c) => c.content)).toEqual(["Ask legal about the Aurora logo."]);
  });

  it("archives what only it said, keeps shared facts, rejects its open candidates with the reason", async () => {
    const m = await twoMeetings("Borealis");
    const preview = await previewForgetSource({ db: db.prisma, sourceId: m.a.sourceId });
    const result = await forgetSourceAndRejudge({
      db: db.prisma,
      sourceId: m.a.sourceId,
      mode: "archive",
      expected: expectedOf(preview),
      reviewerId: "local",
    });
    expect(result).toMatchObject({ archived: 1, deleted: 0, kept: 1, rejected: 1 });
    const facts = await db.prisma.fact.findMany({ where: { id: { in: [m.only.id, m.shared.id] } } });
    expect(Object.fromEntries(facts.map((f) => [f.content, f.status]))).toEqual({
      "The Borealis launch moves to May.": "archived",
      "The Borealis budget is capped at 40k.": "active",
    });
    const open = await db.prisma.candidate.findUniqueOrThrow({ where: { id: m.open } });
    expect([open.status, open.rejectReason]).toEqual(["rejected", "source forgotten"]);
    // Archiving is reversible: the source and its quotes are still there.
    expect(await db.prisma.factProvenance.count({ where: { sourceId: m.a.sourceId } })).toBe(2);
  });

  it("deletes on request what only it supports, its transcript and quotes; shared facts keep the rest", async () => {
    const m = await twoMeetings("Cirrus");
    const manual = await createManualFactAndRejudge({
      spaceId: DEFAULT_SPACE_ID,
      db: db.prisma,
      input: { content: "The Cirrus launch moves to May.", kind: "decision", temporal: "future" },
      reviewerId: "local",
    }).catch((e: unknown) => e);
    // Same words as the approved fact: refused, so the plan below is unchanged.
    expect(manual).toMatchObject({ code: "CONFLICT" });
    const preview = await previewForgetSource({ db: db.prisma, sourceId: m.a.sourceId });
    const result = await forgetSourceAndRejudge({
      db: db.prisma,
      sourceId: m.a.sourceId,
      mode: "delete",
      expected: expectedOf(preview),
      reviewerId: "local",
    });
    expect(result).toMatchObject({ archived: 0, deleted: 1, kept: 1 });
    expect(await db.prisma.fact.findUnique({ where: { id: m.only.id } })).toBeNull();
    expect(await db.prisma.source.findUnique({ where: { id: m.a.sourceId } })).toBeNull();
    const kept = await db.prisma.factProvenance.findMany({ where: { factId: m.shared.id } });
    expect(kept.map((p) => p.sourceId)).toEqual([m.b.sourceId]);
  });

  it("changes nothing when the source gained a fact since the preview", async () => {
    const m = await twoMeetings("Dune");
    const preview = await previewForgetSource({ db: db.prisma, sourceId: m.a.sourceId });
    await approveCandidate({ db: db.prisma, candidateId: m.open, reviewerId: "local" });
    await expect(
      forgetSourceAndRejudge({
        db: db.prisma,
        sourceId: m.a.sourceId,
        mode: "archive",
        expected: expectedOf(preview),
        reviewerId: "local",
      }),
    ).rejects.toMatchObject({ code: "CONFLICT" });
    const only = await db.prisma.fact.findUniqueOrThrow({ where: { id: m.only.id } });
    expect(only.status).toBe("active");
  });
});
