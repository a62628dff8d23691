import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isRetryableTransactionError, retryDelayMs } from "@/lib/db/retryable";
import { withTransaction, type Db } from "@/lib/db/types";
import { createTestDb, type TestDb } from "@/tests/db";

// Issue 28's two-server run: two transactions writing the same rows in a different order deadlocked, and
// PostgreSQL's loser answered 500 "Nothing was changed; try again". withTransaction now runs such a loser again.

let db: TestDb;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(async () => db?.close());

describe("which failures are run again", () => {
  it("knows a deadlock or write conflict however Prisma wraps it, and nothing else", () => {
    expect(isRetryableTransactionError({ code: "P2034" })).toBe(true);
    expect(isRetryableTransactionError({ code: "P2010", meta: { code: "40P01" } })).toBe(true);
    expect(
      isRetryableTransactionError({ code: "P2028", cause: { originalCode: "40001", message: "could not serialize" } }),
    ).toBe(true);
    expect(isRetryableTransactionError({ meta: { driverAdapterError: { cause: { originalCode: "40P01" } } } })).toBe(
      true,
    );
    // A unique violation, a timeout, a validation error: running them again would fail the same way.
    expect(isRetryableTransactionError({ code: "P2002" })).toBe(false);
    expect(isRetryableTransactionError({ code: "P2028" })).toBe(false);
    expect(isRetryableTransactionError(new Error("boom"))).toBe(false);
    expect(isRetryableTransactionError(undefined)).toBe(false);
  });

  it("waits a little longer each time, never the same for two losers", () => {
    expect(retryDelayMs(1, () => 0)).toBe(10);
    expect(retryDelayMs(1, () => 1)).toBe(50);
    expect(retryDelayMs(2, () => 0)).toBe(20);
    expect(retryDelayMs(1, () => 0.2)).not.toBe(retryDelayMs(1, () => 0.7));
  });
});

describe("withTransaction", () => {
  it("does not run again a transaction that failed for another reason, and keeps nothing of it", async () => {
    let calls = 0;
    const failing = withTransaction(db.prisma, async (tx) => {
      calls++;
      await tx.space.create({ data: { id: "retry-a", slug: "retry-a", name: "A" } });
      await tx.space.create({ data: { id: "retry-a2", slug: "retry-a", name: "A again" } });
    });
    await expect(failing).rejects.toMatchObject({ code: "P2002" });
    expect(calls).toBe(1);
    expect(await db.prisma.space.count({ where: { id: { in: ["retry-a", "retry-a2"] } } })).toBe(0);
  });

  it("refuses as busy, changing nothing, a transaction that got no connection in time (not a 500)", async () => {
    let began = 0;
    // The pool answers as Prisma does when every connection stayed taken past maxWait.
    const exhausted = {
      $transaction: async () => {
        throw Object.assign(new Error("Transaction API error: Unable to start a transaction in the given time."), {
          code: "P2028",
        });
      },
    } as unknown as Db;
    await expect(withTransaction(exhausted, async () => void began++)).rejects.toMatchObject({
      code: "RATE_LIMITED",
      message: expect.stringContaining("nothing was changed"),
      retryAfterSeconds: 2,
    });
    expect(began).toBe(0);
    // A transaction that ran past its own time limit is not "busy": it stays the error it was.
    const expired = {
      $transaction: async () => {
        throw Object.assign(new Error("Transaction already closed: the timeout for this transaction was 5000 ms"), {
          code: "P2028",
        });
      },
    } as unknown as Db;
    await expect(withTransaction(expired, async () => undefined)).rejects.toMatchObject({ code: "P2028" });
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "runs the loser of a real deadlock again, so both writers succeed (PostgreSQL)",
    async () => {
      await db.prisma.space.createMany({
        data: [
          { id: "retry-1", slug: "retry-1", name: "one" },
          { id: "retry-2", slug: "retry-2", name: "two" },
        ],
      });
      // Each writer takes its first row, waits until the other holds its own, then asks for the other's row.
      let held = 0;
      let release!: () => void;
      const bothHold = new Promise<void>((resolve) => (release = resolve));
      const attempts = { a: 0, b: 0 };
      const writer = (name: "a" | "b", first: string, second: string) =>
        withTransaction(
          db.prisma,
          async (tx) => {
            attempts[name]++;
            await tx.space.update({ where: { id: first }, data: { name: `${name} first` } });
            if (attempts[name] === 1) {
              if (++held === 2) release();
              await bothHold;
            }
            await tx.space.update({ where: { id: second }, data: { name: `${name} second` } });
            return name;
          },
          { timeoutMs: 20_000 },
        );
      const results = await Promise.all([writer("a", "retry-1", "retry-2"), writer("b", "retry-2", "retry-1")]);
      expect(results).toEqual(["a", "b"]);
      // One of them was aborted by PostgreSQL's deadlock detector and ran a second time.
      expect(attempts.a + attempts.b).toBe(3);
      const rows = await db.prisma.space.findMany({
        where: { id: { in: ["retry-1", "retry-2"] } },
        orderBy: { id: "asc" },
      });
      const loser = attempts.a === 2 ? "a" : "b";
      // The loser ran last and whole: its two writes are what is stored.
      expect(rows.map((r) => r.name).sort()).toEqual([`${loser} first`, `${loser} second`].sort());
    },
    30_000,
  );
});
