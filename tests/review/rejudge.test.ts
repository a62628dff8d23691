import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getQueueStamp, listQueuePage } from "@/lib/db/review-queue";
import { approveAndRejudge, rejectAndRejudge } from "@/lib/jobs/decisions";
import { rejudgeAfterChange } from "@/lib/jobs/rejudge";
import { QueueQuerySchema } from "@/lib/queue/schema";
import { createTestDb, truncateAll, type TestDb } from "@/tests/db";
import { addFact, extractCandidates } from "@/tests/review/fixtures";
import { DEFAULT_SPACE_ID } from "@/lib/spaces/schema";

// The queue stays true as the fact base changes: open candidates are compared across sources, the same
// statement from several sources is one card, and a decision re-judges the candidates it touches.

let db: TestDb;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(async () => db?.close());
beforeEach(async () => truncateAll(db.prisma));

/** What an extraction run does with its candidates (tests/review/fixtures.ts). */
const extract = (texts: string[]) => extractCandidates(db.prisma, texts);

const row = (id: string) => db.prisma.candidate.findUniqueOrThrow({ where: { id } });
const queue = async () => (await listQueuePage({ db: db.prisma, query: QueueQuerySchema.parse({}) })).units;
const reviewerId = "local";

describe("a queue that stays true", () => {
  it("shows the same statement from three sources once, as a cluster of three", async () => {
    const [a] = await extract(["The team will ship offline mode by the end of Q3."]);
    const [b] = await extract(["The team will ship offline mode by the end of Q3."]);
    const [c] = await extract(["the team will ship offline mode by the end of Q3"]);
    expect((await row(b!)).clusterId).toBe(a);
    expect((await row(c!)).clusterId).toBe(a);

    const units = await queue();
    expect(units.map((u) => u.id)).toEqual([a]);
    expect(units[0]?.members.map((m) => m.id)).toEqual([b, c]);
  });

  it("approves a cluster as one fact with provenance from every member", async () => {
    const [a] = await extract(["Marcus will write the migration guide by Friday."]);
    const [b] = await extract(["Marcus will write the migration guide by Friday."]);
    const fact = await approveAndRejudge({ db: db.prisma, candidateId: a!, reviewerId, withCluster: true });

    expect(fact.mergedCandidateIds).toEqual([b]);
    expect((await row(a!)).status).toBe("approved");
    expect((await row(b!)).status).toBe("merged");
    const provenance = await db.prisma.factProvenance.findMany({ where: { factId: fact.id } });
    expect(provenance.map((p) => p.candidateId).sort()).toEqual([a, b].sort());
    expect(await db.prisma.fact.count()).toBe(1);
    expect(await queue()).toEqual([]);
  });

  it("rejects a cluster as one, with the reason on every member", async () => {
    const [a] = await extract(["Thanks all, talk next week."]);
    const [b] = await extract(["Thanks all, talk next week."]);
    const { rejected } = await rejectAndRejudge({
      db: db.prisma,
      candidateId: a!,
      reviewerId,
      reason: "Not a fact",
      withCluster: true,
    });
    expect(rejected).toEqual([a, b]);
    expect((await row(b!)).rejectReason).toBe("Not a fact");
  });

  it("re-judges the twin of an approved candidate: it becomes a duplicate of the new fact", async () => {
    const [a] = await extract(["Priya decided to drop the Android beta."]);
    const [b] = await extract(["Priya decided to drop the Android beta."]);
    // Approved alone: the twin is left, and must now say what it repeats.
    const fact = await approveAndRejudge({ db: db.prisma, candidateId: a!, reviewerId });
    const twin = await row(b!);
    expect(twin.status).toBe("pending");
    expect(twin.verdict).toBe("duplicate");
    expect(twin.clusterId).toBeNull();
    expect(twin.matches).toEqual([expect.objectContaining({ factId: fact.id, verdict: "duplicate", stage: "hash" })]);
    expect((await queue()).map((u) => u.id)).toEqual([b]);
  });

  it("re-judges a candidate that contradicts a newly approved fact, and gates it", async () => {
    const [early] = await extract(["The launch budget is 40,000 dollars."]);
    const [late] = await extract(["The launch budget is 50,000 dollars."]);
    await approveAndRejudge({ db: db.prisma, candidateId: early!, reviewerId });
    const after = await row(late!);
    expect(after.verdict).toBe("contradicts");
    expect(after.status).toBe("gated");
    expect(after.gateReason).toMatch(/^Contradicts an approved fact: "The launch budget is 40,000 dollars\."/);
  });

  it("gives a cluster's members back to the queue when its head is rejected alone", async () => {
    const [a] = await extract(["Lena prefers weekly releases for the mobile app."]);
    const [b, c] = await extract([
      "Lena prefers weekly releases for the mobile app.",
      "Lena prefers weekly releases for the mobile app!",
    ]);
    await rejectAndRejudge({ db: db.prisma, candidateId: a!, reviewerId });
    const units = await queue();
    expect(units).toHaveLength(1);
    expect([units[0]?.id, ...(units[0]?.members.map((m) => m.id) ?? [])].sort()).toEqual([b, c].sort());
  });

  it("touches only candidates near the change or naming it", async () => {
    const [near, far] = await extract(["Omar owns the status page.", "The security review must finish before launch."]);
    const fact = await addFact(db.prisma, "Omar owns the status page.");
    const before = await row(far!);
    const updated = await rejudgeAfterChange({ db: db.prisma, change: { factIds: [fact.id], texts: [fact.content] } });
    expect(updated).toEqual([near]);
    expect((await row(near!)).verdict).toBe("duplicate");
    expect(await row(far!)).toEqual(before);
  });

  it("changes the queue's stamp when a verdict changes, so open queues fetch themselves again", async () => {
    const [early] = await extract(["The launch budget is 40,000 dollars."]);
    const [late] = await extract(["The launch budget is 50,000 dollars."]);
    const fact = await addFact(db.prisma, "The launch budget is 40,000 dollars.");
    await db.prisma.candidate.delete({ where: { id: early! } });
    const stamp = await getQueueStamp({ db: db.prisma, spaceId: DEFAULT_SPACE_ID });
    expect(await getQueueStamp({ db: db.prisma, spaceId: DEFAULT_SPACE_ID })).toBe(stamp);
    await rejudgeAfterChange({ db: db.prisma, change: { factIds: [fact.id], texts: [fact.content] } });
    expect((await row(late!)).verdict).toBe("contradicts");
    expect(await getQueueStamp({ db: db.prisma, spaceId: DEFAULT_SPACE_ID })).not.toBe(stamp);
  });

  it("leaves a candidate judged the same again as it was: its version stands, a decision on it stands", async () => {
    const [near] = await extract(["The team will move the offsite to Porto in May."]);
    const before = await row(near!);
    // A change nearby that makes no difference to it: re-judged, same verdict and gate, same version.
    await rejudgeAfterChange({ db: db.prisma, change: { texts: ["The team will move the offsite to Porto."] } });
    expect((await row(near!)).version).toBe(before.version);
    // One that does (an approved fact it repeats): the verdict changes, and the version with it.
    const fact = await addFact(db.prisma, "The team will move the offsite to Porto in May.");
    await rejudgeAfterChange({ db: db.prisma, change: { factIds: [fact.id], texts: [fact.content] } });
    const after = await row(near!);
    expect(after.verdict).toBe("duplicate");
    expect(after.version).toBe(before.version + 1);
  });

  it("refuses to approve a card judged a duplicate since it was shown, approves it once that is seen", async () => {
    const [card] = await extract(["The team will move the offsite to Porto in May."]);
    const shown = (await row(card!)).verdict;
    const fact = await addFact(db.prisma, "The team will move the offsite to Porto in May.");
    await rejudgeAfterChange({ db: db.prisma, change: { factIds: [fact.id], texts: [fact.content] } });
    await expect(
      approveAndRejudge({ db: db.prisma, candidateId: card!, reviewerId, seenVerdict: shown }),
    ).rejects.toMatchObject({ code: "CONFLICT", message: expect.stringContaining("now repeats an approved fact") });
    expect((await row(card!)).status).toBe("pending");
    const approved = await approveAndRejudge({
      db: db.prisma,
      candidateId: card!,
      reviewerId,
      seenVerdict: "duplicate",
    });
    expect(approved.id).toBeTruthy();
  });

  it("puts what needs attention first: gated, then contradictions, then the best-ranked", async () => {
    const [minor, major] = await extract(["Lena likes the blue theme.", "Kenji owns the audit log."]);
    // The rank (confidence × importance, stored when the run saved the card) orders the queue, not importance
    // alone: a likely-right, important card comes before an important but unlikely one.
    await db.prisma.candidate.update({ where: { id: minor! }, data: { importance: 0.9, rank: 0.2 } });
    await db.prisma.candidate.update({ where: { id: major! }, data: { importance: 0.5, rank: 0.45 } });
    const [gated] = await extract(["The launch is on Friday."]);
    await db.prisma.candidate.update({ where: { id: gated! }, data: { status: "gated", importance: 0.1, rank: 0.1 } });
    expect((await queue()).map((u) => u.id)).toEqual([gated, major, minor]);
    const byConfidence = await listQueuePage({ db: db.prisma, query: QueueQuerySchema.parse({ sort: "importance" }) });
    expect(byConfidence.units.map((u) => u.id)).toEqual([minor, major, gated]);
    expect(byConfidence.total).toBe(3);
    expect(byConfidence.counts).toMatchObject({ pending: 2, gated: 1 });
  });
});
