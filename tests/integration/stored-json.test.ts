import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { saveCandidates } from "@/lib/db/candidates";
import { listQueuePage } from "@/lib/db/review-queue";
import { QueueQuerySchema } from "@/lib/queue/schema";
import { createExtractionRun, getRunForExtraction, getRunProgress } from "@/lib/db/runs";
import { createSource, getSource } from "@/lib/db/sources";
import { createOfflineExtractor } from "@/lib/extraction/offline";
import { executeExtractionRun } from "@/lib/jobs/extraction";
import { applyAutoMerges } from "@/lib/chain/persist";
import { parseSource } from "@/lib/sources/parse";
import { createTestDb, truncateAll, type TestDb } from "@/tests/db";
import { seedCandidates } from "@/tests/integration/helpers";
import { candidate } from "@/tests/review/fixtures";
import { testRunPayload } from "@/tests/runs";
import { log } from "@/lib/log";
import { DEFAULT_SPACE_ID } from "@/lib/spaces/schema";

// Stored JSON written by an older version, or edited by hand, must never crash a page or a run: it is
// logged with the row's id and read as "unreadable" (null) or as empty where a run needs a value.

let db: TestDb;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(async () => db?.close());
beforeEach(async () => truncateAll(db.prisma));

/** Collects the logger's warnings until `stop()`, which returns their messages. */
function spyWarnings() {
  const warn = vi.spyOn(log, "warn");
  return {
    stop: () => {
      const lines = warn.mock.calls.map((args) => args.filter((a) => typeof a === "string").join(" "));
      warn.mockRestore();
      return lines;
    },
  };
}

describe("stored JSON read through its schema", () => {
  it("shows a candidate whose matches are unreadable as such, next to readable ones", async () => {
    const { candidates } = await seedCandidates(db.prisma, [
      { content: "We ship offline mode by the end of Q3." },
      { content: "Marcus owns the migration guide." },
    ]);
    const [broken, fine] = candidates;
    await db.prisma.candidate.update({
      where: { id: broken!.id },
      data: { matches: [{ factId: "f1", content: "x", verdict: "maybe", score: "high" }] },
    });
    const warnings = spyWarnings();
    const queue = (await listQueuePage({ db: db.prisma, query: QueueQuerySchema.parse({}) })).units;
    const logged = warnings.stop();

    expect(queue.find((c) => c.id === broken!.id)?.matches).toBeNull();
    expect(queue.find((c) => c.id === fine!.id)?.matches).toEqual([]);
    expect(logged).toEqual([expect.stringContaining(`Candidate.matches on row ${broken!.id}`)]);
  });

  it("keeps the matches a review stored, field for field", async () => {
    const { run } = await seedCandidates(db.prisma, [{ content: "Placeholder." }]);
    const match = {
      factId: "6c1f0e1e-0000-4000-8000-000000000001",
      content: "We ship offline mode by the end of Q4.",
      score: 0.81,
      verdict: "contradicts" as const,
      stage: "lexical" as const,
      reason: "Conflicting date: 'end of Q3' vs 'end of Q4'",
    };
    await saveCandidates({
      db: db.prisma,
      runId: run.id,
      chunkIndex: 1,
      candidates: [candidate("We ship offline mode by the end of Q3.")],
      reviews: [
        { verdict: "contradicts", verdictStage: "lexical", matches: [match], status: "gated", gateReason: "x" },
      ],
    });
    const queue = (await listQueuePage({ db: db.prisma, query: QueueQuerySchema.parse({ status: "gated" }) })).units;
    expect(queue.map((c) => c.matches)).toEqual([[match]]);
  });

  it("runs an extraction whose source segments and chunk log are unreadable, as plain text", async () => {
    const parsed = parseSource({ text: "Priya: We decided to ship offline mode by the end of Q3.", maxBytes: 1e6 });
    const source = await createSource({
      spaceId: DEFAULT_SPACE_ID,
      db: db.prisma,
      source: { title: "Sync", origin: "paste", parsed },
    });
    const run = await createExtractionRun({
      db: db.prisma,
      sourceId: source.id,
      payload: testRunPayload(),
      promptVersion: null,
    });
    await db.prisma.source.update({ where: { id: source.id }, data: { segments: { not: "a list" } } });
    await db.prisma.extractionRun.update({ where: { id: run.id }, data: { chunkLog: [{ index: "first" }] } });

    const warnings = spyWarnings();
    const loaded = await getRunForExtraction({ db: db.prisma, runId: run.id });
    expect(loaded.source.segments).toEqual([]);
    expect(loaded.chunkLog).toEqual([]);
    expect((await getSource({ db: db.prisma, sourceId: source.id }))?.segments).toBeNull();
    expect((await getRunProgress({ db: db.prisma, runId: run.id }))?.chunkLog).toBeNull();

    await executeExtractionRun({ db: db.prisma, runId: run.id, extractor: createOfflineExtractor() });
    const logged = warnings.stop();
    const progress = await getRunProgress({ db: db.prisma, runId: run.id });
    expect(progress?.status).toBe("succeeded");
    expect(progress?._count.candidates).toBeGreaterThan(0);
    expect(logged.some((l) => l.includes(`Source.segments on row ${source.id}`))).toBe(true);
    expect(logged.some((l) => l.includes(`ExtractionRun.chunkLog on row ${run.id}`))).toBe(true);
  });

  it("returns an auto-merged candidate with unreadable matches to the queue, saying why", async () => {
    const { run, candidates } = await seedCandidates(db.prisma, [{ content: "We ship on Friday." }]);
    const id = candidates[0]!.id;
    await db.prisma.candidate.update({ where: { id }, data: { status: "merged", matches: "not a list" } });
    const warnings = spyWarnings();
    expect(await applyAutoMerges({ db: db.prisma, runId: run.id })).toBe(0);
    expect(warnings.stop()).toEqual([expect.stringContaining(`Candidate.matches on row ${id}`)]);
    const row = await db.prisma.candidate.findUniqueOrThrow({ where: { id } });
    expect(row.status).toBe("pending");
    expect(row.gateReason).toBe("Auto-merge failed: its match data is unreadable");
  });
});
