import "server-only";
import { RateLimiterPrisma, RateLimiterRes } from "rate-limiter-flexible";
import type { Db } from "@/lib/db/types";

/** One consumed request: allowed or not, and when the key's window ends. */
export interface RateLimitOutcome {
  allowed: boolean;
  /** Seconds until the window ends (at least 1 when refused). */
  retryAfterSeconds: number;
  remaining: number;
}

// One limiter per client and shape; its store is the RateLimit table, so every instance on one database
// counts the same requests. Built lazily: the constructor starts a (unref'd) timer that clears old rows.
const limiters = new WeakMap<Db, Map<string, RateLimiterPrisma>>();

function limiterFor(db: Db, points: number, durationSeconds: number): RateLimiterPrisma {
  const shapes = limiters.get(db) ?? new Map<string, RateLimiterPrisma>();
  limiters.set(db, shapes);
  const shape = `${points}/${durationSeconds}`;
  let limiter = shapes.get(shape);
  if (!limiter) {
    limiter = new RateLimiterPrisma({
      storeClient: db,
      // The Prisma client's delegate for model RateLimit.
      tableName: "rateLimit",
      keyPrefix: "sift",
      points,
      duration: durationSeconds,
    });
    shapes.set(shape, limiter);
  }
  return limiter;
}

/**
 * Counts one request against `key` (at most `points` per `durationSeconds`). rate-limiter-flexible
 * rejects with a RateLimiterRes when the key is over its limit and with an Error when the store failed;
 * the latter is thrown on.
 */
export async function consumeRateLimit({
  db,
  key,
  points,
  durationSeconds,
}: {
  db: Db;
  key: string;
  points: number;
  durationSeconds: number;
}): Promise<RateLimitOutcome> {
  try {
    const res = await limiterFor(db, points, durationSeconds).consume(key);
    return { allowed: true, retryAfterSeconds: Math.ceil(res.msBeforeNext / 1000), remaining: res.remainingPoints };
  } catch (error) {
    if (!(error instanceof RateLimiterRes)) throw error;
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(error.msBeforeNext / 1000)), remaining: 0 };
  }
}

/** How many points `key` has used in its current window (0 when none), without counting a request. */
export async function peekRateLimit({
  db,
  key,
  points,
  durationSeconds,
}: {
  db: Db;
  key: string;
  points: number;
  durationSeconds: number;
}): Promise<{ used: number; retryAfterSeconds: number }> {
  const res = await limiterFor(db, points, durationSeconds).get(key);
  return res
    ? { used: res.consumedPoints, retryAfterSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)) }
    : { used: 0, retryAfterSeconds: 0 };
}

/** Forgets `key`'s window: a successful sign-in, or an admin's unlock. */
export async function clearRateLimit({
  db,
  key,
  points,
  durationSeconds,
}: {
  db: Db;
  key: string;
  points: number;
  durationSeconds: number;
}): Promise<void> {
  await limiterFor(db, points, durationSeconds).delete(key);
}
