import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { setupAdminAction } from "@/app/setup/actions";
import { getAuth } from "@/lib/auth/better-auth";
import { parseEnv } from "@/lib/env";
import { createTestDb, type TestDb } from "@/tests/db";

// The probe: five concurrent /setup submissions on a fresh accounts instance made five admins. The first
// admin is now made in one transaction under a lock, so ten at once make exactly one (PGlite and PostgreSQL).

const state = vi.hoisted(() => ({ db: undefined as unknown, env: undefined as unknown }));
vi.mock("@/lib/db/client", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/db/client")>()),
  getDb: async () => state.db,
}));
vi.mock("@/lib/env", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/env")>()),
  getEnv: () => state.env,
}));
vi.mock("next/headers", () => ({ headers: async () => new Headers() }));
vi.mock("next/cache", () => ({ revalidatePath: () => undefined }));

const accounts = parseEnv({ SIFT_AUTH: "accounts", SIFT_AUTH_SECRET: "a-test-secret-that-is-long-enough-0123456789" });

let db: TestDb;
beforeAll(async () => {
  db = await createTestDb();
  state.db = db.prisma;
  state.env = accounts;
});
afterAll(async () => db?.close());

describe("the first admin's setup", () => {
  it("makes exactly one admin out of ten concurrent submissions, who can then sign in", async () => {
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        setupAdminAction({ name: `Admin ${i}`, email: `admin${i}@example.test`, password: "correct horse battery" }),
      ),
    );
    const won = results.filter((r) => r.ok);
    expect(won).toHaveLength(1);
    for (const lost of results.filter((r) => !r.ok)) {
      expect(lost).toMatchObject({ ok: false, code: "FORBIDDEN", message: expect.stringContaining("already set up") });
    }
    const admins = await db.prisma.reviewer.findMany({ where: { role: "admin", accounts: { some: {} } } });
    expect(admins).toHaveLength(1);
    expect(await db.prisma.account.count({ where: { providerId: "credential" } })).toBe(1);

    const signIn = await getAuth(db.prisma, accounts).api.signInEmail({
      body: { email: admins[0]!.email!, password: "correct horse battery" },
      asResponse: true,
    });
    expect(signIn.status).toBe(200);
  });
});
