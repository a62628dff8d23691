import "server-only";
import { costOfUsage } from "@/lib/models/cost";
import { getEnv } from "@/lib/env";
import { isAppError } from "@/lib/errors";
import type { Db } from "@/lib/db/types";
import { listRunCandidateKeys, saveCandidates } from "@/lib/db/candidates";
import { isEmbeddedClient } from "@/lib/db/client";
import { vacuumRetrievalTablesIfStale } from "@/lib/db/retrieval";
import { listKnownFacts } from "@/lib/db/facts";
import { finishRun, getRunForExtraction, markRunStarted, recordChunkOutcome } from "@/lib/db/runs";
import { getSettings } from "@/lib/db/settings";
import { kindsForPreset } from "@/lib/settings/schema";
import { runExtraction } from "@/lib/extraction/pipeline";
import type { Candidate } from "@/lib/extraction/schema";
import type { Extractor } from "@/lib/extraction/types";
import { approveCandidate } from "@/lib/facts/decide";
import { applyAutoMerges, reviewCandidates } from "@/lib/jobs/review-candidates";
import type { ModelEmbedder } from "@/lib/models";
import { loadSentenceEncoder, type Judge } from "@/lib/review";

const candidateKey = (c: { start: number | null; content: string }) => `${c.start ?? "?"}:${c.content}`;

/**
 * Runs one extraction in the background: the extractor proposes, the review engine judges, and
 * candidates are saved chunk by chunk so the UI can follow along and a crash keeps what was done.
 * With `retry`, only the chunks that did not succeed before are run again, into the same run.
 */
export async function executeExtractionRun({
  db,
  runId,
  extractor,
  embed,
  judge,
  retry = false,
}: {
  db: Db;
  runId: string;
  extractor: Extractor;
  /** The matcher's optional model stages (lib/models buildMatcherModels). */
  embed?: ModelEmbedder;
  judge?: Judge;
  retry?: boolean;
}) {
  const env = getEnv();
  try {
    const settings = await getSettings({ db });
    const run = await getRunForExtraction({ db, runId });
    const source = run.source;
    const skipChunks = retry
      ? new Set(run.chunkLog.filter((e) => e.status === "succeeded").map((e) => e.index))
      : undefined;
    const saved = new Set<string>();
    if (retry) for (const c of await listRunCandidateKeys({ db, runId })) saved.add(candidateKey(c));

    const result = await runExtraction({
      extractor,
      input: {
        text: source.text,
        segments: source.segments,
        kinds: kindsForPreset(run.preset, settings),
        contextHints: source.contextHints ?? undefined,
        sourceDate: source.meetingDate?.toISOString().slice(0, 10),
        knownFacts: await listKnownFacts({ db, take: settings.knownFactsLimit }),
      },
      tokenBudget: env.SIFT_CHUNK_TOKENS,
      concurrency: env.SIFT_LLM_CONCURRENCY,
      skipChunks,
      onStart: (chunks) => markRunStarted({ db, runId, chunksTotal: chunks.length, retry }),
      // The pipeline calls this one chunk at a time, so the counts and the log stay consistent.
      onChunk: async (outcome, candidatesSoFar) => {
        const fresh: Candidate[] = candidatesSoFar.filter((c) => !saved.has(candidateKey(c)));
        for (const c of fresh) saved.add(candidateKey(c));
        const reviews = await reviewCandidates({
          db,
          candidates: fresh,
          thresholds: settings.thresholds,
          policy: settings.gates,
          embed,
          judge,
          // A background job may wait for the encoder's first load (~0.5 s); a page never does.
          encoder: await loadSentenceEncoder(),
        });
        // Auto-approved candidates are saved open and then approved through the same function a
        // reviewer uses, so the fact, its provenance and its revision are made the one way.
        const autoApprove = reviews.filter((r) => r.status === "approved").map((r) => r.id);
        const toSave = reviews.map((r) => (r.status === "approved" ? { ...r, status: "pending" as const } : r));
        await saveCandidates({ db, runId, chunkIndex: outcome.index, candidates: fresh, reviews: toSave });
        for (const candidateId of autoApprove) {
          if (candidateId) await approveCandidate({ db, candidateId, reviewerId: null });
        }
        if (reviews.some((r) => r.status === "merged")) await applyAutoMerges({ db, runId });
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
      error: failed.length
        ? `${failed.length} of ${result.chunks.length} chunks failed: ${failed[0]?.error ?? ""}`
        : null,
      usage: result.usage,
      costUsd: costOfUsage(result.usage, env.SIFT_LLM_PRICE_PER_MTOK),
    });
    // PGlite never autovacuums, and approvals since the last VACUUM slow every band lookup. A finished
    // run is a quiet moment to catch up (a no-op unless a tenth of FactBand needs it; lib/db/retrieval.ts).
    if (isEmbeddedClient(db)) {
      await vacuumRetrievalTablesIfStale({ db }).catch((error: unknown) =>
        console.error("[sift] VACUUM after a run failed", error),
      );
    }
  } catch (error) {
    console.error(`[sift] extraction run ${runId} failed`, error);
    const message = isAppError(error)
      ? error.message
      : "The extraction stopped unexpectedly; what was extracted so far is kept.";
    await finishRun({ db, runId, status: "failed", error: message }).catch((e) => console.error(e));
  }
}
