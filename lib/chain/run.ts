import "server-only";
import { dedupeChunks } from "@/lib/chain/dedupe";
import { extractChunks, type ChunkOutcome } from "@/lib/chain/extract";
import { gateChunks } from "@/lib/chain/gate";
import { groundChunks } from "@/lib/chain/ground";
import { loadLearnedScorer, scoreChunks } from "@/lib/chain/learn";
import { matchChunks } from "@/lib/chain/match";
import type { RunPayload } from "@/lib/chain/payload";
import { applyAutoMerges, persistChunks } from "@/lib/chain/persist";
import { planChunks } from "@/lib/chain/chunk";
import { extractorInput, viewSource, type StoredSource } from "@/lib/chain/view";
import { listRunCandidates } from "@/lib/db/candidates";
import { markRunStarted } from "@/lib/db/runs";
import type { Db } from "@/lib/db/types";
import type { ChunkLogEntry } from "@/lib/extraction/schema";
import type { Extractor, TokenUsage } from "@/lib/extraction/types";
import type { Judge, PairScorer } from "@/lib/matcher";
import type { ModelEmbedder } from "@/lib/models";

/**
 * A run, down the chain once (ARCHITECTURE.md, "A run, from paste to fact"):
 *
 *   view → chunk → extract → ground → de-duplicate → match → learned score → gate → persist
 *
 * The view and the chunks are planned once; from the extractor on, chunks flow one by one through async
 * streams, each stage a module of lib/chain with its own input and output. The server, the CLI and the
 * evaluations all run this function; they differ only in the store (the app's database, or PGlite in
 * memory) and in whether the run rests between chunks for the pages.
 */

export interface RunModels {
  extractor: Extractor;
  /** The matcher's optional model stages (lib/models buildMatcherModels). */
  embed?: ModelEmbedder;
  judge?: Judge;
  /** Where the matcher's lexical stage runs (the matcher thread on a server); without it, on this thread. */
  scorer?: PairScorer;
}

/** A claimed run as the chain reads it: its payload, what its earlier attempts logged, its source. */
export interface ChainRun {
  id: string;
  payload: RunPayload;
  chunkLog: ChunkLogEntry[];
  /** `spaceId`: the source's space, where its candidates belong and are matched; `subject`: whom it is about. */
  source: StoredSource & { spaceId: string; subject?: string | null };
}

export type ExtractionStatus = "succeeded" | "partial" | "failed";

export interface ChainResult {
  /** Of the chunks run now (a resumed run's saved chunks are not run again). */
  status: ExtractionStatus;
  outcomes: ChunkOutcome[];
  usage: TokenUsage;
}

export async function runChain({
  db,
  run,
  workerId,
  models,
  concurrency,
  pace,
  signal,
}: {
  db: Db;
  run: ChainRun;
  /** The worker holding the run's claim: every chunk's transaction checks it still does. */
  workerId: string;
  models: RunModels;
  /** Chunks extracted at once (SIFT_LLM_CONCURRENCY). */
  concurrency: number;
  /** Rest between chunks for the pages (the server). */
  pace: boolean;
  /** Aborted when the claim is lost: chunks not started yet are not run. */
  signal?: AbortSignal;
}): Promise<ChainResult> {
  const { payload } = run;
  const viewed = viewSource(run.source);
  const saved = new Set(run.chunkLog.filter((e) => e.status === "succeeded").map((e) => e.index));
  const plan = planChunks({ viewed, tokenBudget: payload.chunkTokens, skip: saved });
  await markRunStarted({ db, runId: run.id, chunksTotal: plan.total });

  const extracted = extractChunks({
    chunks: plan.chunks,
    extractor: models.extractor,
    input: extractorInput(viewed, payload, signal),
    concurrency,
  });
  const grounded = groundChunks(extracted, { viewed, sourceDate: payload.meetingDate });
  // A resumed run starts from what its saved chunks stored, as one uninterrupted run would have.
  const deduped = dedupeChunks(grounded, { seed: await listRunCandidates({ db, runId: run.id }) });
  const spaceId = run.source.spaceId;
  const matched = matchChunks(deduped, {
    db,
    spaceId,
    subject: run.source.subject ?? null,
    thresholds: payload.settings.thresholds,
    embed: models.embed,
    judge: models.judge,
    scorer: models.scorer,
  });
  const learned = await loadLearnedScorer({ db, spaceId, learning: payload.settings.learning });
  const scored = scoreChunks(matched, { score: learned ? learned(run.source.format ?? "text") : null });
  const gated = gateChunks(scored, { policy: payload.settings.gates });
  const { outcomes, usage } = await persistChunks(gated, { db, runId: run.id, workerId, pace });

  // Auto-merges a crash left undone (they follow their chunk's commit) are done before the run ends.
  await applyAutoMerges({ db, runId: run.id });
  const failures = outcomes.filter((o) => o.status === "failed").length;
  const status = failures === 0 ? "succeeded" : failures === outcomes.length ? "failed" : "partial";
  return { status, outcomes, usage };
}
