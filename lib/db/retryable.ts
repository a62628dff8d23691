import "server-only";

/**
 * PostgreSQL's codes for a transaction it aborted so that another could go on: a deadlock (40P01) or a
 * serialization failure (40001). Prisma reports both as P2034; through the driver adapter the SQLSTATE may sit
 * on the error's cause instead. The whole transaction was rolled back, so running it again is safe.
 */
const RETRYABLE = new Set(["P2034", "40P01", "40001"]);

export function isRetryableTransactionError(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === "object" && !seen.has(current)) {
    seen.add(current);
    const e = current as { code?: unknown; originalCode?: unknown; meta?: unknown; cause?: unknown };
    if (RETRYABLE.has(String(e.code)) || RETRYABLE.has(String(e.originalCode))) return true;
    const meta = e.meta as { code?: unknown; driverAdapterError?: { cause?: { originalCode?: unknown } } } | undefined;
    // A raw query's failure (P2010) carries the SQLSTATE as meta.code.
    if (RETRYABLE.has(String(meta?.code))) return true;
    if (RETRYABLE.has(String(meta?.driverAdapterError?.cause?.originalCode))) return true;
    current = e.cause ?? meta?.driverAdapterError;
  }
  return false;
}

/** Attempts for a transaction PostgreSQL aborted for a deadlock: the first and two more. */
export const TRANSACTION_ATTEMPTS = 3;

/** A short random wait before the next attempt, so the two losers of a deadlock do not meet again at once. */
export function retryDelayMs(attempt: number, random: () => number = Math.random): number {
  return Math.round((10 + random() * 40) * 2 ** (attempt - 1));
}
