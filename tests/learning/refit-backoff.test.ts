import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { listDecisionLabels } from "@/lib/db/decision-labels";
import { approveCandidate } from "@/lib/facts/decide";
import { executeExtractionRun } from "@/lib/jobs/extraction";
import { learnFromDecisions } from "@/lib/jobs/learning";
import { createTestDb, type TestDb } from "@/tests/db";
import { createPastedRun } from "@/tests/runs";

// The labels a refit reads, counted: the module as it is, its one reader watched.
vi.mock("@/lib/db/decision-labels", async (importOriginal) => {
  const actual = await importOriginal<typeof import("@/lib/db/decision-labels")>();
  return { ...actual, listDecisionLabels: vi.fn(actual.listDecisionLabels) };
});
const labelReads = () => vi.mocked(listDecisionLabels).mock.calls.length;

// A team that approves everything: the newest decisions are all of one kind, so a refit has nothing to rank by and
// waits, recording no model. Before issue 28 every later decision read all the labels and fitted again; now the next
// try waits for a twentieth as many new decisions as it read (at least one).

const THINGS = ["portal", "billing", "search", "mobile", "onboarding", "support", "analytics", "payments"];
const budget = (t: string, i: number) => `Priya: The ${t} budget cannot exceed ${i + 2}0 thousand dollars.`;

let db: TestDb;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(async () => db?.close());

async function approveAll(text: string, title: string, reviewerId: string): Promise<number> {
  const { run } = await createPastedRun({ db: db.prisma, text, title });
  await executeExtractionRun({ db: db.prisma, runId: run.id, standalone: true });
  const open = await db.prisma.candidate.findMany({
    where: { runId: run.id, status: { in: ["pending", "gated"] } },
    orderBy: { start: "asc" },
  });
  for (const c of open) await approveCandidate({ db: db.prisma, candidateId: c.id, reviewerId });
  return open.length;
}
const lines = (from: number, n: number) =>
  Array.from({ length: n }, (_, i) => budget(THINGS[i % THINGS.length]!, from + i)).join("\n");

describe("a refit that waits", () => {
  it("is tried again only after new decisions, a twentieth of the labels it read", async () => {
    const reviewer = await db.prisma.reviewer.create({ data: { name: "Rita" } });
    const approved = await approveAll(lines(0, 24), "All approved", reviewer.id);
    expect(approved).toBeGreaterThan(20);

    const first = await learnFromDecisions({ db: db.prisma, spaceId: "default" });
    expect(first?.decision).toBe("wait");
    expect(first?.why).toMatch(/all of one kind/);
    expect(labelReads()).toBe(1);

    // No new decision: nothing is read again (it was, on every call, before).
    expect(await learnFromDecisions({ db: db.prisma, spaceId: "default" })).toBeNull();
    expect(labelReads()).toBe(1);

    // Over 20 labels read: the next try waits for two new decisions.
    await approveAll(lines(100, 1), "One more", reviewer.id);
    expect(await learnFromDecisions({ db: db.prisma, spaceId: "default" })).toBeNull();
    expect(labelReads()).toBe(1);
    await approveAll(lines(200, 1), "Two more", reviewer.id);
    expect((await learnFromDecisions({ db: db.prisma, spaceId: "default" }))?.decision).toBe("wait");
    expect(labelReads()).toBe(2);
  });
});
