import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { listCandidateHistory } from "@/lib/db/candidate-events";
import { approveAndRejudge, mergeAndRejudge, rejectAndRejudge, undoAndRejudge } from "@/lib/jobs/decisions";
import { createTestDb, truncateAll, type TestDb } from "@/tests/db";
import { extractCandidates } from "@/tests/review/fixtures";

// Undo puts things back as they were, keeps the history honest, and refuses when something built on it.

let db: TestDb;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(async () => db?.close());
beforeEach(async () => truncateAll(db.prisma));

const reviewerId = "local";

/** What an extraction run does with its candidates (tests/review/fixtures.ts). */
const extract = (texts: string[]) => extractCandidates(db.prisma, texts);
const row = (id: string) => db.prisma.candidate.findUniqueOrThrow({ where: { id } });
const undo = (candidateId: string) => undoAndRejudge({ db: db.prisma, candidateId, reviewerId });

describe("undoing a decision", () => {
  it("an approval: the fact goes, the cluster comes back open, and the history says so", async () => {
    const [a] = await extract(["Marcus will write the migration guide by Friday."]);
    const [b] = await extract(["Marcus will write the migration guide by Friday."]);
    const fact = await approveAndRejudge({ db: db.prisma, candidateId: a!, reviewerId, withCluster: true });
    await undo(a!);

    expect(await db.prisma.fact.findUnique({ where: { id: fact.id } })).toBeNull();
    expect(await db.prisma.factProvenance.count()).toBe(0);
    expect((await row(a!)).status).toBe("pending");
    expect((await row(b!)).status).toBe("pending");
    expect((await row(b!)).clusterId).toBe(a);
    expect((await listCandidateHistory({ db: db.prisma, candidateId: a! })).map((e) => e.action)).toEqual([
      "approved",
      "undone",
    ]);
  });

  it("an approval that superseded a fact makes that fact active again, with a revision", async () => {
    const [q3] = await extract(["The launch budget is 40,000 dollars."]);
    const old = await approveAndRejudge({ db: db.prisma, candidateId: q3!, reviewerId });
    const [q4] = await extract(["The launch budget is 50,000 dollars."]);
    await approveAndRejudge({ db: db.prisma, candidateId: q4!, reviewerId, supersedeFactIds: [old.id] });
    await undo(q4!);

    const restored = await db.prisma.fact.findUniqueOrThrow({ where: { id: old.id } });
    expect(restored).toMatchObject({ status: "active", validTo: null, version: 3 });
    const revisions = await db.prisma.factRevision.findMany({ where: { factId: old.id }, orderBy: { version: "asc" } });
    expect(revisions.map((r) => r.action)).toEqual(["create", "supersede", "restore"]);
    // Back in the queue, judged again: it contradicts the fact that is active again.
    expect(await row(q4!)).toMatchObject({ status: "gated", verdict: "contradicts" });
  });

  it("a merge with wording: the fact gets its text back and loses the provenance", async () => {
    const [first] = await extract(["Offline mode ships by end of Q3."]);
    const fact = await approveAndRejudge({ db: db.prisma, candidateId: first!, reviewerId });
    const [second] = await extract(["Offline mode ships by end of Q3!"]);
    await mergeAndRejudge({
      db: db.prisma,
      candidateId: second!,
      factId: fact.id,
      reviewerId,
      content: "Offline mode will ship by the end of Q3.",
    });
    await undo(second!);

    const now = await db.prisma.fact.findUniqueOrThrow({ where: { id: fact.id } });
    expect(now).toMatchObject({ content: "Offline mode ships by end of Q3.", version: 3 });
    expect((await db.prisma.factProvenance.findMany({ where: { factId: fact.id } })).map((p) => p.candidateId)).toEqual(
      [first],
    );
    expect((await row(second!)).status).toBe("pending");
  });

  it("a cluster's rejection, undone from one of its members", async () => {
    const [a] = await extract(["Thanks all, talk next week."]);
    const [b] = await extract(["Thanks all, talk next week."]);
    await rejectAndRejudge({ db: db.prisma, candidateId: a!, reviewerId, reason: "Not a fact", withCluster: true });
    await undo(b!);
    expect(await row(a!)).toMatchObject({ status: "pending", rejectReason: null });
    expect(await row(b!)).toMatchObject({ status: "pending", rejectReason: null });
  });

  it("is refused once something built on the decision, and changes nothing", async () => {
    const [a] = await extract(["Kenji owns the audit log."]);
    const fact = await approveAndRejudge({ db: db.prisma, candidateId: a!, reviewerId });
    const [twin] = await extract(["Kenji owns the audit log!"]);
    await mergeAndRejudge({ db: db.prisma, candidateId: twin!, factId: fact.id, reviewerId });

    await expect(undo(a!)).rejects.toMatchObject({ code: "CONFLICT" });
    expect((await db.prisma.fact.findUniqueOrThrow({ where: { id: fact.id } })).status).toBe("active");
    expect((await row(a!)).status).toBe("approved");
  });

  it("twice is refused: there is no decision left to undo", async () => {
    const [a] = await extract(["Lena prefers weekly releases."]);
    await rejectAndRejudge({ db: db.prisma, candidateId: a!, reviewerId });
    await undo(a!);
    await expect(undo(a!)).rejects.toMatchObject({ code: "CONFLICT" });
  });
});
