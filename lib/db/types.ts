import "server-only";
import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";
import { isRetryableTransactionError, retryDelayMs, TRANSACTION_ATTEMPTS } from "./retryable";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/log";

/** The database handle data functions take: the process's client (getDb()). */
export type Db = PrismaClient;
/** A transaction opened by withTransaction; multi-step writes take one. */
export type Tx = Prisma.TransactionClient;

// Transactions opened here. A transaction client has a `$transaction` of its own at run time (Prisma's
// nested transactions, which the PGlite adapter lacks), so only this set tells one from a client.
const open = new WeakSet<object>();

/**
 * Runs `work` in a transaction: a new one on a client, or the caller's own when given a transaction
 * (the PGlite adapter has no nested transactions, so joining is the only way to compose writes).
 * A transaction opened here that PostgreSQL aborts for a deadlock or a serialization failure is run again
 * (TRANSACTION_ATTEMPTS in all): it was rolled back whole, and `work` only talks to the database. A joined
 * transaction is never retried here: its opener retries the whole of it.
 */
export async function withTransaction<T>(
  db: Db | Tx,
  work: (tx: Tx) => Promise<T>,
  options: TransactionOptions = {},
): Promise<T> {
  if (open.has(db)) return work(db as Tx);
  for (let attempt = 1; ; attempt++) {
    try {
      return await (db as Db).$transaction(
        (tx) => {
          open.add(tx);
          return work(tx);
        },
        {
          ...(options.timeoutMs ? { timeout: options.timeoutMs } : {}),
          maxWait: Math.max(CONNECTION_WAIT_MS, options.timeoutMs ?? 0),
        },
      );
    } catch (error) {
      if (isPoolExhausted(error)) {
        // Nothing began: the transaction never had a connection. Busy, not broken (issue 28's load).
        log.warn({ err: error }, "no database connection free in time; the request is refused as busy");
        throw new AppError("RATE_LIMITED", "The server is busy; nothing was changed. Try again in a moment.", {
          retryAfterSeconds: 2,
        });
      }
      if (attempt >= TRANSACTION_ATTEMPTS || !isRetryableTransactionError(error)) throw error;
      log.warn({ attempt }, "transaction aborted by a deadlock or write conflict; running it again");
      await new Promise((resolve) => setTimeout(resolve, retryDelayMs(attempt)));
    }
  }
}

/**
 * How long a new transaction waits for a free connection from the pool (Prisma's default is 2 s): under a team's
 * load a decision waits its turn rather than fail; past this it is refused as busy, having changed nothing.
 */
const CONNECTION_WAIT_MS = 10_000;

/** Prisma's P2028 when no connection came within maxWait (the same code also ends a transaction that ran long). */
function isPoolExhausted(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown } | null;
  return e?.code === "P2028" && /unable to start a transaction in the given time/i.test(String(e.message));
}

/**
 * A new transaction's limits. Prisma ends an interactive transaction after 5 s (P2028); a write whose size
 * is known up front (a chunk's candidates) names a timeout sized to its work instead.
 */
export interface TransactionOptions {
  timeoutMs?: number;
}
