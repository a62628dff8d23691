import "server-only";
import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";

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
 */
export function withTransaction<T>(
  db: Db | Tx,
  work: (tx: Tx) => Promise<T>,
  options: TransactionOptions = {},
): Promise<T> {
  if (open.has(db)) return work(db as Tx);
  return (db as Db).$transaction(
    (tx) => {
      open.add(tx);
      return work(tx);
    },
    options.timeoutMs ? { timeout: options.timeoutMs, maxWait: Math.max(2_000, options.timeoutMs) } : undefined,
  );
}

/**
 * A new transaction's limits. Prisma ends an interactive transaction after 5 s (P2028); a write whose size
 * is known up front (a chunk's candidates) names a timeout sized to its work instead.
 */
export interface TransactionOptions {
  timeoutMs?: number;
}
