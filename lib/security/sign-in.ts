import "server-only";
import { clearRateLimit, consumeRateLimit, peekRateLimit } from "@/lib/db/rate-limit";
import type { Db } from "@/lib/db/types";
import { getEnv } from "@/lib/env";
import { AppError } from "@/lib/errors";

/**
 * Sign-in guesses are limited per account, whatever address they come from (the probe rotated
 * X-Forwarded-For for 609 guesses a minute): each failure is counted against the account's email, answered
 * after a delay that doubles with each failure, and SIFT_SIGNIN_MAX_FAILURES in SIFT_SIGNIN_LOCK_MINUTES lock
 * it until the window ends or an admin unlocks it. A success clears the count. Counts live in the database.
 */
const keyOf = (email: string) => `signin:${email.trim().toLowerCase()}`;

function limits() {
  const env = getEnv();
  return { points: env.SIFT_SIGNIN_MAX_FAILURES, durationSeconds: env.SIFT_SIGNIN_LOCK_MINUTES * 60 };
}

/** Seconds until the account's sign-in lockout ends, or 0 when it is not locked (the Admin page shows it). */
export async function signInLockedFor({ db, email }: { db: Db; email: string }): Promise<number> {
  const { points, durationSeconds } = limits();
  if (points === 0) return 0;
  const { used, retryAfterSeconds } = await peekRateLimit({ db, key: keyOf(email), points, durationSeconds });
  return used < points ? 0 : retryAfterSeconds;
}

/** Refuses a sign-in to a locked account before its password is checked (RATE_LIMITED with the wait). */
export async function assertSignInAllowed({ db, email }: { db: Db; email: string }): Promise<void> {
  const retryAfterSeconds = await signInLockedFor({ db, email });
  if (retryAfterSeconds === 0) return;
  const minutes = Math.ceil(retryAfterSeconds / 60);
  throw new AppError(
    "RATE_LIMITED",
    `Too many failed sign-ins for this account: it is locked for ${minutes} more minute${minutes === 1 ? "" : "s"}. ` +
      "An admin can unlock it on the Admin page.",
    { retryAfterSeconds },
  );
}

/** Counts a failed sign-in; returns how long to hold the answer (doubling: 0.25 s, 0.5 s, 1 s … at most 4 s). */
export async function recordSignInFailure({ db, email }: { db: Db; email: string }): Promise<number> {
  const { points, durationSeconds } = limits();
  if (points === 0) return 0;
  const outcome = await consumeRateLimit({ db, key: keyOf(email), points: points + 1, durationSeconds });
  const failures = points + 1 - outcome.remaining;
  return Math.min(4_000, 250 * 2 ** Math.max(0, failures - 1));
}

/** A successful sign-in, or an admin's unlock: the account's failures are forgotten. */
export async function clearSignInFailures({ db, email }: { db: Db; email: string }): Promise<void> {
  const { points, durationSeconds } = limits();
  if (points === 0) return;
  await clearRateLimit({ db, key: keyOf(email), points, durationSeconds });
}
