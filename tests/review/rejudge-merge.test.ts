import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { approveAndRejudge, editAndRejudge, setFactArchivedAndRejudge } from "@/lib/jobs/decisions";
import { rejudgeAfterChange } from "@/lib/jobs/rejudge";
import type { Match } from "@/lib/matcher";
import { createTestDb, truncateAll, type TestDb } from "@/tests/db";
import { addFact, extractCandidates } from "@/tests/review/fixtures";

// Re-judging against the changed fact only (lib/jobs/rejudge-merge.ts): a change to one fact is merged into
// the stored matches of the open candidates near it, the rest of their matches standing; the verdicts are
// stored before the decision returns.

let db: TestDb;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(async () => db?.close());
beforeEach(async () => truncateAll(db.prisma));

/** What an extraction run does with its candidates (tests/review/fixtures.ts). */
const extract = (texts: string[]) => extractCandidates(db.prisma, texts);

const row = (id: string) => db.prisma.candidate.findUniqueOrThrow({ where: { id } });
const matchesOf = async (id: string) => (await row(id)).matches as Match[];
const reviewerId = "local";

describe("re-judging against the changed fact", () => {
  it("approving a candidate turns an open near-identical one into a duplicate of the new fact", async () => {
    const [first] = await extract(["Priya decided to drop the Android beta in March."]);
    // Re-cased and re-punctuated, from another source: a duplicate of the open candidate first.
    const [twin] = await extract(["priya decided to drop the android beta in march!"]);
    expect(await matchesOf(twin!)).toEqual([expect.objectContaining({ candidateId: first, verdict: "duplicate" })]);

    const fact = await approveAndRejudge({ db: db.prisma, candidateId: first!, reviewerId });
    const after = await row(twin!);
    expect(after.status).toBe("pending");
    expect(after.verdict).toBe("duplicate");
    expect(after.clusterId).toBeNull();
    // The decided candidate's pair is gone; the fact that took its place is the match.
    expect(after.matches).toEqual([expect.objectContaining({ factId: fact.id, verdict: "duplicate" })]);
  });

  it("keeps a candidate's other matches when one fact changes", async () => {
    const other = await addFact(db.prisma, "The launch budget is 40,000 dollars.");
    const [card] = await extract(["The launch budget is 50,000 dollars."]);
    expect(await matchesOf(card!)).toEqual([expect.objectContaining({ factId: other.id, verdict: "contradicts" })]);

    const fact = await addFact(db.prisma, "The launch budget is 50,000 dollars.");
    expect(
      await rejudgeAfterChange({ db: db.prisma, change: { factIds: [fact.id], texts: [fact.content] } }),
    ).toHaveLength(1);
    const after = await row(card!);
    expect(after.verdict).toBe("duplicate");
    expect((after.matches as Match[]).map((m) => [m.factId, m.verdict])).toEqual([
      [fact.id, "duplicate"],
      [other.id, "contradicts"],
    ]);
  });

  it("editing a fact away removes the stale duplicate verdict", async () => {
    const fact = await addFact(db.prisma, "Marcus will write the migration guide by Friday.");
    const [card] = await extract(["Marcus will write the migration guide by Friday."]);
    expect((await row(card!)).verdict).toBe("duplicate");

    await editAndRejudge({
      db: db.prisma,
      factId: fact.id,
      expectedVersion: fact.version,
      edits: { content: "The office moves to Lisbon in June." },
      reviewerId,
    });
    const after = await row(card!);
    expect(after.verdict).toBe("new");
    expect(after.matches).toEqual([]);
    expect(after.version).toBe(2);
  });

  it("editing a fact into a candidate's words makes the candidate its duplicate", async () => {
    const fact = await addFact(db.prisma, "The office moves to Lisbon in June.");
    const [card] = await extract(["Marcus will write the migration guide by Friday."]);
    expect((await row(card!)).verdict).toBe("new");

    await editAndRejudge({
      db: db.prisma,
      factId: fact.id,
      expectedVersion: fact.version,
      edits: { content: "Marcus will write the migration guide by Friday." },
      reviewerId,
    });
    expect(await matchesOf(card!)).toEqual([expect.objectContaining({ factId: fact.id, verdict: "duplicate" })]);
  });

  it("archiving a fact removes the duplicate verdict it gave, and bringing it back restores it", async () => {
    const fact = await addFact(db.prisma, "Omar owns the status page.");
    const [card] = await extract(["Omar owns the status page."]);
    expect((await row(card!)).verdict).toBe("duplicate");

    const archived = await setFactArchivedAndRejudge({
      db: db.prisma,
      factId: fact.id,
      expectedVersion: fact.version,
      archived: true,
      reviewerId,
    });
    expect(await row(card!)).toMatchObject({ verdict: "new", matches: [] });

    await setFactArchivedAndRejudge({
      db: db.prisma,
      factId: fact.id,
      expectedVersion: archived.version,
      archived: false,
      reviewerId,
    });
    expect(await row(card!)).toMatchObject({ verdict: "duplicate" });
  });

  it("judges a candidate whose full list lost a pair by retrieval again: the next-best match shows", async () => {
    const texts = [
      "The team will ship offline mode by the end of Q3.",
      "The team will ship offline mode by the end of Q3 for Android.",
      "The team will ship offline mode by the end of Q3 for iOS.",
      "The team will ship offline mode by the end of Q3 for the web.",
      "The team will ship offline mode by the end of Q3 for desktop.",
      "The team will ship offline mode by the end of Q3 for tablets.",
    ];
    const facts = [];
    for (const t of texts) facts.push(await addFact(db.prisma, t));
    const [card] = await extract(["The team will ship offline mode by the end of Q3."]);
    const before = await matchesOf(card!);
    expect(before).toHaveLength(5);
    const shown = new Set(before.map((m) => m.factId));
    const hidden = facts.find((f) => !shown.has(f.id));
    expect(hidden).toBeDefined();

    const dropped = before[0]!.factId!;
    await db.prisma.fact.update({ where: { id: dropped }, data: { status: "archived" } });
    await rejudgeAfterChange({ db: db.prisma, change: { factIds: [dropped], texts: [] } });
    const after = await matchesOf(card!);
    expect(after.map((m) => m.factId)).not.toContain(dropped);
    // Merging alone would leave four: the fact the full list had no room for is found again.
    expect(after.map((m) => m.factId)).toContain(hidden!.id);
  });
});
