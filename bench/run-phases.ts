/**
 * Where a big offline run's time goes, in one process without a server: the extractor (per chunk), and
 * everything else the run does on this thread (review, matcher, inserts). A ~N MB long transcript on a fresh
 * database, made and run through createQueuedRun and executeExtractionRun (the chain, lib/chain/run.ts) as the app
 * runs it, rests between chunks included.
 *   npx tsx bench/run-phases.ts [--db pglite|postgres] [--mb 5 | --file PATH] [--shape transcript|line|lines]
 *     [--thread on|off]
 * --shape: issue 22's pathological inputs (bench/lib/shapes.ts), `line` sized by --mb.
 * With --thread on the extractor runs on the extraction thread, and "extractor" is the time chunks waited.
 * Add --cpu-prof by running the child yourself: SIFT_BENCH_CHILD=1 node --cpu-prof --import tsx ...
 */
import { readFileSync } from "node:fs";
import { arg, forEachBenchDatabase, relaunchUnderServerCondition } from "./lib/harness";

relaunchUnderServerCondition(import.meta.filename);

const { getRunProgress } = await import("@/lib/db/runs");
const { parseSource } = await import("@/lib/sources/parse");
const { pathologicalText } = await import("./lib/shapes");
const { createOfflineExtractor } = await import("@/lib/extraction/offline");
const { createThreadedOfflineExtractor } = await import("@/lib/extraction/thread/client");
const { executeExtractionRun } = await import("@/lib/jobs/extraction");
const { createQueuedRun } = await import("@/lib/jobs/start-extraction");
const { getEnv } = await import("@/lib/env");

const megabytes = Number(arg("mb", "5"));
// --file: a real transcript (e.g. meetings strung together) instead of the generated one, whose turns repeat.
const file = arg("file", "");
const text = file ? readFileSync(file, "utf8") : pathologicalText(arg("shape", "transcript"), megabytes);

await forEachBenchDatabase(arg("db", "pglite"), async (opened, label) => {
  const db = opened.prisma;
  let t = performance.now();
  const parsed = parseSource({ text, maxBytes: 50 * 1024 * 1024 });
  const parseMs = performance.now() - t;
  const { runId } = await createQueuedRun({
    db,
    env: getEnv(),
    source: { title: "Bench", origin: "paste", parsed },
    preset: "meeting",
    mode: "offline",
  });
  const extractor = arg("thread", "off") === "on" ? createThreadedOfflineExtractor() : createOfflineExtractor();
  let extractMs = 0;
  let chunks = 0;
  const timed = {
    ...extractor,
    name: extractor.name,
    modelId: extractor.modelId,
    promptVersion: extractor.promptVersion,
    async extractChunk(...a: Parameters<typeof extractor.extractChunk>) {
      const s = performance.now();
      try {
        return await extractor.extractChunk(...a);
      } finally {
        extractMs += performance.now() - s;
        chunks++;
      }
    },
  };
  t = performance.now();
  // CPU time as well as wall time: on a machine shared with other work, the CPU a run spends is what compares.
  const cpu = process.cpuUsage();
  await executeExtractionRun({ db, runId, extractor: timed });
  const total = performance.now() - t;
  const used = process.cpuUsage(cpu);
  const p = await getRunProgress({ db, runId });
  const candidates = await db.candidate.count({ where: { runId } });
  console.log(
    `${label} ${(Buffer.byteLength(text) / 1048576).toFixed(1)} MB: parse ${parseMs.toFixed(0)} ms; run ${p?.status} ` +
      `${total.toFixed(0)} ms, ${chunks} chunks, ${candidates} candidates; extractor ${extractMs.toFixed(0)} ms, ` +
      `rest (ground, review, save) ${(total - extractMs).toFixed(0)} ms; ` +
      `CPU ${((used.user + used.system) / 1000).toFixed(0)} ms`,
  );
});
