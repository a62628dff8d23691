import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createAccount } from "@/lib/auth/better-auth";
import { parseEnv } from "@/lib/env";
import { peerHeaders } from "@/lib/security/peer";
import { createTestDb, type TestDb } from "@/tests/db";

// The probe: accounts mode on a LAN name over http could not sign in (SIFT_ALLOWED_HOSTS=sift.lan gave 403
// "Invalid origin", and the cookie was __Secure-). Now the server refuses to start until SIFT_HTTPS says which,
// and with SIFT_HTTPS=off a sign-in from http://sift.lan:3000 works with plain cookies (both databases).

const state = vi.hoisted(() => ({ db: undefined as unknown, env: undefined as unknown }));
vi.mock("@/lib/db/client", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/db/client")>()),
  getDb: async () => state.db,
}));
vi.mock("@/lib/env", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/env")>()),
  getEnv: () => state.env,
}));

const BASE = { SIFT_AUTH: "accounts", SIFT_AUTH_SECRET: "a-test-secret-that-is-long-enough-0123456789" };

let db: TestDb;
beforeAll(async () => {
  db = await createTestDb();
  state.db = db.prisma;
  state.env = parseEnv({ ...BASE, SIFT_ALLOWED_HOSTS: "sift.lan", SIFT_HTTPS: "off" });
  await createAccount({
    db: db.prisma,
    user: { name: "Ana", email: "ana@example.test", password: "correct horse battery", role: "admin" },
  });
});
afterAll(async () => db?.close());

describe("accounts on a LAN name over plain http", () => {
  it("stops at boot with the reason when SIFT_HTTPS is not set", () => {
    expect(() => parseEnv({ ...BASE, SIFT_ALLOWED_HOSTS: "sift.lan" })).toThrow(/SIFT_HTTPS.*sift\.lan/s);
  });

  it("signs in from http://sift.lan:3000 with SIFT_HTTPS=off, the cookie neither Secure nor __Secure-", async () => {
    const { POST } = await import("@/app/api/auth/[...all]/route");
    const res = await POST(
      new Request("http://sift.lan:3000/api/auth/sign-in/email", {
        method: "POST",
        headers: {
          "content-type": "application/json",
          origin: "http://sift.lan:3000",
          host: "sift.lan:3000",
          ...peerHeaders("192.168.1.20"),
        },
        body: JSON.stringify({ email: "ana@example.test", password: "correct horse battery" }),
      }),
    );
    expect(res.status).toBe(200);
    const cookie = res.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/session_token=/);
    expect(cookie).not.toMatch(/__Secure-/);
    expect(cookie).not.toMatch(/;\s*Secure/i);
  });
});
