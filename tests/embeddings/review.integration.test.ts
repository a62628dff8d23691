import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { saveCandidates, type CandidateReview } from "@/lib/db/candidates";
import { parseEnv } from "@/lib/env";
import { approveCandidate } from "@/lib/facts/decide";
import { buildMatcherModels } from "@/lib/models";
import { reviewCandidates } from "@/lib/jobs/review-candidates";
import { createTestDb, truncateAll, type TestDb } from "@/tests/db";
import { addFact, candidate, createSourceWithRun, matchesOf } from "@/tests/review/fixtures";
import {
  defaultEmbeddingReply,
  startFakeOpenAI,
  type FakeEmbeddingReply,
  type FakeOpenAI,
} from "@/tests/fake-openai-server";
import { log } from "@/lib/log";
import { DEFAULT_SPACE_ID } from "@/lib/spaces/schema";

/**
 * Review with an embedding model configured the way a user does (SIFT_EMBEDDING_MODEL + an
 * OpenAI-compatible SIFT_LLM_BASE_URL), over HTTP to the local fake server, on the test database:
 * PGlite finds neighbours with pgvector, PostgreSQL (TEST_DATABASE_URL) with SimHash bands.
 */

describe(`review with stored embeddings over HTTP (${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite"})`, () => {
  let db: TestDb;
  let fake: FakeOpenAI;
  /** Replaces the fake server's embeddings (a hashed bag of words, synonyms equal) for one test. */
  let reply: (() => FakeEmbeddingReply) | undefined;
  let runId: string;
  const embedderFor = ({ timeoutMs = 10_000, model = "fake-embed" } = {}) =>
    buildMatcherModels({
      env: parseEnv({
        SIFT_EMBEDDING_MODEL: model,
        SIFT_LLM_BASE_URL: fake.url,
        SIFT_LLM_MODEL: "fake-model",
        SIFT_LLM_TIMEOUT_MS: String(timeoutMs),
      }),
    }).embed!;

  /** What extraction.ts does per chunk: review, then save with the reviews. */
  async function reviewAndSave(texts: string[], embed = embedderFor()) {
    const candidates = texts.map((t) => candidate(t));
    const reviews = await reviewCandidates({ spaceId: DEFAULT_SPACE_ID, db: db.prisma, candidates, embed });
    await saveCandidates({ db: db.prisma, runId, chunkIndex: 0, candidates, reviews });
    return reviews;
  }

  beforeAll(async () => {
    db = await createTestDb();
    fake = await startFakeOpenAI({ embed: (request) => reply?.() ?? defaultEmbeddingReply(request) });
  });
  afterAll(async () => {
    await fake?.close();
    await db?.close();
  });
  beforeEach(async () => {
    await truncateAll(db.prisma);
    fake.embeddingRequests.length = 0;
    reply = undefined;
    ({ runId } = await createSourceWithRun(db.prisma, "llm"));
  });
  afterEach(() => vi.restoreAllMocks());

  it("finds a reworded duplicate that shares no word with the fact, through the vector path", async () => {
    // Approved before the model was configured: no vector until review backfills it.
    const fact = await addFact(db.prisma, "The new onboarding flow frustrates customers.");
    await addFact(db.prisma, "Marcus owns the billing migration.");

    // A model of its own: the backfill sweep rests a minute after a pass that found nothing to embed.
    const [review] = await reviewAndSave(
      ["Redesigned signup process annoys users."],
      embedderFor({ model: "fake-embed-sweep" }),
    );

    expect(review?.verdict).toBe("duplicate");
    expect(review?.verdictStage).toBe("embedding");
    expect(matchesOf(review)[0]).toMatchObject({ factId: fact.id, verdict: "duplicate", stage: "embedding" });
    // One call for the batch, one to backfill the stored facts; both vectors are kept.
    expect(fake.embeddingRequests.map((r) => r.input)).toEqual([
      ["Redesigned signup process annoys users."],
      expect.arrayContaining([fact.content, "Marcus owns the billing migration."]),
    ]);
    expect(await db.prisma.factEmbedding.count({ where: { model: "fake-embed-sweep" } })).toBe(2);
    expect(await db.prisma.candidateEmbedding.count({ where: { model: "fake-embed-sweep" } })).toBe(1);
  });

  it("finds facts by vector about the card's subject only: Bob's rewording never matches Alice's fact", async () => {
    const fact = await addFact(db.prisma, "The new onboarding flow frustrates customers.");
    await db.prisma.fact.update({ where: { id: fact.id }, data: { subject: "alice" } });
    const review = (subject: string) =>
      reviewCandidates({
        spaceId: DEFAULT_SPACE_ID,
        subject,
        db: db.prisma,
        candidates: [candidate("Redesigned signup process annoys users.")],
        embed: embedderFor(),
      });
    const [aboutBob] = await review("bob");
    expect(aboutBob?.verdict).toBe("new");
    expect(matchesOf(aboutBob).map((m) => m.factId)).not.toContain(fact.id);
    const [aboutAlice] = await review("alice");
    expect(aboutAlice?.verdict).toBe("duplicate");
    expect(matchesOf(aboutAlice)[0]).toMatchObject({ factId: fact.id, stage: "embedding" });
  });

  it("a fact approved from a candidate keeps the candidate's vector: it is never embedded again", async () => {
    const text = "Lee will draft the customer email by Thursday.";
    const [first] = await reviewAndSave([text]);
    const fact = await approveCandidate({ db: db.prisma, candidateId: first!.id!, reviewerId: null });
    expect(await db.prisma.factEmbedding.findUnique({ where: { factId: fact.id } })).toMatchObject({
      model: "fake-embed",
    });

    // A later batch compares with that fact (lexically and by vector) without embedding it.
    const [later] = await reviewAndSave(["Lee will draft the client email by Thursday."]);
    expect(matchesOf(later).map((m) => m.factId)).toContain(fact.id);
    const embeddedTexts = fake.embeddingRequests.flatMap((r) => r.input);
    expect(embeddedTexts.filter((t) => t === text)).toHaveLength(1);
    expect(fake.embeddingRequests).toHaveLength(2);
  });

  it("when the embedding model times out, verdicts are the lexical ones and every candidate is saved", async () => {
    const warn = vi.spyOn(log, "warn");
    await addFact(db.prisma, "The team will ship offline mode by end of Q3.");
    await addFact(db.prisma, "The new onboarding flow frustrates customers.");
    const texts = [
      "The team will ship offline mode by end of Q3.",
      "The team will ship offline mode by end of Q4.",
      "Redesigned signup process annoys users.",
    ];
    const lexical = await reviewCandidates({
      spaceId: DEFAULT_SPACE_ID,
      db: db.prisma,
      candidates: texts.map((t) => candidate(t)),
    });

    reply = () => ({ hang: true });
    const reviews = await reviewAndSave(texts, embedderFor({ timeoutMs: 300 }));

    // Ids are fresh per review: compare matches of earlier candidates by position instead.
    const strip = (rs: CandidateReview[]) =>
      JSON.parse(
        JSON.stringify(rs.map(({ id: _id, ...r }) => r)).replace(
          /"candidateId":"([^"]+)"/g,
          (_, id) => `"candidate":${rs.findIndex((r) => r.id === id)}`,
        ),
      );
    expect(strip(reviews)).toEqual(strip(lexical));
    expect(reviews.map((r) => r.verdict)).toEqual(["duplicate", "contradicts", "new"]);
    expect(await db.prisma.candidate.count({ where: { runId } })).toBe(3);
    expect(await db.prisma.candidateEmbedding.count()).toBe(0);
    expect(warn.mock.calls.map((c) => c.filter((a) => typeof a === "string").join(" ")).join("\n")).toMatch(
      /lexical only/,
    );
  });
});
