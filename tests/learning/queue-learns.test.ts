import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getLearningSummary, getServingModel, recordRefit } from "@/lib/db/learned-models";
import { approveAndRejudge, rejectAndRejudge } from "@/lib/jobs/decisions";
import { approveCandidate, rejectCandidate } from "@/lib/facts/decide";
import { executeExtractionRun } from "@/lib/jobs/extraction";
import { learnFromDecisions, learnQuietly, resetLearning } from "@/lib/jobs/learning";
import { REFIT_EVERY, type RefitOutcome } from "@/lib/learning/refit";
import { createTestDb, type TestDb } from "@/tests/db";
import { createPastedRun } from "@/tests/runs";

// A team that approves the budget limits it is told and rejects the small promises: after enough decisions the
// queue's next run ranks a budget limit above a promise, and says why; reset puts the shipped confidence back.

const THINGS = ["portal", "billing", "search", "mobile", "onboarding", "support", "analytics", "payments"];
const budget = (t: string, i: number) => `Priya: The ${t} budget cannot exceed ${i + 2}0 thousand dollars.`;
const promise = (t: string, i: number) => `Marcus: I will send the ${t} notes to the team by Friday ${i}.`;
const meeting = (things: string[], from: number) =>
  things.flatMap((t, i) => [budget(t, from + i), promise(t, from + i)]).join("\n");

let db: TestDb;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(async () => db?.close());

async function run(text: string, title: string) {
  const { run } = await createPastedRun({ db: db.prisma, text, title });
  await executeExtractionRun({ db: db.prisma, runId: run.id, standalone: true });
  return db.prisma.candidate.findMany({ where: { runId: run.id }, orderBy: { start: "asc" } });
}
const isBudget = (c: { content: string }) => /budget/i.test(c.content);

describe("the queue learns from its reviewers", () => {
  it("a team's decisions change the next run's ranking; reset restores the shipped confidence", async () => {
    const reviewer = await db.prisma.reviewer.create({ data: { name: "Rita" } });
    const before = await run(meeting(["hiring"], 90), "Before");
    expect(before.every((c) => c.learnedConfidence === null)).toBe(true);

    for (const [n, things] of [THINGS.slice(0, 4), THINGS.slice(4)].entries()) {
      for (const c of await run(meeting(things, n * 10), `Sync ${n}`)) {
        if (c.status !== "pending" && c.status !== "gated") continue;
        const args = { db: db.prisma, candidateId: c.id, reviewerId: reviewer.id };
        if (isBudget(c)) await approveAndRejudge(args);
        else await rejectAndRejudge({ ...args, reason: "Not a fact" });
      }
    }
    const serving = await getServingModel({ db: db.prisma, spaceId: "default" });
    expect(serving, "enough decisions to serve a learned model").not.toBeNull();

    const after = await run(meeting(["travel"], 70), "After");
    const [keep, drop] = [after.find(isBudget)!, after.find((c) => !isBudget(c))!];
    expect(keep.learnedConfidence!).toBeGreaterThan(keep.confidence);
    expect(drop.learnedConfidence!).toBeLessThan(drop.confidence);
    expect(keep.rank).toBeGreaterThan(drop.rank);
    expect(keep.rankReason).toMatch(/you approved \d+ of \d+/);
    // The open cards of the first run were scored again when the model started serving.
    const reopened = await db.prisma.candidate.findMany({ where: { id: { in: before.map((c) => c.id) } } });
    expect(reopened.every((c) => c.learnedConfidence !== null)).toBe(true);

    await resetLearning({ db: db.prisma, spaceId: "default" });
    expect(await getServingModel({ db: db.prisma, spaceId: "default" })).toBeNull();
    const reset = await db.prisma.candidate.findMany({ where: { id: { in: after.map((c) => c.id) } } });
    for (const c of reset) {
      expect(c.learnedConfidence).toBeNull();
      expect(c.rank).toBeCloseTo(c.confidence * c.importance, 10);
    }
    const next = await run(meeting(["legal"], 60), "After reset");
    expect(next.every((c) => c.learnedConfidence === null)).toBe(true);
  });

  it("a model that did not beat the serving one is recorded but never serves", async () => {
    const model = (bias: number): NonNullable<RefitOutcome["model"]> => ({
      weights: { bias, scale: 0, features: [] },
      decisions: 20,
      since: "2026-01-01T00:00:00.000Z",
      trainedThrough: "2026-01-02T00:00:00.000Z",
    });
    const metrics = { holdout: 5, logLoss: 0.5, auc: 0.8, ece: 0.05 };
    const better = await recordRefit({
      db: db.prisma,
      spaceId: "default",
      outcome: { decision: "serve", why: "beat", model: model(0.5), candidate: metrics, serving: metrics },
    });
    const worse: RefitOutcome = {
      decision: "keep",
      why: "did not beat",
      model: model(-3),
      candidate: { ...metrics, logLoss: 0.9 },
      serving: metrics,
    };
    await recordRefit({ db: db.prisma, spaceId: "default", outcome: worse });
    expect((await getServingModel({ db: db.prisma, spaceId: "default" }))?.id).toBe(better);
    expect((await getLearningSummary({ db: db.prisma, spaceId: "default" })).serving).toMatchObject({
      decisions: 20,
      auc: 0.8,
    });
    // Fewer than 10 decisions since the last refit: nothing is tried.
    expect(await learnFromDecisions({ db: db.prisma, spaceId: "default" })).toBeNull();
  });

  it("refits once when decisions arrive together: those that find a refit running leave it to that one", async () => {
    const reviewer = await db.prisma.reviewer.create({ data: { name: "Omar" } });
    let decided = 0;
    for (const c of await run(meeting(THINGS, 40), "Together")) {
      if (c.status !== "pending" && c.status !== "gated") continue;
      // The decisions alone, without the learning each would run after it.
      const args = { db: db.prisma, candidateId: c.id, reviewerId: reviewer.id };
      if (isBudget(c)) await approveCandidate(args);
      else await rejectCandidate({ ...args, reason: "Not a fact" });
      decided++;
    }
    expect(decided).toBeGreaterThanOrEqual(REFIT_EVERY);
    const refits = () => db.prisma.learnedModel.count({ where: { spaceId: "default", target: "confidence" } });
    const before = await refits();
    // Five decisions' learning at once, as five reviewers' requests would run it.
    await Promise.all(Array.from({ length: 5 }, () => learnQuietly({ db: db.prisma, spaceId: "default" })));
    expect(await refits()).toBe(before + 1);
  });
});
