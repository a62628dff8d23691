import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { saveCandidates } from "@/lib/db/candidates";
import { findSimilarFacts } from "@/lib/db/retrieval";
import { applyAutoMerges } from "@/lib/chain/persist";
import { reviewCandidates } from "@/lib/jobs/review-candidates";
import { createTestDb, truncateAll, type TestDb } from "@/tests/db";
import { addFact, candidate, createSourceWithRun, matchesOf } from "@/tests/review/fixtures";
import { generateFacts, insertFacts } from "@/tests/review/generate-facts";
import { DEFAULT_SPACE_ID } from "@/lib/spaces/schema";

describe(`reviewCandidates against the database (${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite"})`, () => {
  let db: TestDb;
  let runId: string;

  beforeAll(async () => {
    db = await createTestDb();
  });
  afterAll(async () => {
    await db?.close();
  });
  beforeEach(async () => {
    await truncateAll(db.prisma);
    ({ runId } = await createSourceWithRun(db.prisma));
  });

  it("calls a candidate equal to an approved fact a duplicate of that fact, with its score", async () => {
    const fact = await addFact(db.prisma, "The team will ship offline mode by end of Q3.");
    await addFact(db.prisma, "Marcus owns the billing migration.");
    const [review] = await reviewCandidates({
      spaceId: DEFAULT_SPACE_ID,
      db: db.prisma,
      candidates: [candidate("The team will ship offline mode by end of Q3.")],
    });
    expect(review?.verdict).toBe("duplicate");
    const matches = matchesOf(review);
    expect(matches[0]).toMatchObject({ factId: fact.id, verdict: "duplicate", score: 1 });
    expect(review?.status).toBe("pending");
    expect(review?.gateReason).toContain("Possible duplicate");
  });

  it("gates a candidate that contradicts an approved fact, saying which one", async () => {
    const fact = await addFact(db.prisma, "The team will ship offline mode by end of Q3.");
    const [review] = await reviewCandidates({
      spaceId: DEFAULT_SPACE_ID,
      db: db.prisma,
      candidates: [candidate("The team will ship offline mode by end of Q4.")],
    });
    expect(review?.verdict).toBe("contradicts");
    expect(review?.status).toBe("gated");
    expect(review?.gateReason).toContain(
      'Contradicts an approved fact: "The team will ship offline mode by end of Q3."',
    );
    expect(matchesOf(review)[0]?.factId).toBe(fact.id);
  });

  it("finds a duplicate among the source's pending candidates, saved or earlier in the batch", async () => {
    await saveCandidates({
      db: db.prisma,
      runId,
      chunkIndex: 0,
      candidates: [candidate("Alice will present the pricing page to the board in April.")],
    });
    const saved = await db.prisma.candidate.findFirstOrThrow({ where: { runId } });
    const reviews = await reviewCandidates({
      spaceId: DEFAULT_SPACE_ID,
      db: db.prisma,
      candidates: [
        candidate("Alice will present the pricing page to the board in April."),
        candidate("Kenji prefers to buy rather than build the audit log."),
        candidate("Kenji prefers to buy rather than build the audit log!"),
      ],
    });
    expect(reviews[0]?.verdict).toBe("duplicate");
    expect(matchesOf(reviews[0])[0]?.candidateId).toBe(saved.id);
    expect(reviews[0]?.clusterId).toBe(saved.id);
    expect(reviews[1]?.verdict).toBe("new");
    expect(reviews[1]?.clusterId).toBeNull();
    expect(reviews[2]?.verdict).toBe("duplicate");
    expect(matchesOf(reviews[2])[0]?.candidateId).toBe(reviews[1]?.id);
    expect(reviews[2]?.clusterId).toBe(reviews[1]?.id);

    // The ids the review chose are the ones the candidates are saved under.
    await saveCandidates({
      db: db.prisma,
      runId,
      chunkIndex: 1,
      candidates: [candidate("x"), candidate("y")],
      reviews: reviews.slice(1),
    });
    expect(
      await db.prisma.candidate.count({ where: { id: { in: [reviews[1]?.id ?? "", reviews[2]?.id ?? ""] } } }),
    ).toBe(2);
  });

  it("clusters with an open candidate of another source, never with a decided one", async () => {
    const other = await createSourceWithRun(db.prisma);
    await saveCandidates({
      db: db.prisma,
      runId: other.runId,
      chunkIndex: 0,
      candidates: [candidate("Omar owns the status page.")],
    });
    const open = await db.prisma.candidate.findFirstOrThrow({ where: { runId: other.runId } });
    await saveCandidates({
      db: db.prisma,
      runId,
      chunkIndex: 0,
      candidates: [candidate("Kenji owns the audit log.")],
      reviews: [{ verdict: "new", verdictStage: "lexical", matches: [], status: "approved", gateReason: null }],
    });
    const [repeat, decidedTwin] = await reviewCandidates({
      spaceId: DEFAULT_SPACE_ID,
      db: db.prisma,
      candidates: [candidate("Omar owns the status page."), candidate("Kenji owns the audit log.")],
    });
    expect(repeat?.verdict).toBe("duplicate");
    expect(matchesOf(repeat)[0]).toMatchObject({ candidateId: open.id, stage: "hash" });
    expect(repeat?.clusterId).toBe(open.id);
    expect(decidedTwin?.verdict).toBe("new");
    expect(decidedTwin?.clusterId).toBeNull();
  });

  it("does not gate two pending candidates about two numbered things as contradicting each other", async () => {
    const reviews = await reviewCandidates({
      spaceId: DEFAULT_SPACE_ID,
      db: db.prisma,
      candidates: [
        candidate("We decided that feature 7 ships on 8 March."),
        candidate("We decided that feature 6 ships on 7 March."),
        candidate("Wave 1 moves 20 customers."),
        candidate("Wave 2 moves 40 customers."),
      ],
    });
    for (const review of reviews) {
      expect(review?.status).toBe("pending");
      expect(review?.gateReason ?? "").not.toContain("Contradicts");
      expect(review?.verdict).not.toBe("contradicts");
    }
    expect(reviews[1]?.verdict).toBe("related");
    expect(matchesOf(reviews[1])[0]?.reason).toContain("Different thing: 'feature 6' → 'feature 7'");
    // The same feature on another date still contradicts the candidate before it.
    const [, later] = await reviewCandidates({
      spaceId: DEFAULT_SPACE_ID,
      db: db.prisma,
      candidates: [candidate("Feature 9 ships on 8 March."), candidate("Feature 9 ships on 9 March.")],
    });
    expect(later?.status).toBe("gated");
    expect(later?.gateReason).toContain("Contradicts another pending candidate");
  });

  it("gates a low-confidence candidate with the reason", async () => {
    const [review] = await reviewCandidates({
      spaceId: DEFAULT_SPACE_ID,
      db: db.prisma,
      candidates: [candidate("Legal will review the CDN contract.", { confidence: 0.4 })],
    });
    expect(review?.status).toBe("gated");
    expect(review?.gateReason).toBe("Low confidence (0.40 < 0.70)");
  });

  it("leaves an unrelated candidate new and pending, and ignores archived facts", async () => {
    await addFact(db.prisma, "Marcus owns the billing migration.");
    await addFact(db.prisma, "The team will open an office in Lisbon next year.", "archived");
    const [review] = await reviewCandidates({
      spaceId: DEFAULT_SPACE_ID,
      db: db.prisma,
      candidates: [candidate("The team will open an office in Lisbon next year.")],
    });
    expect(review).toMatchObject({ verdict: "new", status: "pending", gateReason: null, matches: [] });
  });

  it("auto-merges exact duplicates when the policy allows, adding provenance to the fact", async () => {
    const fact = await addFact(db.prisma, "Grace will pair with Marcus on the partner API.");
    const c = candidate("Grace will pair with Marcus on the partner API.");
    const reviews = await reviewCandidates({
      spaceId: DEFAULT_SPACE_ID,
      db: db.prisma,
      candidates: [c],
      policy: { autoMergeExactDuplicates: true },
    });
    expect(reviews[0]?.status).toBe("merged");
    await saveCandidates({ db: db.prisma, runId, chunkIndex: 0, candidates: [c], reviews });
    const merged = await applyAutoMerges({ db: db.prisma, runId });
    expect(merged).toBe(1);
    expect(await db.prisma.candidate.findFirst({ where: { runId } })).toMatchObject({
      status: "merged",
      reviewerId: null,
    });
    const provenance = await db.prisma.factProvenance.findMany({ where: { factId: fact.id } });
    expect(provenance.map((p) => p.candidateId)).toEqual([reviews[0]?.id]);
    expect(await applyAutoMerges({ db: db.prisma, runId })).toBe(0);
  });

  it("retrieves the right facts among 1,000 seeded ones, exact hits first", async () => {
    const contents = generateFacts(1_000, 11);
    const ids = await insertFacts(db.prisma, contents);
    const target = contents[123] as string;
    const nearMiss = target.replace(/\.$/, " soon.");
    const results = await findSimilarFacts({
      spaceId: DEFAULT_SPACE_ID,
      db: db.prisma,
      texts: [target, nearMiss, "Penguins huddle together on the Antarctic ice."],
      limit: 5,
    });
    expect(results[0]?.[0]).toMatchObject({ id: ids[123], content: target, exact: true });
    expect(results[0]?.[0]?.trigram).toBeCloseTo(1, 5);
    expect(results[0]?.length).toBeLessThanOrEqual(5);
    expect(results[1]?.[0]).toMatchObject({ id: ids[123], exact: false });
    expect(results[2]).toEqual([]);
  });
});
