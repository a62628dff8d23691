import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getQuoteContexts } from "@/lib/db/quote-contexts";
import { listQueuePage } from "@/lib/db/review-queue";
import { getRunProgress } from "@/lib/db/runs";
import { createOfflineExtractor } from "@/lib/extraction/offline";
import type { Extractor } from "@/lib/extraction/types";
import { createThreadedOfflineExtractor, stopExtractionThreads } from "@/lib/extraction/thread/client";
import { executeExtractionRun } from "@/lib/jobs/extraction";
import { parseQueueQuery } from "@/lib/queue/schema";
import { parseSource } from "@/lib/sources/parse";
import { createTestDb, type TestDb } from "@/tests/db";
import { longTranscript } from "@/tests/long-transcript";
import { createPastedRun } from "@/tests/runs";

// Many small chunks: pages are read while the thread works through them.
process.env.SIFT_CHUNK_TOKENS = "200";
process.env.SIFT_LLM_CONCURRENCY = "2";

let db: TestDb;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(async () => {
  await stopExtractionThreads();
  await db?.close();
});

async function newRun(text: string) {
  return (await createPastedRun({ db: db.prisma, text, title: "Long sync" })).run;
}

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean): Promise<T> {
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("the extraction thread", () => {
  it("extracts what the in-process offline extractor does", async () => {
    const text = longTranscript(60);
    const parsed = parseSource({ text, maxBytes: 1_000_000 });
    const input = {
      text: parsed.text,
      segments: parsed.segments,
      kinds: [{ id: "decision", label: "Decision", definition: "" }],
    };
    const chunk = { index: 0, start: 0, end: parsed.text.length, segments: parsed.segments };
    const threaded = await createThreadedOfflineExtractor().extractChunk(input, chunk);
    expect(threaded).toEqual(await createOfflineExtractor().extractChunk(input, chunk));
    expect(threaded.facts.length).toBeGreaterThan(0);
  });

  it("leaves this thread free while it works: the event loop turns during one chunk's extraction", async () => {
    const parsed = parseSource({ text: longTranscript(1_000), maxBytes: 10_000_000 });
    const input = {
      text: parsed.text,
      segments: parsed.segments,
      kinds: [{ id: "decision", label: "Decision", definition: "" }],
    };
    const chunk = { index: 0, start: 0, end: parsed.text.length, segments: parsed.segments };
    const count = async (extractor: Extractor) => {
      let turns = 0;
      let done = false;
      const tick = () => {
        if (done) return;
        turns++;
        setImmediate(tick);
      };
      setImmediate(tick);
      const extracting = extractor.extractChunk(input, chunk).finally(() => (done = true));
      await extracting;
      return turns;
    };
    // The in-process extractor holds the thread for the whole chunk; the threaded one lets it turn.
    expect(await count(createOfflineExtractor())).toBe(0);
    expect(await count(createThreadedOfflineExtractor())).toBeGreaterThan(10);
  });

  it("a page's queries are answered while a long run goes on", async () => {
    // The last chunk waits until the page has been read, so the run is still going whatever the machine's speed.
    const threaded = createThreadedOfflineExtractor();
    let pageRead: () => void = () => {};
    const afterPage = new Promise<void>((resolve) => (pageRead = resolve));
    let lastChunkWaited = false;
    const extractor: Extractor = {
      ...threaded,
      async extractChunk(input, chunk) {
        if (chunk.end === input.text.length) {
          lastChunkWaited = true;
          await afterPage;
        }
        return threaded.extractChunk(input, chunk);
      },
    };
    const run = await newRun(longTranscript(1_500));
    const running = executeExtractionRun({ db: db.prisma, runId: run.id, extractor });
    const started = await until(
      () => getRunProgress({ db: db.prisma, runId: run.id }),
      (p) => (p?.chunksDone ?? 0) >= 2,
    );
    // What /review reads: a page of the queue, then the text around each card's quote.
    const page = await listQueuePage({ db: db.prisma, query: parseQueueQuery({}) });
    const contexts = await getQuoteContexts({ db: db.prisma, candidateIds: page.units.map((u) => u.id) });
    const during = await getRunProgress({ db: db.prisma, runId: run.id });
    expect(page.units.length).toBeGreaterThan(0);
    expect(contexts.size).toBeGreaterThan(0);
    expect(during?.status).toBe("running");
    expect(during!.chunksDone).toBeLessThan(started!.chunksTotal);

    pageRead();
    await running;
    expect(lastChunkWaited).toBe(true);
    const done = await getRunProgress({ db: db.prisma, runId: run.id });
    expect(done?.status).toBe("succeeded");
    expect(done?.chunksDone).toBe(done?.chunksTotal);
  });

  it("a thread that dies fails the run with a clear message, and the process goes on", async () => {
    const crashing = createThreadedOfflineExtractor({ file: "tests/integration/crashing-extraction-thread.mjs" });
    const run = await newRun(longTranscript(200));
    await executeExtractionRun({ db: db.prisma, runId: run.id, extractor: crashing });
    const progress = await getRunProgress({ db: db.prisma, runId: run.id });
    expect(progress?.status).toBe("failed");
    expect(progress?.error).toMatch(/^The extraction thread stopped unexpectedly \(exit code 7\)\./);
    expect(progress?.error).toMatch(/Retry to run the rest/);
    // No chunk was tried after the crash: chunk after chunk would only start a thread to lose it again.
    expect(progress?.chunksDone).toBe(0);

    // A thread started afterwards works.
    const extractor = createThreadedOfflineExtractor();
    const next = await newRun(longTranscript(40));
    await executeExtractionRun({ db: db.prisma, runId: next.id, extractor });
    expect((await getRunProgress({ db: db.prisma, runId: next.id }))?.status).toBe("succeeded");
  });
});
