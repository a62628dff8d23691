/**
 * The cost of the embedding path of review: reviewCandidates for 50 candidates against N facts that all
 * have stored vectors, with an embedding model (the local fake OpenAI-compatible server, over HTTP) and
 * without (lexical only), interleaved run by run so other load on the machine hits both alike.
 *   npx tsx bench/review-embeddings.ts [--facts 10000] [--db pglite|postgres|both] [--runs 10] [--dims 768]
 * PGlite finds neighbours with pgvector (HNSW); PostgreSQL (BENCH_DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres, a fresh database sift_bench_<random> dropped at the end) has
 * no pgvector here and uses SimHash bands + cosine in JS. Facts from tests/review/generate-varied-facts.ts;
 * their vectors are the fake server's (fakeEmbedding), stored before timing. Candidates: 15 duplicates
 * (verbatim, re-cased, synonyms swapped), 15 near-misses (a number changed), 20 unseen statements.
 * Prints medians and p95 after 2 warm-up runs, and a breakdown of the vector path.
 */
import { arg, forEachBenchDatabase, pct, relaunchUnderServerCondition, timed } from "./lib/harness";
import { DEFAULT_SPACE_ID } from "@/lib/spaces/schema";

relaunchUnderServerCondition(import.meta.filename);

const { randomBytes, randomUUID } = await import("node:crypto");
const { saveCandidates } = await import("@/lib/db/candidates");
const emb = await import("@/lib/db/embeddings");
const { compareWithStoredFacts } = await import("@/lib/db/embedding-search");
const { parseEnv } = await import("@/lib/env");
const { buildMatcherModels } = await import("@/lib/models");
const { reviewCandidates } = await import("@/lib/jobs/review-candidates");
const { findSimilarFacts } = await import("@/lib/db/retrieval");
const { insertFacts } = await import("@/tests/review/generate-facts");
const { generateVariedFacts } = await import("@/tests/review/generate-varied-facts");
const { fakeEmbedding, startFakeOpenAI, SYNONYMS } = await import("@/tests/fake-openai-server");
const { testRunPayload } = await import("@/tests/runs");
type OpenedDatabase = import("@/lib/db/client").OpenedDatabase;
type Candidate = import("@/lib/extraction/schema").Candidate;

const size = Number(arg("facts", "10000"));
const which = arg("db", "both");
const runs = Math.max(5, Number(arg("runs", "10")));
const dims = Number(arg("dims", "768"));

const all = generateVariedFacts(size + 20, 7);
const swapSynonyms = (s: string) =>
  s.replace(/[A-Za-z]+/g, (w) => Object.entries(SYNONYMS).find(([k, v]) => v === w.toLowerCase() && k !== v)?.[0] ?? w);

function candidates(): Candidate[] {
  const step = Math.floor(size / 31);
  const dups = Array.from({ length: 15 }, (_, k) => {
    const s = all[k * step] as string;
    return k % 3 === 0 ? s : k % 3 === 1 ? s.toLowerCase().replace(/\.$/, "") : swapSynonyms(s);
  });
  const near = Array.from({ length: 15 }, (_, k) =>
    (all[(k + 15) * step + 1] as string).replace(/\d+/, (d) => String(Number(d) + 1)),
  );
  return [...dups, ...near, ...all.slice(size, size + 20)].map((content) => ({
    content,
    kind: "decision",
    confidence: 0.9,
    importance: 0.5,
    temporal: "present",
    speaker: null,
    quote: content,
    start: 0,
    end: content.length,
    supported: true,
  }));
}

const ms = (x: number) => `${x.toFixed(1)} ms`;
const fake = await startFakeOpenAI({ embeddingDims: dims });
const embed = buildMatcherModels({
  env: parseEnv({ SIFT_EMBEDDING_MODEL: "fake-embed", SIFT_LLM_BASE_URL: fake.url, SIFT_LLM_MODEL: "fake-model" }),
}).embed!;

async function benchOne(db: OpenedDatabase, label: string) {
  const other = await db.prisma.source.create({
    data: { title: "saves", origin: "paste", text: "saves", contentHash: randomBytes(8).toString("hex") },
  });
  const run = await db.prisma.extractionRun.create({
    data: { payload: testRunPayload(), sourceId: other.id, extractor: "bench", status: "running" },
  });

  let t = performance.now();
  const ids = await insertFacts(db.prisma, all.slice(0, size));
  const factsMs = performance.now() - t;
  const space = { model: embed.modelId, dims, path: await emb.detectVectorPath({ db: db.prisma }) };
  t = performance.now();
  for (let i = 0; i < ids.length; i += 1000) {
    const items = ids.slice(i, i + 1000).map((id, j) => ({
      factId: id,
      content: all[i + j] as string,
      vector: fakeEmbedding(all[i + j] as string, dims),
    }));
    await emb.storeFactEmbeddings({ db: db.prisma, space, items });
  }
  const vectorsMs = performance.now() - t;
  t = performance.now();
  await emb.ensureVectorIndex({ db: db.prisma, space });
  const indexMs = performance.now() - t;
  await db.prisma.$executeRawUnsafe(`VACUUM ANALYZE "Fact", "FactBand", "FactEmbedding", "FactVectorBand"`);
  console.log(
    `${label}: ${size} facts seeded in ${(factsMs / 1000).toFixed(1)} s; ` +
      `${dims}-d vectors stored in ${(vectorsMs / 1000).toFixed(1)} s` +
      (space.path === "pgvector"
        ? `; HNSW index built in ${(indexMs / 1000).toFixed(1)} s`
        : `; ${await bandRows(db)} FactVectorBand rows`),
  );

  const batch = candidates();
  const texts = batch.map((c) => c.content);
  const lexical: number[] = [];
  const withVectors: number[] = [];
  const parts = {
    embed: [] as number[],
    retrieval: [] as number[],
    missing: [] as number[],
    compare: [] as number[],
    save: [] as number[],
    saveLexical: [] as number[],
  };
  let changed = 0;
  let neighbours = 0;
  for (let r = 0; r < runs + 2; r++) {
    const into = (xs: number[]) => (r >= 2 ? xs : []);
    const plain = await timed(into(lexical), () =>
      reviewCandidates({ spaceId: DEFAULT_SPACE_ID, db: db.prisma, candidates: batch }),
    );
    const reviews = await timed(into(withVectors), () =>
      reviewCandidates({ spaceId: DEFAULT_SPACE_ID, db: db.prisma, candidates: batch, embed }),
    );
    changed = reviews.filter((x, i) => x.verdict !== plain[i]?.verdict).length;
    neighbours = reviews.filter((x) => JSON.stringify(x.matches).includes('"stage":"embedding"')).length;

    // The vector path step by step, as lib/chain/match-vectors.ts runs it.
    const vectors = (await timed(into(parts.embed), () => embed(texts))).embeddings;
    const similar = await timed(into(parts.retrieval), () =>
      findSimilarFacts({ spaceId: DEFAULT_SPACE_ID, db: db.prisma, texts, limit: 8 }),
    );
    const lexicalIds = similar.map((l) => l.map((f) => f.id));
    await timed(into(parts.missing), () =>
      emb.findFactsWithoutEmbedding({ db: db.prisma, space, ids: lexicalIds.flat(), limit: 100 }),
    );
    await timed(into(parts.compare), () =>
      compareWithStoredFacts({
        spaceId: DEFAULT_SPACE_ID,
        db: db.prisma,
        space,
        vectors,
        factIds: lexicalIds,
        neighbours: 4,
        minSimilarity: 0.75,
      }),
    );
    const stored = reviews.map((x) => ({ ...x, id: randomUUID() }));
    await timed(into(parts.save), () =>
      saveCandidates({ db: db.prisma, runId: run.id, chunkIndex: r, candidates: batch, reviews: stored }),
    );
    const bare = reviews.map(({ embedding: _e, ...x }) => ({ ...x, id: randomUUID() }));
    await timed(into(parts.saveLexical), () =>
      saveCandidates({ db: db.prisma, runId: run.id, chunkIndex: r, candidates: batch, reviews: bare }),
    );
  }
  const d = pct(withVectors, 50) - pct(lexical, 50);
  console.log(
    `${label.padEnd(8)} reviewCandidates, 50 candidates: ` +
      `lexical only median ${ms(pct(lexical, 50))} (p95 ${ms(pct(lexical, 95))}); ` +
      `with embeddings median ${ms(pct(withVectors, 50))} (p95 ${ms(pct(withVectors, 95))}); ` +
      `vector path +${ms(d)} (${runs} runs each, interleaved)\n` +
      `${"".padEnd(9)}steps (medians): embedMany over HTTP ${ms(pct(parts.embed, 50))}, ` +
      `lexical retrieval ${ms(pct(parts.retrieval, 50))} (in parallel with it), ` +
      `missing-vector check ${ms(pct(parts.missing, 50))}, ` +
      `nearest + pair cosines (${space.path}) ${ms(pct(parts.compare, 50))}\n` +
      `${"".padEnd(9)}saveCandidates: with 50 vectors ${ms(pct(parts.save, 50))}, ` +
      `without ${ms(pct(parts.saveLexical, 50))}; ` +
      `verdicts changed by embeddings: ${changed}/50; candidates with an embedding-stage match: ${neighbours}/50`,
  );
}

async function bandRows(db: OpenedDatabase): Promise<number> {
  const [row] = await db.prisma.$queryRaw<Array<{ n: number }>>`SELECT count(*)::int AS n FROM "FactVectorBand"`;
  return row?.n ?? 0;
}

try {
  await forEachBenchDatabase(which, benchOne);
} finally {
  await fake.close();
}
