import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reviewCandidates } from "@/lib/jobs/review-candidates";
import { createTestDb, type TestDb } from "@/tests/db";
import { candidate } from "@/tests/review/fixtures";
import { insertFacts } from "@/tests/review/generate-facts";
import { DEFAULT_SPACE_ID } from "@/lib/spaces/schema";

const onWhat = process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite";

// reviewCandidates retrieves a batch in chunks and matches one chunk while the next is fetched: every
// candidate must still be judged against its own look-alikes, wherever it falls in the batch.
describe(`reviewCandidates on a batch retrieved in chunks (${onWhat})`, () => {
  let db: TestDb;
  const facts = [
    "Priya will ship the billing dashboard by end of Q3.",
    "Marcus owns the audit log.",
    "The search API has 14 open bugs.",
    "Northwave pays 4000 euros per month.",
    "Legal asked the vendor to review the CDN contract.",
    "The mobile team will hire a contractor for the offline sync in March.",
  ];
  let ids: string[];

  beforeAll(async () => {
    db = await createTestDb();
    ids = await insertFacts(db.prisma, facts);
  });
  afterAll(async () => {
    await db?.close();
  });

  it("matches each candidate with its own fact and the batch's earlier candidates", async () => {
    const texts = [
      facts[3] as string, // duplicate of fact 3
      "Penguins huddle together on the Antarctic ice.", // new
      "The search API has 15 open bugs.", // contradicts fact 2
      facts[0] as string, // duplicate of fact 0
      "Kenji prefers to buy rather than build the audit log.", // new
      "The mobile team will hire a contractor for the offline sync in April.", // contradicts fact 5
      "Kenji prefers to buy rather than build the audit log!", // duplicate of candidate 4, in the other chunk
    ];
    const reviews = await reviewCandidates({
      spaceId: DEFAULT_SPACE_ID,
      db: db.prisma,
      candidates: texts.map((t) => candidate(t)),
    });
    const first = (k: number) => (reviews[k]?.matches as Array<{ factId?: string; candidateId?: string }>)[0];
    expect(reviews.map((r) => r.verdict)).toEqual([
      "duplicate",
      "new",
      "contradicts",
      "duplicate",
      "new",
      "contradicts",
      "duplicate",
    ]);
    expect(first(0)?.factId).toBe(ids[3]);
    expect(first(2)?.factId).toBe(ids[2]);
    expect(first(3)?.factId).toBe(ids[0]);
    expect(first(5)?.factId).toBe(ids[5]);
    expect(first(6)?.candidateId).toBe(reviews[4]?.id);
  });
});
