import "server-only";
import { log } from "@/lib/log";
import { claimRun, releaseRuns, type ClaimedRun } from "@/lib/db/run-claims";
import { finishRun } from "@/lib/db/runs";
import type { Db } from "@/lib/db/types";
import type { Env } from "@/lib/env";
import { isAppError } from "@/lib/errors";
import { executeClaimedRun } from "@/lib/jobs/extraction";
import { processWorkerId, runsInFlight } from "@/lib/jobs/run-claim-context";

/** Runs one process executes at once from the queue; an ingest starts its own run at once besides. */
const RUNS_PER_PROCESS = 2;

export interface RunWorker {
  /** Stops claiming and hands the runs this process holds back to the queue. */
  stop(): Promise<void>;
}

/**
 * The loop each app process runs (started by lib/boot.ts once the database is open): it claims queued
 * runs and runs whose worker stopped beating (a crashed process, here or on another instance), and executes
 * them. It polls a few times per stale period, so a dead instance's run resumes within about
 * SIFT_RUN_STALE_MS plus a tick.
 */
export function startRunWorker({ db, env }: { db: Db; env: Env }): RunWorker {
  const workerId = processWorkerId();
  const tickMs = Math.min(5_000, Math.max(100, Math.floor(env.SIFT_RUN_STALE_MS / 6)));
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let polling: Promise<void> | undefined;

  function poll(): Promise<void> {
    if (stopped) return Promise.resolve();
    polling ??= claimWhileFree().finally(() => {
      polling = undefined;
      schedule();
    });
    return polling;
  }

  async function claimWhileFree(): Promise<void> {
    try {
      while (!stopped && runsInFlight().size < RUNS_PER_PROCESS) {
        const run = await claimRun({ db, workerId, staleMs: env.SIFT_RUN_STALE_MS });
        if (!run) break;
        // Counted at once: execute() reads the settings before the run starts.
        runsInFlight().add(run.id);
        log.info({ runId: run.id, attempt: run.attempts }, "resuming extraction run");
        void execute(run);
      }
    } catch (error) {
      log.error({ err: error }, "looking for extraction runs to resume failed");
    }
  }

  async function execute(run: ClaimedRun): Promise<void> {
    try {
      // Rebuilt from the run's row alone, as an ingest and a Retry build it (lib/jobs/extraction.ts).
      await executeClaimedRun({ db, env, run, workerId });
    } catch (error) {
      // executeClaimedRun records its own failures; this is the database gone, or the like.
      log.error({ runId: run.id, err: error }, "extraction run could not be resumed");
      const message = isAppError(error) ? error.message : "The extraction could not be resumed.";
      await finishRun({ db, runId: run.id, workerId, status: "failed", error: message }).catch(() => undefined);
    } finally {
      runsInFlight().delete(run.id);
      // A slot is free: look for more at once.
      if (!stopped) setImmediate(() => void poll());
    }
  }

  function schedule(): void {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => void poll(), tickMs);
    timer.unref();
  }

  void poll();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      // A claim in flight would otherwise land after the release and keep a run this process will not finish.
      await polling;
      const released = await releaseRuns({ db, workerId });
      if (released > 0) log.info({ runs: released }, "handed extraction runs back to the queue");
    },
  };
}
