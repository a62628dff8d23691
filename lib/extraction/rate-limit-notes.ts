import { ChunkLogSchema, type ChunkLogEntry, type RunStatus } from "@/lib/extraction/schema";

/**
 * What a run says about the model provider's rate limit, for the run page, the source page, the API and the CLI:
 * live while a chunk waits ("waiting 45 s: the provider's rate limit"), and once chunks are done, what they waited
 * in all ("waited 1 min 30 s for the provider's rate limit (4 × HTTP 429)"). No Node or framework imports:
 * client components use it too.
 */

export interface RateLimitSummary {
  hits: number;
  waitedMs: number;
  text: string;
}

export interface RateLimitWait {
  /** Whole seconds left, at least 1. */
  seconds: number;
  text: string;
}

export function summarizeRateLimits(log: readonly ChunkLogEntry[] | unknown): RateLimitSummary | null {
  const parsed = Array.isArray(log) ? ChunkLogSchema.safeParse(log) : null;
  const entries = parsed?.success ? parsed.data : [];
  let hits = 0;
  let waitedMs = 0;
  for (const entry of entries) {
    hits += entry.rateLimit?.hits ?? 0;
    waitedMs += entry.rateLimit?.waitedMs ?? 0;
  }
  if (hits === 0 && waitedMs === 0) return null;
  const refusals = hits > 0 ? ` (${hits} × HTTP 429)` : "";
  return { hits, waitedMs, text: `waited ${formatWait(waitedMs)} for the provider's rate limit${refusals}` };
}

/** The wait a running run is in now, from its `rateLimitedUntil`; null when it is not waiting. */
export function currentRateLimitWait(
  run: { status: RunStatus; rateLimitedUntil: Date | string | null },
  now = Date.now(),
): RateLimitWait | null {
  if (run.status !== "running" || !run.rateLimitedUntil) return null;
  const left = new Date(run.rateLimitedUntil).getTime() - now;
  if (!(left > 0)) return null;
  const seconds = Math.max(1, Math.ceil(left / 1000));
  return { seconds, text: `waiting ${formatWait(seconds * 1000)}: the provider's rate limit` };
}

/** "45 s", "2 min", "1 min 30 s". */
export function formatWait(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`;
}
