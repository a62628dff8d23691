import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listLearningWeeks } from "@/lib/db/learning-weeks";
import type { CandidateStatus } from "@/lib/generated/prisma/client";
import { createTestDb, type TestDb } from "@/tests/db";
import { testRunPayload } from "@/tests/runs";

// The dashboard's learning report over decisions whose outcome is known: per week, how many, the share of each
// run's top five accepted, and how many accepted and rejected cards had passed the gate.

let db: TestDb;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(async () => db?.close());

let n = 0;
describe("learning, week by week", () => {
  it("counts reviewers' decisions per week: precision at the top and what the gate let through", async () => {
    const reviewer = await db.prisma.reviewer.create({ data: { name: "Rita" } });
    const source = await db.prisma.source.create({
      data: { title: "Sync", origin: "paste", text: "Priya: hello", contentHash: "sync" },
    });
    const newRun = () =>
      db.prisma.extractionRun.create({
        data: { payload: testRunPayload(), sourceId: source.id, extractor: "offline", status: "succeeded" },
      });
    const card = async (
      runId: string,
      rank: number,
      status: CandidateStatus,
      reviewedAt: string | null,
      gateReason: string | null = null,
      extra: { reviewerId?: string | null; rejectReason?: string } = {},
    ) => {
      n += 1;
      await db.prisma.candidate.create({
        data: {
          runId,
          content: `Statement ${n}`,
          kind: "decision",
          confidence: 0.8,
          importance: 0.5,
          rank,
          temporal: "present",
          quote: `Statement ${n}`,
          status,
          gateReason,
          reviewedAt: reviewedAt ? new Date(reviewedAt) : null,
          reviewerId: reviewedAt ? (extra.reviewerId === undefined ? reviewer.id : extra.reviewerId) : null,
          rejectReason: extra.rejectReason ?? null,
        },
      });
    };
    // Week of Nov 23: one run of seven cards, the top five decided: four accepted, one rejected.
    const first = await newRun();
    const nov25 = "2026-11-25T10:00:00Z";
    await card(first.id, 0.9, "approved", nov25);
    await card(first.id, 0.8, "approved", nov25, 'Possible duplicate of "x" (Same statement, reworded)');
    await card(first.id, 0.7, "merged", nov25, "Low confidence (0.60 < 0.70)");
    await card(first.id, 0.6, "approved", nov25);
    await card(first.id, 0.5, "rejected", nov25, "Low confidence (0.40 < 0.70)");
    await card(first.id, 0.4, "rejected", nov25); // sixth: not in the top five, rejected ungated
    await card(first.id, 0.3, "pending", null);
    // Left out: the gate's own decisions, and rejections that judge nothing (a forgotten source).
    await card(first.id, 0.95, "approved", nov25, "Auto-approved: new fact with confidence 0.95 ≥ 0.90", {
      reviewerId: null,
    });
    // Week of Nov 30: a second run, two decisions in its top five.
    const second = await newRun();
    const dec1 = "2026-12-01T09:00:00Z";
    await card(second.id, 0.9, "rejected", dec1, 'Related to "y"');
    await card(second.id, 0.8, "approved", dec1, "Contradicts an approved fact: \"z\" ('a' vs 'b')");

    const weeks = await listLearningWeeks({ db: db.prisma, spaceId: "default", now: new Date("2026-12-02T12:00:00Z") });
    expect(weeks).toEqual([
      {
        week: "2026-11-23",
        decisions: 6,
        topDecided: 5,
        topAccepted: 4,
        accepted: 4,
        acceptedUngated: 3,
        rejected: 2,
        rejectedUngated: 1,
      },
      {
        week: "2026-11-30",
        decisions: 2,
        topDecided: 2,
        topAccepted: 1,
        accepted: 1,
        acceptedUngated: 0,
        rejected: 1,
        rejectedUngated: 1,
      },
    ]);
    // Older decisions are out of the window.
    expect(
      await listLearningWeeks({ db: db.prisma, spaceId: "default", now: new Date("2027-03-01T00:00:00Z") }),
    ).toEqual([]);
  });
});
