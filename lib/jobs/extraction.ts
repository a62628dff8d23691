import "server-only";
import { getEnv } from "@/lib/env";
import type { Db } from "@/lib/db/types";
import { saveCandidates } from "@/lib/db/candidates";
import { listKnownFacts } from "@/lib/db/facts";
import { finishRun, markRunStarted, recordChunkOutcome } from "@/lib/db/runs";
import type { Candidate } from "@/lib/extraction/schema";
import type { Extractor, KindDefinition } from "@/lib/extraction/types";
import { runExtraction } from "@/lib/extraction/pipeline";
import type { Segment } from "@/lib/sources/schema";
import { reviewCandidates } from "@/lib/jobs/review-candidates";

/** Recent approved facts the extractor is told not to extract again (the prompt caps them too). */
const KNOWN_FACTS_LIMIT = 16;

/**
 * Runs one extraction in the background: the extractor proposes, the review engine judges, and
 * candidates are saved chunk by chunk so the UI can follow along and a crash keeps what was done.
 */
export async function executeExtractionRun({
  db,
  runId,
  extractor,
  kinds,
}: {
  db: Db;
  runId: string;
  extractor: Extractor;
  kinds: KindDefinition[];
}) {
  const env = getEnv();
  const run = await db.extractionRun.findUniqueOrThrow({ where: { id: runId }, include: { source: true } });
  const source = run.source;
  const saved = new Set<string>();
  const key = (c: Candidate) => `${c.start ?? "?"}:${c.content}`;

  try {
    const result = await runExtraction({
      extractor,
      input: {
        text: source.text,
        segments: source.segments as unknown as Segment[],
        kinds,
        contextHints: source.contextHints ?? undefined,
        sourceDate: source.meetingDate?.toISOString().slice(0, 10),
        knownFacts: await listKnownFacts({ db, take: KNOWN_FACTS_LIMIT }),
      },
      tokenBudget: env.SIFT_CHUNK_TOKENS,
      concurrency: env.SIFT_LLM_CONCURRENCY,
      onStart: (chunks) => markRunStarted({ db, runId, chunksTotal: chunks.length }),
      // The pipeline calls this one chunk at a time, so the counts and the log stay consistent.
      onChunk: async (outcome, candidatesSoFar) => {
        const fresh = candidatesSoFar.filter((c) => !saved.has(key(c)));
        for (const c of fresh) saved.add(key(c));
        const reviews = await reviewCandidates({ db, sourceId: source.id, candidates: fresh });
        await saveCandidates({ db, runId, chunkIndex: outcome.index, candidates: fresh, reviews });
        await recordChunkOutcome({
          db,
          runId,
          entry: {
            index: outcome.index,
            status: outcome.status,
            error: outcome.error,
            attempts: outcome.attempts,
            ms: outcome.ms,
            candidates: fresh.length,
          },
        });
      },
    });
    const failed = result.chunks.filter((c) => c.status === "failed");
    await finishRun({
      db,
      runId,
      status: result.status,
      error: failed.length ? `${failed.length} of ${result.chunks.length} chunks failed: ${failed[0]?.error ?? ""}` : null,
      usage: result.usage,
    });
  } catch (error) {
    console.error(`[sift] extraction run ${runId} failed`, error);
    const message = error instanceof Error && error.name === "AppError" ? error.message : "The extraction stopped unexpectedly.";
    await finishRun({ db, runId, status: "failed", error: message }).catch((e) => console.error(e));
  }
}
