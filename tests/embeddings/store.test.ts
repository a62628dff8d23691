import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { saveCandidates } from "@/lib/db/candidates";
import { compareWithStoredCandidates, compareWithStoredFacts } from "@/lib/db/embedding-search";
import {
  detectVectorPath,
  findFactsWithoutEmbedding,
  storeCandidateEmbeddings,
  storeFactEmbeddings,
  type EmbeddingSpace,
} from "@/lib/db/embeddings";
import { approveCandidate, mergeCandidate } from "@/lib/facts/decide";
import { contentHash } from "@/lib/matcher";
import { createTestDb, truncateAll, type TestDb } from "@/tests/db";
import { seedCandidates } from "@/tests/integration/helpers";
import { DEFAULT_SPACE_ID } from "@/lib/spaces/schema";

const DIMS = 32;

/** Deterministic unit vectors; `near(v, c)` is a unit vector at cosine ≈ c to v. */
function rng(seed: number) {
  let s = seed;
  return () => ((s = (s * 48271) % 2147483647) / 2147483647) * 2 - 1;
}
const next = rng(11);
function unit(v: number[]): number[] {
  const n = Math.hypot(...v);
  return v.map((x) => x / n);
}
const randomVector = () => unit(Array.from({ length: DIMS }, next));
function near(v: number[], c: number): number[] {
  const r = randomVector();
  const dot = v.reduce((s, x, i) => s + x * (r[i] ?? 0), 0);
  const orth = unit(r.map((x, i) => x - dot * (v[i] ?? 0)));
  return v.map((x, i) => c * x + Math.sqrt(1 - c * c) * (orth[i] ?? 0));
}

const onWhat = process.env.TEST_DATABASE_URL ? "PostgreSQL: SimHash bands" : "PGlite: pgvector";

describe(`stored embeddings (${onWhat})`, () => {
  let db: TestDb;
  let space: EmbeddingSpace;

  async function addFacts(contents: string[], status: "active" | "archived" = "active") {
    await db.prisma.fact.createMany({
      data: contents.map((content) => ({
        content,
        contentHash: contentHash(content),
        kind: "decision",
        confidence: 0.9,
        importance: 0.5,
        temporal: "present" as const,
        status,
      })),
    });
    return db.prisma.fact
      .findMany({ where: { content: { in: contents } } })
      .then((rows) => contents.map((c) => rows.find((r) => r.content === c)!));
  }

  beforeAll(async () => {
    db = await createTestDb();
    space = { model: "test-embed", dims: DIMS, path: await detectVectorPath({ db: db.prisma }) };
  });
  afterAll(async () => {
    await db?.close();
  });
  beforeEach(async () => {
    await truncateAll(db.prisma);
  });

  it("uses pgvector where the extension exists and SimHash bands where it does not", () => {
    expect(space.path).toBe(db.kind === "pglite" ? "pgvector" : "bands");
  });

  it("finds a fact by vector alone among 600, with its cosine, and scores the facts it is asked about", async () => {
    const contents = Array.from({ length: 600 }, (_, i) => `Statement number ${i}`);
    const facts = await addFacts(contents);
    const vectors = facts.map(() => randomVector());
    await storeFactEmbeddings({
      db: db.prisma,
      space,
      items: facts.map((f, i) => ({ factId: f.id, content: f.content, vector: vectors[i]! })),
    });

    const target = facts[432]!;
    const query = near(vectors[432]!, 0.95);
    const asked = facts[7]!;
    const [result] = await compareWithStoredFacts({
      spaceId: DEFAULT_SPACE_ID,
      db: db.prisma,
      space,
      vectors: [query],
      factIds: [[asked.id]],
      neighbours: 3,
      minSimilarity: 0.75,
    });
    expect(result!.neighbours[0]).toMatchObject({ id: target.id, content: target.content });
    expect(result!.neighbours[0]!.similarity).toBeCloseTo(0.95, 2);
    // Random 32-dimension vectors are far apart: nothing else clears 0.75.
    expect(result!.neighbours).toHaveLength(1);
    const expected = query.reduce((s, x, i) => s + x * (vectors[7]![i] ?? 0), 0);
    expect(result!.similarities.get(asked.id)).toBeCloseTo(expected, 4);

    if (space.path === "pgvector") {
      const indexes = await db.prisma.$queryRaw<Array<{ indexdef: string }>>`
        SELECT indexdef FROM pg_indexes WHERE tablename = 'FactEmbedding' AND indexname LIKE 'FactEmbedding_hnsw_%'`;
      expect(indexes.map((i) => i.indexdef).join()).toMatch(/USING hnsw .*vector\(32\).*vector_cosine_ops.*test-embed/);
    }
  });

  it("ignores other models' vectors, inactive facts, and vectors of a text the fact no longer has", async () => {
    const [active, archived, otherModel] = await addFacts(["Ship offline mode", "Ship dark mode", "Ship the widget"]);
    await db.prisma.fact.update({ where: { id: archived!.id }, data: { status: "archived" } });
    const v = randomVector();
    await storeFactEmbeddings({
      db: db.prisma,
      space,
      items: [
        { factId: active!.id, content: active!.content, vector: v },
        { factId: archived!.id, content: archived!.content, vector: v },
      ],
    });
    await storeFactEmbeddings({
      db: db.prisma,
      space: { ...space, model: "other" },
      items: [{ factId: otherModel!.id, content: otherModel!.content, vector: v }],
    });
    // A backfill that embedded an older text stores nothing.
    const stale = await storeFactEmbeddings({
      db: db.prisma,
      space,
      items: [{ factId: otherModel!.id, content: "Ship the old widget", vector: v }],
    });
    expect(stale).toBe(0);

    const [result] = await compareWithStoredFacts({
      spaceId: DEFAULT_SPACE_ID,
      db: db.prisma,
      space,
      vectors: [v],
      factIds: [[]],
      neighbours: 5,
      minSimilarity: 0.5,
    });
    expect(result!.neighbours.map((n) => n.id)).toEqual([active!.id]);
  });

  it("drops a fact's vector when its text changes, and the sweep offers it for embedding again", async () => {
    const [fact] = await addFacts(["Marcus owns the billing migration"]);
    await storeFactEmbeddings({
      db: db.prisma,
      space,
      items: [{ factId: fact!.id, content: fact!.content, vector: randomVector() }],
    });
    expect(await findFactsWithoutEmbedding({ db: db.prisma, space, ids: [fact!.id], limit: 10 })).toEqual([]);

    await db.prisma.fact.update({ where: { id: fact!.id }, data: { content: "Priya owns the billing migration" } });
    expect(await db.prisma.factEmbedding.count()).toBe(0);
    expect(await db.prisma.factVectorBand.count()).toBe(0);
    expect(await findFactsWithoutEmbedding({ db: db.prisma, space, ids: [fact!.id], limit: 10 })).toEqual([
      { id: fact!.id, content: "Priya owns the billing migration" },
    ]);
  });

  it("the sweep reaches every fact without a vector, a bounded window per call", async () => {
    const facts = await addFacts(Array.from({ length: 25 }, (_, i) => `Backlog item ${i}`));
    const sweepSpace = { ...space, model: "sweep-model" };
    const seen = new Set<string>();
    for (let call = 0; call < 6; call++) {
      const batch = await findFactsWithoutEmbedding({
        db: db.prisma,
        space: sweepSpace,
        ids: [],
        limit: 4,
        sweepWindow: 5,
      });
      expect(batch.length).toBeLessThanOrEqual(4);
      for (const f of batch) seen.add(f.id);
      await storeFactEmbeddings({
        db: db.prisma,
        space: sweepSpace,
        items: batch.map((f) => ({ factId: f.id, content: f.content, vector: randomVector() })),
      });
    }
    // 6 calls of at most 4 cannot cover 25, but nothing is skipped on the way.
    expect(seen.size).toBe(24);
    for (let call = 0; call < 10; call++) {
      const batch = await findFactsWithoutEmbedding({
        db: db.prisma,
        space: sweepSpace,
        ids: [],
        limit: 4,
        sweepWindow: 5,
      });
      for (const f of batch) seen.add(f.id);
      await storeFactEmbeddings({
        db: db.prisma,
        space: sweepSpace,
        items: batch.map((f) => ({ factId: f.id, content: f.content, vector: randomVector() })),
      });
    }
    expect(seen.size).toBe(facts.length);
  });

  it("approving copies the candidate's vector to the fact; approving an edited text does not", async () => {
    const { candidates } = await seedCandidates(db.prisma, [
      { content: "Ship offline mode by Q3" },
      { content: "Drop the Android beta" },
    ]);
    const [kept, edited] = candidates;
    const v = randomVector();
    await storeCandidateEmbeddings({
      db: db.prisma,
      items: [kept!, edited!].map((c) => ({ candidateId: c.id, space, vector: v })),
    });
    const fact = await approveCandidate({ db: db.prisma, candidateId: kept!.id, reviewerId: null });
    const stored = await db.prisma.factEmbedding.findUniqueOrThrow({ where: { factId: fact.id } });
    expect(stored).toMatchObject({ model: space.model, dims: DIMS });
    stored.embedding.forEach((x, i) => expect(x).toBeCloseTo(v[i]!, 6));
    // Without pgvector the copy brings the SimHash keys too, so the fact is found by band lookup at once.
    expect((await db.prisma.factVectorBand.findMany({ where: { factId: fact.id } })).length).toBe(
      space.path === "bands" ? 20 : 0,
    );

    const editedFact = await approveCandidate({
      db: db.prisma,
      candidateId: edited!.id,
      reviewerId: null,
      edits: { content: "Drop the Android beta in May" },
    });
    expect(await db.prisma.factEmbedding.findUnique({ where: { factId: editedFact.id } })).toBeNull();
  });

  it("saveCandidates saves each candidate's vector; merging the same text gives it to a fact without one", async () => {
    const [fact] = await addFacts(["Drop the Android beta"]);
    const { run } = await seedCandidates(db.prisma, [{ content: "Someone else's note" }]);
    const v = randomVector();
    const id = crypto.randomUUID();
    await saveCandidates({
      db: db.prisma,
      runId: run.id,
      chunkIndex: 1,
      candidates: [
        {
          content: "Drop the Android beta",
          kind: "decision",
          confidence: 0.9,
          importance: 0.5,
          temporal: "present",
          speaker: null,
          quote: "Drop the Android beta",
          start: 0,
          end: 21,
          supported: true,
        },
      ],
      reviews: [
        {
          id,
          verdict: "duplicate",
          verdictStage: "hash",
          // As the matcher found it: a merge names a fact among the candidate's matches.
          matches: [
            {
              factId: fact!.id,
              content: fact!.content,
              score: 1,
              verdict: "duplicate",
              stage: "hash",
              reason: "Same text",
            },
          ],
          status: "pending",
          gateReason: null,
          embedding: { space, vector: v },
        },
      ],
    });
    expect(await db.prisma.candidateEmbedding.findUnique({ where: { candidateId: id } })).toMatchObject({
      model: space.model,
      dims: DIMS,
    });
    // A later batch compares with the saved candidate by its stored vector.
    const [sims] = await compareWithStoredCandidates({
      db: db.prisma,
      space,
      vectors: [near(v, 0.9)],
      candidateIds: [[id]],
    });
    expect(sims!.get(id)).toBeCloseTo(0.9, 3);
    await mergeCandidate({ db: db.prisma, candidateId: id, factId: fact!.id, reviewerId: null });
    expect(await db.prisma.factEmbedding.findUnique({ where: { factId: fact!.id } })).toMatchObject({
      model: space.model,
    });
  });
});
