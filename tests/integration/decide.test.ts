import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_REVIEWER_ID } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { approveCandidate, mergeCandidate, rejectCandidate } from "@/lib/facts/decide";
import { createTestDb, truncateAll, type TestDb } from "@/tests/db";
import { seedCandidates } from "@/tests/integration/helpers";
import type { Match } from "@/lib/matcher";

let db: TestDb;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(async () => db?.close());
beforeEach(async () => truncateAll(db.prisma));

const reviewerId = DEFAULT_REVIEWER_ID;

/** What the matcher showed the reviewer: a decision may only name facts among a candidate's matches. */
async function showMatch(candidateId: string, fact: { id: string; content: string }, verdict: Match["verdict"]) {
  const match: Match = { factId: fact.id, content: fact.content, score: 0.8, verdict, stage: "lexical", reason: "x" };
  await db.prisma.candidate.update({ where: { id: candidateId }, data: { matches: [match] } });
}

describe("approving a candidate", () => {
  it("creates the fact, its provenance and its first revision together", async () => {
    const { source, run, candidates } = await seedCandidates(db.prisma, [
      {
        content: "Priya decided to ship offline mode by end of Q3",
        quote: "We decided to ship offline mode by end of Q3.",
      },
    ]);
    const candidate = candidates[0]!;
    const fact = await approveCandidate({ db: db.prisma, candidateId: candidate.id, reviewerId });

    expect(fact).toMatchObject({
      content: "Priya decided to ship offline mode by end of Q3",
      kind: "decision",
      status: "active",
      version: 1,
    });
    const provenance = await db.prisma.factProvenance.findMany({ where: { factId: fact.id } });
    expect(provenance).toEqual([
      expect.objectContaining({
        candidateId: candidate.id,
        sourceId: source.id,
        runId: run.id,
        quote: "We decided to ship offline mode by end of Q3.",
        speaker: "Priya",
        start: candidate.start,
        end: candidate.end,
        extractor: "offline",
        promptVersion: "offline-1",
      }),
    ]);
    const revisions = await db.prisma.factRevision.findMany({ where: { factId: fact.id } });
    expect(revisions).toEqual([
      expect.objectContaining({ version: 1, action: "create", reviewerId, reason: "Approved" }),
    ]);
    expect(await db.prisma.candidate.findUnique({ where: { id: candidate.id } })).toMatchObject({
      status: "approved",
      reviewerId,
    });
  });

  it("keeps the reviewer's edit and says so in the revision", async () => {
    const { candidates } = await seedCandidates(db.prisma, [{ content: "Priya ship offline Q3" }]);
    const fact = await approveCandidate({
      db: db.prisma,
      candidateId: candidates[0]!.id,
      reviewerId,
      edits: { content: "Offline mode ships by end of Q3" },
    });
    expect(fact.content).toBe("Offline mode ships by end of Q3");
    const [revision] = await db.prisma.factRevision.findMany({ where: { factId: fact.id } });
    expect(revision?.reason).toBe("Approved with edits");
  });

  it("a double-clicked approve creates one fact and reports the second as a conflict", async () => {
    const { candidates } = await seedCandidates(db.prisma, [
      { content: "Marcus will write the migration guide by Friday" },
    ]);
    const id = candidates[0]!.id;
    const results = await Promise.allSettled([
      approveCandidate({ db: db.prisma, candidateId: id, reviewerId }),
      approveCandidate({ db: db.prisma, candidateId: id, reviewerId }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const failure = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(failure.reason).toBeInstanceOf(AppError);
    expect((failure.reason as AppError).code).toBe("CONFLICT");
    expect((failure.reason as AppError).message).toMatch(/already approved by Local reviewer/);
    expect(await db.prisma.fact.count()).toBe(1);
  });

  it("an approve after a reject by someone else changes nothing", async () => {
    const { candidates } = await seedCandidates(db.prisma, [{ content: "The budget cannot exceed 40k dollars" }]);
    const id = candidates[0]!.id;
    await rejectCandidate({ db: db.prisma, candidateId: id, reviewerId, reason: "Not a fact" });
    await expect(approveCandidate({ db: db.prisma, candidateId: id, reviewerId })).rejects.toMatchObject({
      code: "CONFLICT",
    });
    expect(await db.prisma.fact.count()).toBe(0);
    expect(await db.prisma.candidate.findUnique({ where: { id } })).toMatchObject({
      status: "rejected",
      rejectReason: "Not a fact",
    });
  });

  it("an unknown candidate is NOT_FOUND", async () => {
    await expect(
      approveCandidate({ db: db.prisma, candidateId: "00000000-0000-4000-8000-000000000000", reviewerId }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("superseding and merging", () => {
  it("approving with supersede keeps the old fact, marked superseded with its valid-to date and linked", async () => {
    const { candidates } = await seedCandidates(db.prisma, [
      { content: "Offline mode ships by end of Q3" },
      { content: "Offline mode ships by end of Q4" },
    ]);
    const old = await approveCandidate({ db: db.prisma, candidateId: candidates[0]!.id, reviewerId });
    await showMatch(candidates[1]!.id, old, "contradicts");
    const newer = await approveCandidate({
      db: db.prisma,
      candidateId: candidates[1]!.id,
      reviewerId,
      supersedeFactIds: [old.id],
    });

    const oldNow = await db.prisma.fact.findUniqueOrThrow({ where: { id: old.id } });
    expect(oldNow.status).toBe("superseded");
    expect(oldNow.validTo).toBeInstanceOf(Date);
    expect(oldNow.version).toBe(2);
    expect(await db.prisma.factRelation.findMany()).toEqual([
      expect.objectContaining({ fromFactId: newer.id, toFactId: old.id, type: "supersedes" }),
    ]);
    const revisions = await db.prisma.factRevision.findMany({ where: { factId: old.id }, orderBy: { version: "asc" } });
    expect(revisions.map((r) => r.action)).toEqual(["create", "supersede"]);
  });

  it("superseding a fact that is no longer active approves nothing", async () => {
    const { candidates } = await seedCandidates(db.prisma, [
      { content: "Ship by Q3" },
      { content: "Ship by Q4" },
      { content: "Ship by Q1" },
    ]);
    const old = await approveCandidate({ db: db.prisma, candidateId: candidates[0]!.id, reviewerId });
    await showMatch(candidates[1]!.id, old, "contradicts");
    await showMatch(candidates[2]!.id, old, "contradicts");
    await approveCandidate({ db: db.prisma, candidateId: candidates[1]!.id, reviewerId, supersedeFactIds: [old.id] });
    await expect(
      approveCandidate({ db: db.prisma, candidateId: candidates[2]!.id, reviewerId, supersedeFactIds: [old.id] }),
    ).rejects.toMatchObject({ code: "CONFLICT" });
    expect(await db.prisma.candidate.findUnique({ where: { id: candidates[2]!.id } })).toMatchObject({
      status: "pending",
    });
    expect(await db.prisma.fact.count()).toBe(2);
  });

  it("merging a duplicate adds provenance to the existing fact and creates nothing new", async () => {
    const first = await seedCandidates(db.prisma, [{ content: "Offline mode ships by end of Q3" }], {
      title: "Monday",
    });
    const second = await seedCandidates(db.prisma, [{ content: "Offline mode will ship by the end of Q3" }], {
      title: "Thursday",
    });
    const fact = await approveCandidate({ db: db.prisma, candidateId: first.candidates[0]!.id, reviewerId });
    await showMatch(second.candidates[0]!.id, fact, "duplicate");
    await mergeCandidate({ db: db.prisma, candidateId: second.candidates[0]!.id, factId: fact.id, reviewerId });

    expect(await db.prisma.fact.count()).toBe(1);
    const provenance = await db.prisma.factProvenance.findMany({
      where: { factId: fact.id },
      include: { source: true },
    });
    expect(provenance.map((p) => p.source?.title).sort()).toEqual(["Monday", "Thursday"]);
    expect(await db.prisma.candidate.findUnique({ where: { id: second.candidates[0]!.id } })).toMatchObject({
      status: "merged",
    });
    expect((await db.prisma.fact.findUniqueOrThrow({ where: { id: fact.id } })).version).toBe(2);
  });

  it("merging with the candidate's wording rewords the fact, and the revision keeps both texts", async () => {
    const first = await seedCandidates(db.prisma, [{ content: "Offline mode ships by end of Q3" }]);
    const second = await seedCandidates(db.prisma, [{ content: "Offline mode will ship by the end of Q3." }]);
    const fact = await approveCandidate({ db: db.prisma, candidateId: first.candidates[0]!.id, reviewerId });
    await showMatch(second.candidates[0]!.id, fact, "duplicate");
    await mergeCandidate({
      db: db.prisma,
      candidateId: second.candidates[0]!.id,
      factId: fact.id,
      reviewerId,
      content: "Offline mode will ship by the end of Q3.",
    });
    const now = await db.prisma.fact.findUniqueOrThrow({ where: { id: fact.id } });
    expect(now).toMatchObject({ content: "Offline mode will ship by the end of Q3.", version: 2 });
    const merge = await db.prisma.factRevision.findFirstOrThrow({ where: { factId: fact.id, action: "merge" } });
    expect(merge.before).toMatchObject({ content: "Offline mode ships by end of Q3" });
    expect(merge.after).toMatchObject({ content: "Offline mode will ship by the end of Q3." });
  });

  it("refuses to supersede, relate or merge into a fact the candidate was not matched with", async () => {
    const { candidates } = await seedCandidates(db.prisma, [
      { content: "Kenji owns the audit log." },
      { content: "x y z" },
    ]);
    const unrelated = await approveCandidate({ db: db.prisma, candidateId: candidates[1]!.id, reviewerId });
    const attempt = (extra: object) =>
      approveCandidate({ db: db.prisma, candidateId: candidates[0]!.id, reviewerId, ...extra });
    await expect(attempt({ supersedeFactIds: [unrelated.id] })).rejects.toMatchObject({ code: "VALIDATION" });
    await expect(attempt({ relateFactIds: [unrelated.id] })).rejects.toMatchObject({ code: "VALIDATION" });
    await expect(
      mergeCandidate({ db: db.prisma, candidateId: candidates[0]!.id, factId: unrelated.id, reviewerId }),
    ).rejects.toMatchObject({ code: "VALIDATION" });
    expect((await db.prisma.fact.findUniqueOrThrow({ where: { id: unrelated.id } })).status).toBe("active");
    expect((await db.prisma.candidate.findUniqueOrThrow({ where: { id: candidates[0]!.id } })).status).toBe("pending");
  });

  it("approving as related links the new fact to the one it was matched with", async () => {
    const { candidates } = await seedCandidates(db.prisma, [
      { content: "The billing launch moves to October." },
      { content: "Marketing needs the billing launch date by Monday." },
    ]);
    const first = await approveCandidate({ db: db.prisma, candidateId: candidates[0]!.id, reviewerId });
    await showMatch(candidates[1]!.id, first, "related");
    const second = await approveCandidate({
      db: db.prisma,
      candidateId: candidates[1]!.id,
      reviewerId,
      relateFactIds: [first.id],
    });
    expect(await db.prisma.factRelation.findMany()).toEqual([
      expect.objectContaining({ fromFactId: second.id, toFactId: first.id, type: "related" }),
    ]);
  });
});
