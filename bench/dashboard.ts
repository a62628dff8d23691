/**
 * The dashboard's queries (lib/db/dashboard.ts) over a large base: N facts across statuses and kinds, and M
 * candidates from 100 runs (two extractors, three prompt versions) spread over 60 days, a third still open,
 * the decided ones with their events. Each query 100 times after 10 warm-ups, then the whole page's set
 * as the page runs it; p50 and p95.
 *   npx tsx bench/dashboard.ts [--facts 100000] [--candidates 10000] [--db pglite|postgres|both]
 */
import { arg, forEachBenchDatabase, pct, relaunchUnderServerCondition, timed } from "./lib/harness";
import { DEFAULT_SPACE_ID } from "@/lib/spaces/schema";

relaunchUnderServerCondition(import.meta.filename);

const dashboard = await import("@/lib/db/dashboard");
const { insertFacts } = await import("@/tests/review/generate-facts");
const { generateVariedFacts } = await import("@/tests/review/generate-varied-facts");

const factCount = Number(arg("facts", "100000"));
const candidateCount = Number(arg("candidates", "10000"));
const facts = generateVariedFacts(factCount, 5);

type Prisma = import("@/lib/db/client").PrismaClient;

async function seed(db: Prisma) {
  await insertFacts(db, facts);
  // Kinds and statuses spread as a real base would have them: mostly active, some superseded or archived.
  await db.$executeRawUnsafe(`
    UPDATE "Fact" SET
      "kind" = (ARRAY['decision','commitment','constraint','preference','fact','risk'])[1 + abs(hashtext("id")) % 6],
      "status" = (CASE WHEN abs(hashtext("id")) % 10 = 0 THEN 'superseded'
                       WHEN abs(hashtext("id")) % 25 = 1 THEN 'archived' ELSE 'active' END)::"FactStatus"`);
  await db.$executeRawUnsafe(`
    INSERT INTO "Source" ("id", "title", "origin", "text", "contentHash")
    SELECT 'src-' || i, 'Bench meeting ' || i, 'paste', 'Priya: hello', 'h' || i FROM generate_series(1, 100) i`);
  await db.$executeRawUnsafe(`
    INSERT INTO "ExtractionRun" ("id", "sourceId", "extractor", "modelId", "promptVersion", "status",
                                 "inputTokens", "outputTokens", "costUsd", "durationMs", "createdAt")
    SELECT 'run-' || i, 'src-' || i, CASE WHEN i % 2 = 0 THEN 'llm' ELSE 'offline' END,
           CASE WHEN i % 2 = 0 THEN 'gpt-bench' END,
           CASE WHEN i % 2 = 1 THEN 'offline-2' WHEN i % 4 = 0 THEN 'extract-v2' ELSE 'custom-1a2b3c4d' END,
           'succeeded', 1000 * i, 100 * i, 0.001 * i, 500 * i, now() - (i || ' hours')::interval
    FROM generate_series(1, 100) i`);
  await db.$executeRawUnsafe(`
    INSERT INTO "Candidate" ("id", "runId", "content", "kind", "confidence", "importance", "temporal", "quote",
                             "status", "createdAt", "reviewedAt")
    SELECT 'cand-' || i, 'run-' || (1 + i % 100), 'Statement ' || i,
           (ARRAY['decision','commitment','constraint','preference','fact','risk'])[1 + i % 6], 0.8, 0.5, 'present',
           'Statement ' || i,
           (ARRAY['pending','pending','pending','gated','approved','approved','approved','merged','rejected',
                  'rejected'])[1 + (i * 7) % 10]::"CandidateStatus",
           now() - ((i % 60) || ' days')::interval,
           CASE WHEN (i * 7) % 10 >= 4 THEN now() - ((i % 60) || ' days')::interval + ((i % 5) || ' days')::interval
           END
    FROM generate_series(1, ${candidateCount}) i`);
  await db.$executeRawUnsafe(`
    INSERT INTO "CandidateEvent" ("id", "candidateId", "action", "createdAt")
    SELECT 'ev-' || "id", "id", "status"::text, "reviewedAt" FROM "Candidate" WHERE "reviewedAt" IS NOT NULL`);
  for (const table of ["Fact", "Candidate", "CandidateEvent", "ExtractionRun"]) {
    await db.$executeRawUnsafe(`VACUUM ANALYZE "${table}"`);
  }
}

await forEachBenchDatabase(arg("db", "both"), async (opened, label) => {
  const db = opened.prisma;
  const seeded = performance.now();
  await seed(db);
  const seconds = ((performance.now() - seeded) / 1000).toFixed(0);
  console.log(`\n${label}: ${factCount} facts, ${candidateCount} candidates seeded in ${seconds} s`);
  const queries: Record<string, () => Promise<unknown>> = {
    getStatusCounts: () => dashboard.getStatusCounts({ db, spaceId: DEFAULT_SPACE_ID }),
    getApprovalRates: () => dashboard.getApprovalRates({ db, spaceId: DEFAULT_SPACE_ID }),
    getBacklogByDay: () => dashboard.getBacklogByDay({ db, spaceId: DEFAULT_SPACE_ID }),
    listRecentRuns: () => dashboard.listRecentRuns({ db, spaceId: DEFAULT_SPACE_ID }),
    "the page (all four)": () =>
      dashboard
        .getStatusCounts({ db, spaceId: DEFAULT_SPACE_ID })
        .then(() =>
          Promise.all([
            dashboard.getApprovalRates({ db, spaceId: DEFAULT_SPACE_ID }),
            dashboard.getBacklogByDay({ db, spaceId: DEFAULT_SPACE_ID }),
            dashboard.listRecentRuns({ db, spaceId: DEFAULT_SPACE_ID }),
          ]),
        ),
  };
  for (const [name, run] of Object.entries(queries)) {
    const times: number[] = [];
    for (let i = 0; i < 110; i++) {
      const t: number[] = [];
      await timed(t, run);
      if (i >= 10) times.push(t[0] as number);
    }
    console.log(`${name.padEnd(22)} p50 ${pct(times, 50).toFixed(1)} ms, p95 ${pct(times, 95).toFixed(1)} ms`);
  }
});
