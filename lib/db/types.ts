import "server-only";
import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";
import { isRetryableTransactionError, retryDelayMs, TRANSACTION_ATTEMPTS } from "./retryable";
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
        options.timeoutMs ? { timeout: options.timeoutMs, maxWait: Math.max(2_000, options.timeoutMs) } : undefined,
      );
    } catch (error) {
      if (attempt >= TRANSACTION_ATTEMPTS || !isRetryableTransactionError(error)) throw error;
      log.warn({ attempt }, "transaction aborted by a deadlock or write conflict; running it again");
      await new Promise((resolve) => setTimeout(resolve, retryDelayMs(attempt)));
    }
  }
}

/**
 * A new transaction's limits. Prisma ends an interactive transaction after 5 s (P2028); a write whose size
 * is known up front (a chunk's candidates) names a timeout sized to its work instead.
 */
export interface TransactionOptions {
  timeoutMs?: number;
}
