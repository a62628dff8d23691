import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listDecisionLabels } from "@/lib/db/decision-labels";
import { approveCandidate, mergeCandidate, rejectCandidate } from "@/lib/facts/decide";
import { undoDecision } from "@/lib/facts/undo";
import { executeExtractionRun } from "@/lib/jobs/extraction";
import { createTestDb, type TestDb } from "@/tests/db";
import { createPastedRun } from "@/tests/runs";

// Every decision a reviewer takes is a labelled example: the candidate keeps what the offline extractor scored
// it from, and its standing decision says approved, edited (how much), merged or rejected (why); an undo takes
// the label back, and a decision taken again after it is the label.

const MEETING = [
  "Priya: We decided to ship the partner portal by the end of Q3.",
  "Marcus: The portal budget cannot exceed forty thousand dollars.",
  "Marcus: I will write the partner onboarding guide by Friday.",
  "Lena: We learned that skipping the load test caused the outage in March.",
  "Omar: We decided to move the support rota to Mondays.",
].join("\n");

let db: TestDb;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(async () => db?.close());

describe("decisions as labelled examples", () => {
  it("keeps each candidate's features and labels what the reviewer did, undo included", async () => {
    const { run } = await createPastedRun({ db: db.prisma, text: MEETING, title: "Portal sync" });
    await executeExtractionRun({ db: db.prisma, runId: run.id, standalone: true });
    const candidates = await db.prisma.candidate.findMany({ where: { runId: run.id }, orderBy: { start: "asc" } });
    expect(candidates.length).toBeGreaterThanOrEqual(5);
    for (const c of candidates) {
      const features = c.features as Record<string, number>;
      // The clause's own features and the transcript's, as numbers, as the confidence model read them.
      expect(features.words).toBeGreaterThan(0);
      expect(features).toHaveProperty("strong");
      expect(features).toHaveProperty("noise");
    }
    const [shipped, budget, guide, lesson, rota] = candidates.map((c) => c.id) as [
      string,
      string,
      string,
      string,
      string,
    ];
    const rita = await db.prisma.reviewer.create({ data: { name: "Rita" } });
    const reviewerId = rita.id;

    const fact = await approveCandidate({ db: db.prisma, candidateId: shipped, reviewerId });
    await approveCandidate({
      db: db.prisma,
      candidateId: budget,
      reviewerId,
      edits: { content: "The partner portal budget is capped at $40,000.", kind: "decision" },
    });
    await rejectCandidate({ db: db.prisma, candidateId: guide, reviewerId, reason: "Too vague" });
    // The same decision said again in a later meeting: merged into the fact it repeats.
    const later = await createPastedRun({
      db: db.prisma,
      text: "Priya: As planned, we decided to ship the partner portal by the end of Q3.",
      title: "Portal sync 2",
    });
    await executeExtractionRun({ db: db.prisma, runId: later.run.id, standalone: true });
    const repeat = await db.prisma.candidate.findFirstOrThrow({ where: { runId: later.run.id } });
    await mergeCandidate({ db: db.prisma, candidateId: repeat.id, factId: fact.id, reviewerId });
    await approveCandidate({ db: db.prisma, candidateId: lesson, reviewerId });
    await undoDecision({ db: db.prisma, candidateId: lesson, reviewerId });

    const labels = new Map(
      (await listDecisionLabels({ db: db.prisma, spaceId: "default" })).map((l) => [l.candidateId, l]),
    );
    expect(labels.get(shipped)).toMatchObject({ outcome: "approved", editedWords: 0, approvedKind: null });
    const budgetLabel = labels.get(budget);
    expect(budgetLabel).toMatchObject({ outcome: "edited", approvedKind: "decision", reviewerId });
    expect(budgetLabel?.editedWords).toBeGreaterThan(3);
    expect(labels.get(guide)).toMatchObject({ outcome: "rejected", rejectReason: "Too vague" });
    expect(labels.get(repeat.id)).toMatchObject({ outcome: "merged" });
    expect(labels.has(rota), "an open candidate is no label").toBe(false);
    expect(labels.has(lesson), "an undone decision is no label").toBe(false);
    expect(labels.get(shipped)?.features).toEqual(candidates[0]?.features);

    // Decided again after the undo: that decision is the label.
    await rejectCandidate({ db: db.prisma, candidateId: lesson, reviewerId, reason: "Not durable" });
    const again = await listDecisionLabels({ db: db.prisma, spaceId: "default" });
    expect(again.find((l) => l.candidateId === lesson)).toMatchObject({
      outcome: "rejected",
      rejectReason: "Not durable",
    });
    expect(again).toHaveLength(5);
  });
});
