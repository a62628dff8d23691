import "server-only";
import { log } from "@/lib/log";
import { costOfUsage } from "@/lib/models/cost";
import { getEnv } from "@/lib/env";
import { isAppError } from "@/lib/errors";
import { withTransaction, type Db } from "@/lib/db/types";
import { listRunCandidates, saveCandidates } from "@/lib/db/candidates";
import { isEmbeddedClient } from "@/lib/db/client";
import { vacuumRetrievalTablesIfStale } from "@/lib/db/retrieval";
import { listKnownFacts } from "@/lib/db/facts";
import { beatRun, claimRun, lockClaimedRunForChunk, RunClaimLostError, type ClaimedRun } from "@/lib/db/run-claims";
import { finishRun, getRunForExtraction, markRunStarted, recordChunkOutcome } from "@/lib/db/runs";
import { getSettings } from "@/lib/db/settings";
import { kindsForPreset } from "@/lib/settings/schema";
import { runExtraction } from "@/lib/extraction/pipeline";
import type { Candidate } from "@/lib/extraction/schema";
import type { Extractor } from "@/lib/extraction/types";
import { approveCandidate } from "@/lib/facts/decide";
import { processWorkerId, runsInFlight } from "@/lib/jobs/run-claim-context";
import { applyAutoMerges, reviewCandidates } from "@/lib/jobs/review-candidates";
import type { ModelEmbedder } from "@/lib/models";
import { gatePolicyForOrigin, loadSentenceEncoder, type Judge } from "@/lib/matcher";

/**
 * Rest after each chunk as long as the chunk took on the server's thread, so a run holds about half of it and a
 * page waits behind fewer of its steps; capped, because a chunk's time also counts the pages it waited for, and
 * under steady browsing an uncapped rest more than doubled a run (figures in the README, "Runs off the request
 * path").
 */
const MAX_REST_MS = 50;

const candidateKey = (c: { start: number | null; content: string }) => `${c.start ?? "?"}:${c.content}`;

interface RunModels {
  extractor: Extractor;
  /** The matcher's optional model stages (lib/models buildMatcherModels). */
  embed?: ModelEmbedder;
  judge?: Judge;
}

/**
 * Claims this run, when it is queued or its worker died, and executes it (an ingest or a Retry starts its
 * run at once this way; the worker loop would claim it otherwise). Does nothing when another worker holds it.
 */
export async function executeExtractionRun({ db, runId, ...models }: { db: Db; runId: string } & RunModels) {
  const workerId = processWorkerId();
  const run = await claimRun({ db, workerId, staleMs: getEnv().SIFT_RUN_STALE_MS, runId });
  if (run) await executeClaimedRun({ db, run, workerId, ...models });
}

/**
 * Executes a run `workerId` has claimed, beating while it works. A run claimed more often than
 * SIFT_RUN_MAX_ATTEMPTS allows kept stopping its server (a crash loop): it ends failed instead.
 */
export async function executeClaimedRun({
  db,
  run,
  workerId,
  ...models
}: { db: Db; run: ClaimedRun; workerId: string } & RunModels) {
  const { SIFT_RUN_MAX_ATTEMPTS: maxAttempts, SIFT_RUN_STALE_MS: staleMs } = getEnv();
  if (run.attempts > maxAttempts) {
    const error =
      `Given up after ${maxAttempts} attempts: the server stopped during each of them. ` +
      "What was extracted is kept; Retry to try once more.";
    await finishRun({ db, runId: run.id, workerId, status: "failed", error });
    return;
  }
  const lost = new AbortController();
  const beat = setInterval(
    () =>
      void beatRun({ db, runId: run.id, workerId }).then(
        (held) => held || lost.abort(),
        (error: unknown) => log.error({ runId: run.id, err: error }, "heartbeat failed"),
      ),
    Math.max(100, Math.floor(staleMs / 3)),
  );
  beat.unref();
  runsInFlight().add(run.id);
  try {
    await extract({ db, runId: run.id, workerId, signal: lost.signal, ...models });
  } finally {
    clearInterval(beat);
    runsInFlight().delete(run.id);
  }
}

/**
 * Runs the chunks of a claimed run that are not saved yet: the extractor proposes, the review engine
 * judges, and each chunk's candidates are saved with its log entry in one transaction, so a crash keeps
 * every finished chunk once and a resumed run (after a restart, on another instance, or a Retry) runs
 * only the rest, de-duplicating against what was saved as one uninterrupted run would.
 */
async function extract({
  db,
  runId,
  workerId,
  signal,
  extractor,
  embed,
  judge,
}: { db: Db; runId: string; workerId: string; signal: AbortSignal } & RunModels) {
  const env = getEnv();
  try {
    const settings = await getSettings({ db });
    const run = await getRunForExtraction({ db, runId });
    const source = run.source;
    const skipChunks = new Set(run.chunkLog.filter((e) => e.status === "succeeded").map((e) => e.index));
    const seed = await listRunCandidates({ db, runId });
    const saved = new Set(seed.map(candidateKey));

    const result = await runExtraction({
      extractor,
      input: {
        text: source.text,
        segments: source.segments,
        format: source.format,
        kinds: kindsForPreset(run.preset, settings),
        contextHints: source.contextHints ?? undefined,
        sourceDate: source.meetingDate?.toISOString().slice(0, 10),
        knownFacts: await listKnownFacts({ db, take: settings.knownFactsLimit }),
        signal,
      },
      tokenBudget: env.SIFT_CHUNK_TOKENS,
      concurrency: env.SIFT_LLM_CONCURRENCY,
      skipChunks,
      seed,
      onStart: (chunks) => markRunStarted({ db, runId, chunksTotal: chunks.length }),
      // The pipeline calls this one chunk at a time, so the counts and the log stay consistent.
      onChunk: async (outcome, candidatesSoFar) => {
        // The offline extractor and PGlite both work on this thread, and their promises settle without
        // visiting the event loop: without a turn here, requests and the heartbeat wait for the whole run.
        await new Promise((resolve) => setImmediate(resolve));
        const began = performance.now();
        const fresh: Candidate[] = candidatesSoFar.filter((c) => !saved.has(candidateKey(c)));
        for (const c of fresh) saved.add(candidateKey(c));
        const reviews = await reviewCandidates({
          db,
          candidates: fresh,
          thresholds: settings.thresholds,
          policy: gatePolicyForOrigin(settings.gates, source.origin),
          embed,
          judge,
          // A background job may wait for the encoder's first load (~0.5 s); a page never does.
          encoder: await loadSentenceEncoder(),
        });
        // Auto-approved candidates are saved open and then approved through the same function a
        // reviewer uses, so the fact, its provenance and its revision are made the one way.
        const autoApprove = reviews.filter((r) => r.status === "approved").map((r) => r.id);
        const toSave = reviews.map((r) => (r.status === "approved" ? { ...r, status: "pending" as const } : r));
        await withTransaction(db, async (tx) => {
          const { alreadySaved } = await lockClaimedRunForChunk({ tx, runId, workerId, chunkIndex: outcome.index });
          if (alreadySaved) return;
          await saveCandidates({ db: tx, runId, chunkIndex: outcome.index, candidates: fresh, reviews: toSave });
          for (const candidateId of autoApprove) {
            if (candidateId) await approveCandidate({ db: tx, candidateId, reviewerId: null });
          }
          await recordChunkOutcome({
            db: tx,
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
        });
        if (reviews.some((r) => r.status === "merged")) await applyAutoMerges({ db, runId });
        // Pages share this thread (and, on PGlite, the database) with the run.
        await new Promise((resolve) => setTimeout(resolve, Math.min(MAX_REST_MS, performance.now() - began)));
      },
    });
    // Auto-merges a crash left undone (they follow their chunk's commit) are done before the run ends.
    await applyAutoMerges({ db, runId });
    const failed = result.chunks.filter((c) => c.status === "failed");
    await finishRun({
      db,
      runId,
      workerId,
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
        log.error({ runId, err: error }, "VACUUM after a run failed"),
      );
    }
  } catch (error) {
    if (error instanceof RunClaimLostError || signal.aborted) {
      // Another worker took the run over (this one's beat went stale); it carries on from the saved chunks.
      log.warn({ runId }, "extraction run taken over by another worker; stopped here");
      return;
    }
    log.error({ runId, err: error }, "extraction run failed");
    const message = isAppError(error)
      ? error.message
      : "The extraction stopped unexpectedly; what was extracted so far is kept.";
    await finishRun({ db, runId, workerId, status: "failed", error: message }).catch((e: unknown) =>
      log.error({ runId, err: e }, "recording the failure failed"),
    );
  }
}
