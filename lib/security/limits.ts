import "server-only";
import { log } from "@/lib/log";
import { consumeRateLimit } from "@/lib/db/rate-limit";
import { countActiveRuns } from "@/lib/db/runs";
import type { Db } from "@/lib/db/types";
import { getEnv } from "@/lib/env";
import { AppError } from "@/lib/errors";

/**
 * The limits every API call and write action passes (the body size is checked where the body is read:
 * lib/api/route.ts, next.config.mjs, lib/sources/input.ts). Each refusal is an AppError with a readable
 * message, raised before anything is stored.
 */

/**
 * The caller's address: the last X-Forwarded-For entry, which the nearest proxy appended (or Next.js set
 * from the socket when the client sent none). A client talking to Next.js directly can forge it, so the
 * per-reviewer (and per-token) key is the limit it cannot dodge.
 */
export function clientAddress(headers: Headers): string {
  const forwarded =
    headers
      .get("x-forwarded-for")
      ?.split(",")
      .map((part) => part.trim())
      .filter(Boolean) ?? [];
  return forwarded.at(-1) ?? headers.get("x-real-ip")?.trim() ?? "unknown";
}

/** The rate-limit keys of a request: its address and who is acting ("token:<id>" joins with agent tokens). */
export function requestKeys(headers: Headers, actor: string | { id: string; tokenId?: string }): string[] {
  // A token is limited on its own: an agent's calls never use up the admin's budget who created it.
  const who =
    typeof actor === "string" ? `reviewer:${actor}` : actor.tokenId ? `token:${actor.tokenId}` : `reviewer:${actor.id}`;
  return [`ip:${clientAddress(headers)}`, who];
}

/**
 * Counts one request against each key (SIFT_RATE_LIMIT per SIFT_RATE_LIMIT_WINDOW_SECONDS, state in the
 * database so it holds across instances) and refuses with RATE_LIMITED and the seconds to wait when any key
 * is over. A store that fails lets the request through: the limit guards the database, it must not take the
 * app down with it.
 */
export async function enforceRateLimit({ db, keys }: { db: Db; keys: string[] }): Promise<void> {
  const env = getEnv();
  if (env.SIFT_RATE_LIMIT === 0) return;
  let outcomes;
  try {
    outcomes = await Promise.all(
      keys.map((key) =>
        consumeRateLimit({ db, key, points: env.SIFT_RATE_LIMIT, durationSeconds: env.SIFT_RATE_LIMIT_WINDOW_SECONDS }),
      ),
    );
  } catch (error) {
    log.error({ err: error }, "rate limit store failed; request allowed");
    return;
  }
  const refused = outcomes.filter((o) => !o.allowed);
  if (refused.length === 0) return;
  const wait = Math.max(...refused.map((o) => o.retryAfterSeconds));
  throw new AppError(
    "RATE_LIMITED",
    `Too many requests: at most ${env.SIFT_RATE_LIMIT.toLocaleString("en")} every ` +
      `${env.SIFT_RATE_LIMIT_WINDOW_SECONDS} seconds. Try again in ${wait} second${wait === 1 ? "" : "s"}.`,
    { retryAfterSeconds: wait },
  );
}

/**
 * Refuses a new extraction while the reviewer has SIFT_MAX_ACTIVE_RUNS queued or running. Checked before
 * the source is saved; two requests at the same instant may both pass (a soft limit, enough to stop a flood).
 */
export async function assertRunCapacity({ db, reviewerId }: { db: Db; reviewerId: string }): Promise<void> {
  const max = getEnv().SIFT_MAX_ACTIVE_RUNS;
  if (max === 0) return;
  const active = await countActiveRuns({ db, reviewerId });
  if (active < max) return;
  throw new AppError(
    "RATE_LIMITED",
    `You have ${active} extraction${active === 1 ? "" : "s"} running; wait for one to finish before starting another.`,
    { retryAfterSeconds: 10 },
  );
}
