import "server-only";
import { listStoredCandidates, type StoredCandidate } from "@/lib/db/candidates";
import { createDb } from "@/lib/db/client";
import { getRunProgress, type RunProgress } from "@/lib/db/runs";
import { saveSettings } from "@/lib/db/settings";
import type { Db } from "@/lib/db/types";
import type { Env } from "@/lib/env";
import type { Extractor } from "@/lib/extraction/types";
import { executeExtractionRun } from "@/lib/jobs/extraction";
import { createQueuedRun, type NewRunOptions } from "@/lib/jobs/start-extraction";
import type { Settings } from "@/lib/settings/schema";
import { DEFAULT_SPACE_ID } from "@/lib/spaces/schema";

/**
 * A store of its own for one process — `sift extract`, an evaluation — so it runs what the server runs: PGlite
 * in memory, migrated as the app's database, and runs made, executed and stored by the server's own functions
 * (createQueuedRun, executeExtractionRun, the chain). What it prints is what a server with the same settings
 * and an empty fact base would have stored: confidence, verdict, matches, gate and all.
 */
export interface LocalStore {
  db: Db;
  /** One source, one run, down the chain; the stored candidates in source order. */
  extract(
    options: Omit<NewRunOptions, "db" | "env"> & { extractor?: Extractor; onRateLimitWait?: (ms: number) => void },
  ): Promise<LocalRun>;
  close(): Promise<void>;
}

export interface LocalRun {
  runId: string;
  /** What the extractor is called ("Offline extractor (no model configured)", "LLM extractor (…)"). */
  label: string;
  progress: RunProgress;
  candidates: StoredCandidate[];
}

export async function openLocalStore({ env, settings }: { env: Env; settings?: Settings }): Promise<LocalStore> {
  const opened = await createDb({ memory: true });
  const db = opened.prisma;
  try {
    if (settings) await saveSettings({ db, spaceId: DEFAULT_SPACE_ID, settings });
  } catch (error) {
    await opened.close();
    throw error;
  }
  return {
    db,
    async extract({ extractor, onRateLimitWait, ...options }) {
      const { runId, extractor: label } = await createQueuedRun({ ...options, db, env });
      // Standalone: nothing else uses this thread, so no extraction thread and no rests for pages.
      await executeExtractionRun({ db, env, runId, standalone: true, extractor, onRateLimitWait });
      const progress = await getRunProgress({ db, runId });
      if (!progress) throw new Error(`run ${runId} vanished from the local store`);
      return { runId, label, progress, candidates: await listStoredCandidates({ db, runId }) };
    },
    close: () => opened.close(),
  };
}
