import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { unlockSignInAction } from "@/app/admin/actions";
import { createAccount, getAuth } from "@/lib/auth/better-auth";
import { parseEnv } from "@/lib/env";
import { peerHeaders } from "@/lib/security/peer";
import { signInLockedFor } from "@/lib/security/sign-in";
import { createTestDb, type TestDb } from "@/tests/db";

// The probe: sign-in was limited per client address, read from the last X-Forwarded-For entry; rotating it
// gave 609 guesses a minute, never a 429. Now failures count per account, from any address, with a growing
// delay and a lockout an admin lifts; the address is the socket's; anonymous API calls count (both databases).

const state = vi.hoisted(() => ({ db: undefined as unknown, env: undefined as unknown, headers: new Headers() }));
vi.mock("@/lib/db/client", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/db/client")>()),
  getDb: async () => state.db,
}));
vi.mock("@/lib/env", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/env")>()),
  getEnv: () => state.env,
}));
vi.mock("next/headers", () => ({ headers: async () => state.headers }));
vi.mock("next/cache", () => ({ revalidatePath: () => undefined }));

const SECRET = "a-test-secret-that-is-long-enough-0123456789";
const env = parseEnv({
  SIFT_AUTH: "accounts",
  SIFT_AUTH_SECRET: SECRET,
  SIFT_SIGNIN_MAX_FAILURES: "3",
  SIFT_RATE_LIMIT: "5",
});

let db: TestDb;
beforeAll(async () => {
  db = await createTestDb();
  state.db = db.prisma;
  state.env = env;
  await createAccount({
    db: db.prisma,
    user: { name: "Ana", email: "ana@example.test", password: "correct horse battery", role: "admin" },
  });
});
afterAll(async () => db?.close());

async function signIn(password: string, i: number) {
  const { POST } = await import("@/app/api/auth/[...all]/route");
  return POST(
    new Request("http://localhost/api/auth/sign-in/email", {
      method: "POST",
      // Each guess from another address, and a forged X-Forwarded-For: neither helps.
      headers: {
        "content-type": "application/json",
        "x-forwarded-for": `6.6.6.${i}`,
        ...peerHeaders(`203.0.113.${i}`),
      },
      body: JSON.stringify({ email: "Ana@Example.test", password }),
    }),
  );
}

describe("password guessing", () => {
  it("locks the account after its failures, from any address, until an admin unlocks it", async () => {
    for (let i = 0; i < 3; i++) expect((await signIn(`wrong guess ${i}`, i)).status).toBe(401);
    const locked = await signIn("correct horse battery", 9);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await locked.json()).toMatchObject({ code: "RATE_LIMITED", message: expect.stringContaining("locked") });

    const cookie = await getAuth(db.prisma, env).api.signInEmail({
      body: { email: "ana@example.test", password: "correct horse battery" },
      asResponse: true,
    });
    state.headers = new Headers({ cookie: (cookie.headers.get("set-cookie") ?? "").split(";")[0] as string });
    // The Admin page shows the lock (with the time left) beside the account, and its Unlock button lifts it.
    expect(await signInLockedFor({ db: db.prisma, email: "ana@example.test" })).toBeGreaterThan(0);
    expect(await unlockSignInAction({ email: "ana@example.test" })).toMatchObject({ ok: true });
    expect(await signInLockedFor({ db: db.prisma, email: "ana@example.test" })).toBe(0);
    expect((await signIn("correct horse battery", 10)).status).toBe(200);
  });

  it("limits anonymous and bad-token API calls per address", async () => {
    const { GET } = await import("@/app/api/facts/route");
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await GET(
        new Request("http://localhost/api/facts", {
          headers: { authorization: "Bearer nope", ...peerHeaders("198.51.100.77") },
        }),
      );
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });
});
