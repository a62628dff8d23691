import "server-only";
import { completeLegacyPayload, type RunPayload } from "@/lib/chain/payload";
import { runChain } from "@/lib/chain/run";
import { log } from "@/lib/log";
import { isEmbeddedClient } from "@/lib/db/client";
import { listPromptContext } from "@/lib/db/prompt-context";
import { vacuumRetrievalTablesIfStale } from "@/lib/db/retrieval";
import { beatRun, claimRun, RunClaimLostError, type ClaimedRun } from "@/lib/db/run-claims";
import { finishRun, getRunForExtraction, getRunPayload, markRunRateLimited, saveRunPayload } from "@/lib/db/runs";
import { getSettings } from "@/lib/db/settings";
import type { Db } from "@/lib/db/types";
import { getEnv, type Env } from "@/lib/env";
import { AppError, isAppError } from "@/lib/errors";
import type { Extractor } from "@/lib/extraction/types";
import { processWorkerId, runsInFlight } from "@/lib/jobs/run-claim-context";
import { buildMatcherModels, configuredModelId, extractorForRun } from "@/lib/models";
import { sumUsage } from "@/lib/extraction/usage";
import { SMALL_CHUNK_TOKENS } from "@/lib/models/context";
import { costOfUsage } from "@/lib/models/cost";
import { createUsageMeter } from "@/lib/models/usage-meter";

/**
 * A run as a job: claimed, beaten while it works, its models rebuilt from its payload alone, sent down the
 * chain (lib/chain/run.ts), and finished. An ingest, a Retry, every instance's worker loop, the CLI and the
 * evaluations all execute runs through here.
 */
export interface ExecuteOptions {
  db: Db;
  /** Default: the process's (getEnv()). The CLI passes its own. */
  env?: Env;
  /**
   * Nothing else shares this thread (the CLI, an evaluation): the offline extractor runs here instead of on
   * the extraction thread, and no rest is taken between chunks for pages.
   */
  standalone?: boolean;
  /** Instead of the extractor the payload names: tests' doubles, an evaluation's tuned one. */
  extractor?: Extractor;
  /** A chunk starts waiting out the provider's rate limit for `ms` (the CLI prints it; the run row shows it). */
  onRateLimitWait?: (ms: number) => void;
}

/**
 * Claims this run, when it is queued or its worker died, and executes it (an ingest or a Retry starts its
 * run at once this way; the worker loop would claim it otherwise). Does nothing when another worker holds it.
 */
export async function executeExtractionRun({ runId, ...options }: ExecuteOptions & { runId: string }) {
  const env = options.env ?? getEnv();
  const workerId = processWorkerId();
  const run = await claimRun({ db: options.db, workerId, staleMs: env.SIFT_RUN_STALE_MS, runId });
  if (run) await executeClaimedRun({ ...options, env, run, workerId });
}

/**
 * Executes a run `workerId` has claimed, beating while it works. A run claimed more often than
 * SIFT_RUN_MAX_ATTEMPTS allows kept stopping its server (a crash loop): it ends failed instead.
 */
export async function executeClaimedRun({
  run,
  workerId,
  ...options
}: ExecuteOptions & { run: ClaimedRun; workerId: string }) {
  const { db } = options;
  const env = options.env ?? getEnv();
  if (run.attempts > env.SIFT_RUN_MAX_ATTEMPTS) {
    const error =
      `Given up after ${env.SIFT_RUN_MAX_ATTEMPTS} attempts: the server stopped during each of them. ` +
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
    Math.max(100, Math.floor(env.SIFT_RUN_STALE_MS / 3)),
  );
  beat.unref();
  runsInFlight().add(run.id);
  try {
    await extract({ ...options, env, runId: run.id, workerId, signal: lost.signal });
  } finally {
    clearInterval(beat);
    runsInFlight().delete(run.id);
  }
}

/**
 * A run's payload; a legacy one (a run made before payloads) is completed from today's settings, as such a
 * run always read them, and stored, so every later attempt reads the same. NOT_FOUND for a run that is gone.
 */
export async function settleRunPayload({ db, env, runId }: { db: Db; env: Env; runId: string }): Promise<RunPayload> {
  const stored = await getRunPayload({ db, runId });
  if (!stored) throw new AppError("NOT_FOUND", "This run no longer exists.");
  const { payload, source } = stored;
  if (!payload) {
    throw new AppError("INTERNAL", "This run's stored settings are unreadable: extract the source again.");
  }
  if (payload.version === 1) return payload;
  const settings = await getSettings({ db, spaceId: source.spaceId });
  const completed = completeLegacyPayload(payload, {
    source,
    settings,
    ...(await listPromptContext({
      db,
      spaceId: source.spaceId,
      knownFactsLimit: settings.knownFactsLimit,
      withExamples: payload.extractor === "llm",
    })),
    // A run from before payloads chunked at the fixed default of its time, as it always read it.
    chunkTokens: env.SIFT_CHUNK_TOKENS ?? SMALL_CHUNK_TOKENS,
    configuredModelId: payload.extractor === "llm" ? configuredModelId(env) : null,
  });
  await saveRunPayload({ db, runId, payload: completed });
  return completed;
}

/**
 * Runs the chunks of a claimed run that are not saved yet, then ends it: a crash keeps every finished
 * chunk once, and a resumed run (after a restart, on another instance, or a Retry) runs only the rest.
 */
async function extract({
  db,
  env,
  runId,
  workerId,
  signal,
  standalone = false,
  extractor,
  onRateLimitWait,
}: ExecuteOptions & { env: Env; runId: string; workerId: string; signal: AbortSignal }) {
  try {
    const payload = await settleRunPayload({ db, env, runId });
    const row = await getRunForExtraction({ db, runId });
    // The matcher's judge and embedding calls, counted into the run's tokens and cost with the chunks'.
    const meter = createUsageMeter();
    const result = await runChain({
      db,
      run: { id: runId, payload, chunkLog: row.chunkLog, source: row.source },
      workerId,
      models: {
        ...buildMatcherModels({ env, meter, offThread: !standalone }),
        extractor:
          extractor ??
          extractorForRun({
            env,
            payload,
            offThread: !standalone,
            // Shown on the run while it lasts; a failed write only loses the notice, never the chunk.
            onRateLimitWait: (ms) => {
              onRateLimitWait?.(ms);
              void markRunRateLimited({ db, runId, workerId, until: new Date(Date.now() + ms) }).catch(
                (error: unknown) => log.error({ runId, err: error }, "recording a rate limit wait failed"),
              );
            },
          }),
      },
      concurrency: env.SIFT_LLM_CONCURRENCY,
      pace: !standalone,
      signal,
    });
    const failed = result.outcomes.filter((c) => c.status === "failed");
    const usage = sumUsage([result.usage, meter.usage]);
    await finishRun({
      db,
      runId,
      workerId,
      status: result.status,
      error: failed.length
        ? `${failed.length} of ${result.outcomes.length} chunks failed: ${failed[0]?.error ?? ""}`
        : null,
      usage,
      costUsd: costOfUsage(usage, env.SIFT_LLM_PRICE_PER_MTOK, env.SIFT_EMBEDDING_PRICE_PER_MTOK),
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
