import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { claimRunForRetry, getRunProgress } from "@/lib/db/runs";
import { saveSettings } from "@/lib/db/settings";
import { approveCandidate } from "@/lib/facts/decide";
import { SettingsSchema } from "@/lib/settings/schema";
import { AppError } from "@/lib/errors";
import { createOfflineExtractor } from "@/lib/extraction/offline";
import type { Extractor } from "@/lib/extraction/types";
import { executeExtractionRun } from "@/lib/jobs/extraction";
import { createTestDb, truncateAll, type TestDb } from "@/tests/db";
import { insertFacts } from "@/tests/review/generate-facts";
import { generateVariedFacts } from "@/tests/review/generate-varied-facts";
import { createPastedRun } from "@/tests/runs";

// Small chunks, so a short transcript spans several and one can fail alone.
process.env.SIFT_CHUNK_TOKENS = "40";
process.env.SIFT_LLM_CONCURRENCY = "2";

const TRANSCRIPT = [
  "Priya: Hi everyone, thanks for joining.",
  "Priya: We decided to ship offline mode by the end of Q3.",
  "Marcus: The launch budget cannot exceed forty thousand dollars.",
  "Marcus: I will write the migration guide by Friday.",
  "Lena: I prefer weekly releases over monthly ones for the mobile app.",
  "Lena: We learned that skipping the load test caused the outage in March.",
].join("\n");

let db: TestDb;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(async () => db?.close());
beforeEach(async () => truncateAll(db.prisma));

function newRun() {
  return createPastedRun({ db: db.prisma, text: TRANSCRIPT });
}

describe("an extraction run", () => {
  it("saves grounded candidates with their spans and finishes succeeded", async () => {
    const extractor = createOfflineExtractor();
    const { source, run } = await newRun();
    await executeExtractionRun({ db: db.prisma, runId: run.id, extractor });

    const progress = await getRunProgress({ db: db.prisma, runId: run.id });
    expect(progress?.status).toBe("succeeded");
    expect(progress!.chunksTotal).toBeGreaterThan(1);
    expect(progress!.chunksDone).toBe(progress!.chunksTotal);
    const candidates = await db.prisma.candidate.findMany({ where: { runId: run.id } });
    expect(candidates.length).toBeGreaterThanOrEqual(3);
    expect(candidates.some((c) => /offline mode/i.test(c.content) && c.speaker === "Priya")).toBe(true);
    for (const c of candidates.filter((c) => c.supported)) {
      expect(source.text.slice(c.start!, c.end!)).toBe(c.quote);
    }
    expect(candidates.some((c) => /thanks for joining/i.test(c.content))).toBe(false);
  });

  it("keeps the other chunks' candidates when one chunk fails, and a retry finishes only what failed", async () => {
    const offline = createOfflineExtractor();
    let failures = 0;
    const flaky: Extractor = {
      name: "offline",
      modelId: null,
      promptVersion: "offline-1",
      async extractChunk(input, chunk) {
        if (chunk.index === 1 && failures === 0) {
          failures++;
          throw new AppError("MODEL_ERROR", "The model timed out after 60 s");
        }
        return offline.extractChunk(input, chunk);
      },
    };
    const { run } = await newRun();
    await executeExtractionRun({ db: db.prisma, runId: run.id, extractor: flaky });

    const partial = await getRunProgress({ db: db.prisma, runId: run.id });
    expect(partial?.status).toBe("partial");
    expect(partial?.chunksFailed).toBe(1);
    expect(partial?.error).toMatch(/1 of \d+ chunks failed: The model timed out after 60 s/);
    const kept = await db.prisma.candidate.count({ where: { runId: run.id } });
    expect(kept).toBeGreaterThan(0);

    await claimRunForRetry({ db: db.prisma, runId: run.id });
    await executeExtractionRun({ db: db.prisma, runId: run.id, extractor: flaky });
    const done = await getRunProgress({ db: db.prisma, runId: run.id });
    expect(done?.status).toBe("succeeded");
    expect(done?.chunksDone).toBe(done?.chunksTotal);
    expect(done?.chunksFailed).toBe(0);
    const all = await db.prisma.candidate.findMany({ where: { runId: run.id } });
    expect(all.length).toBeGreaterThan(kept);
    const keys = all.map((c) => `${c.start}:${c.content}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("a run whose extractor throws something unexpected is failed with a readable message", async () => {
    const broken: Extractor = {
      name: "offline",
      modelId: null,
      promptVersion: "offline-1",
      async extractChunk() {
        throw new TypeError("cannot read properties of undefined");
      },
    };
    const { run } = await newRun();
    await executeExtractionRun({ db: db.prisma, runId: run.id, extractor: broken });
    const progress = await getRunProgress({ db: db.prisma, runId: run.id });
    expect(progress?.status).toBe("failed");
    expect(progress?.error).not.toMatch(/undefined/);
  });
});

it("facts already approved, said again, come back as their duplicates (to merge), never as new", async () => {
  const extractor = createOfflineExtractor();
  const first = await newRun();
  await executeExtractionRun({ db: db.prisma, runId: first.run.id, extractor });
  const firstCandidates = await db.prisma.candidate.findMany({
    where: { runId: first.run.id, status: { in: ["pending", "gated"] } },
  });
  expect(firstCandidates.length).toBeGreaterThan(0);
  for (const c of firstCandidates) await approveCandidate({ db: db.prisma, candidateId: c.id, reviewerId: "local" });
  const second = await newRun();
  await executeExtractionRun({ db: db.prisma, runId: second.run.id, extractor });
  const again = await db.prisma.candidate.findMany({ where: { runId: second.run.id } });
  const approvedContents = new Set(firstCandidates.map((c) => c.content));
  const repeats = again.filter((c) => approvedContents.has(c.content));
  // Nothing vanishes: each repeat is proposed, judged a duplicate of the fact it repeats, so a merge adds this
  // meeting as its source.
  expect(repeats.length).toBe(firstCandidates.length);
  for (const c of repeats) expect(c.verdict).toBe("duplicate");
});

describe("gate policy applied when a run saves its candidates", () => {
  it("auto-approve, when enabled, turns confident new candidates into facts marked as automatic", async () => {
    await saveSettings({
      db: db.prisma,
      spaceId: "default",
      settings: SettingsSchema.parse({ gates: { autoApprove: { enabled: true, minConfidence: 0.8 } } }),
    });
    // The policy is under test, not the offline model's probabilities: decisions come back sure, the rest not.
    const offline = createOfflineExtractor();
    const extractor: Extractor = {
      ...offline,
      async extractChunk(input, chunk) {
        const result = await offline.extractChunk(input, chunk);
        const facts = result.facts.map((f) => ({ ...f, confidence: f.kind === "decision" ? 0.95 : 0.5 }));
        return { ...result, facts };
      },
    };
    const { run } = await newRun();
    await executeExtractionRun({ db: db.prisma, runId: run.id, extractor });

    const approved = await db.prisma.candidate.findMany({ where: { runId: run.id, status: "approved" } });
    expect(approved.length).toBeGreaterThan(0);
    expect(approved.every((c) => c.confidence >= 0.8 && c.supported && c.reviewerId === null)).toBe(true);
    const facts = await db.prisma.fact.findMany({ include: { revisions: true, provenance: true } });
    expect(facts).toHaveLength(approved.length);
    for (const fact of facts) {
      expect(fact.revisions[0]).toMatchObject({
        reviewerId: null,
        reason: "Approved automatically by the gate policy",
      });
      expect(fact.provenance[0]?.runId).toBe(run.id);
    }
    const open = await db.prisma.candidate.findMany({ where: { runId: run.id, status: { in: ["pending", "gated"] } } });
    expect(open.every((c) => c.confidence < 0.8 || !c.supported || c.verdict !== "new")).toBe(true);
  });

  it("auto-merge, when enabled, folds exact duplicates of approved facts into them", async () => {
    const extractor = createOfflineExtractor();
    const first = await newRun();
    await executeExtractionRun({ db: db.prisma, runId: first.run.id, extractor });
    for (const c of await db.prisma.candidate.findMany({
      where: { runId: first.run.id, status: { in: ["pending", "gated"] } },
    })) {
      await approveCandidate({ db: db.prisma, candidateId: c.id, reviewerId: "local" });
    }
    const factsBefore = await db.prisma.fact.count();

    // With known facts passed in, the extractor would skip them; the matcher is the net behind it. An exact
    // repeat merges whatever the extractor's confidence, under the default gate.
    await saveSettings({
      db: db.prisma,
      spaceId: "default",
      settings: SettingsSchema.parse({ knownFactsLimit: 0, gates: { autoMergeExactDuplicates: true } }),
    });
    const second = await newRun();
    await executeExtractionRun({ db: db.prisma, runId: second.run.id, extractor });

    expect(await db.prisma.fact.count()).toBe(factsBefore);
    const merged = await db.prisma.candidate.findMany({ where: { runId: second.run.id, status: "merged" } });
    expect(merged.length).toBeGreaterThan(0);
    const provenance = await db.prisma.factProvenance.findMany({ where: { runId: second.run.id } });
    expect(provenance.map((p) => p.candidateId).sort()).toEqual(merged.map((c) => c.id).sort());
  });
});

describe("an extraction run on the embedded database", () => {
  // PGlite only: PostgreSQL servers autovacuum on their own, and Sift leaves them to it.
  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
    "vacuums the retrieval tables when they went stale since the last VACUUM",
    async () => {
      await insertFacts(db.prisma, generateVariedFacts(300, 3));
      const visible = async () =>
        (
          await db.prisma.$queryRaw<
            Array<{ v: number }>
          >`SELECT relallvisible::float8 AS v FROM pg_class WHERE oid = '"FactBand"'::regclass`
        )[0]?.v ?? 0;
      expect(await visible()).toBe(0);
      const extractor = createOfflineExtractor();
      const { run } = await newRun();
      await executeExtractionRun({ db: db.prisma, runId: run.id, extractor });
      expect((await getRunProgress({ db: db.prisma, runId: run.id }))?.status).toBe("succeeded");
      expect(await visible()).toBeGreaterThan(0);
    },
  );
});
