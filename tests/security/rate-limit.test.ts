import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as listFacts } from "@/app/api/facts/route";
import { createDb, type OpenedDatabase } from "@/lib/db/client";
import { consumeRateLimit } from "@/lib/db/rate-limit";
import { createTestDb, truncateAll, type TestDb } from "@/tests/db";
import { peerHeaders } from "@/lib/security/peer";
import { call, expectConforms } from "@/tests/api/helpers";
import { testRunPayload } from "@/tests/runs";

// The rate limit (lib/security/limits.ts over rate-limiter-flexible's Prisma store): the N+1th request of a
// window is refused with 429 and Retry-After, other keys are not, and two app instances share the counts.

const state = vi.hoisted(() => ({ db: undefined as unknown }));
vi.mock("@/lib/db/client", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/db/client")>()),
  getDb: async () => state.db,
}));

let db: TestDb;
beforeAll(async () => {
  db = await createTestDb();
  state.db = db.prisma;
});
afterEach(async () => {
  vi.unstubAllEnvs();
  await truncateAll(db.prisma);
});
afterAll(async () => db?.close());

async function withLimit<T>(limit: number, work: () => Promise<T>): Promise<T> {
  vi.stubEnv("SIFT_RATE_LIMIT", String(limit));
  vi.stubEnv("SIFT_RATE_LIMIT_WINDOW_SECONDS", "60");
  vi.resetModules();
  return work();
}

// The socket's address as the boot hook signs it (lib/security/peer.ts).
const from = (ip: string) => ({ url: "/api/facts", headers: peerHeaders(ip) });

describe("the API's rate limit", () => {
  it("refuses the N+1th request of an address with 429 and Retry-After", async () => {
    await withLimit(3, async () => {
      const { GET } = await import("@/app/api/facts/route");
      for (let i = 0; i < 3; i++) expect((await call(GET, from("203.0.113.7"))).status).toBe(200);
      const refused = await call(GET, from("203.0.113.7"));
      expectConforms(refused, "/api/facts", "GET");
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ code: "RATE_LIMITED", message: expect.stringMatching(/Try again in \d+/) });
      const wait = Number(refused.headers.get("retry-after"));
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(60);
    });
  });

  it("counts per reviewer too: a new address of the same reviewer is refused once the reviewer is over", async () => {
    await withLimit(2, async () => {
      const { GET } = await import("@/app/api/facts/route");
      expect((await call(GET, from("198.51.100.1"))).status).toBe(200);
      expect((await call(GET, from("198.51.100.2"))).status).toBe(200);
      // Both addresses are under their own limit; the reviewer "local" has used its 2.
      expect((await call(GET, from("198.51.100.3"))).status).toBe(429);
    });
  });

  it("counts a space's members and agents together and leaves another space its budget", async () => {
    await db.prisma.space.create({ data: { id: "space-mobile", slug: "mobile", name: "Mobile" } });
    vi.stubEnv("SIFT_SPACE_RATE_LIMIT", "2");
    await withLimit(0, async () => {
      const { GET } = await import("@/app/api/facts/route");
      const inDefault = (ip: string) => ({ url: "/api/facts", headers: peerHeaders(ip) });
      // Two callers at two addresses, each far under their own limit (off here), share the default space's 2.
      expect((await call(GET, inDefault("192.0.2.1"))).status).toBe(200);
      expect((await call(GET, inDefault("192.0.2.2"))).status).toBe(200);
      const refused = await call(GET, inDefault("192.0.2.3"));
      expectConforms(refused, "/api/facts", "GET");
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({
        code: "RATE_LIMITED",
        message: expect.stringMatching(/^Too many requests in the space Default .*at most 2 every 60 seconds/),
      });
      // The other space is untouched by the default space's flood.
      const mobile = await call(GET, { url: "/api/facts?space=mobile", headers: peerHeaders("192.0.2.1") });
      expect(mobile.status).toBe(200);
      // A space nobody has is answered as missing before anything is counted against it.
      const missing = await call(GET, { url: "/api/facts?space=nope", headers: peerHeaders("192.0.2.1") });
      expect(missing).toMatchObject({ status: 404, body: { code: "NOT_FOUND" } });
      expect((await call(GET, { url: "/api/facts?space=mobile", headers: peerHeaders("192.0.2.4") })).status).toBe(200);
      expect((await call(GET, { url: "/api/facts?space=mobile", headers: peerHeaders("192.0.2.5") })).status).toBe(429);
    });
  });

  it("is off with SIFT_RATE_LIMIT=0 and generous by default", async () => {
    await withLimit(0, async () => {
      const { GET } = await import("@/app/api/facts/route");
      for (let i = 0; i < 5; i++) expect((await call(GET, from("192.0.2.9"))).status).toBe(200);
    });
    for (let i = 0; i < 5; i++) expect((await call(listFacts, from("192.0.2.9"))).status).toBe(200);
  });
});

describe("the store", () => {
  it("refuses the N+1th consume of a key and not another key", async () => {
    const limit = { db: db.prisma, points: 2, durationSeconds: 30 };
    expect((await consumeRateLimit({ ...limit, key: "ip:a" })).allowed).toBe(true);
    expect((await consumeRateLimit({ ...limit, key: "ip:a" })).allowed).toBe(true);
    const third = await consumeRateLimit({ ...limit, key: "ip:a" });
    expect(third).toMatchObject({ allowed: false, remaining: 0 });
    expect(third.retryAfterSeconds).toBeGreaterThan(0);
    expect(third.retryAfterSeconds).toBeLessThanOrEqual(30);
    expect((await consumeRateLimit({ ...limit, key: "ip:b" })).allowed).toBe(true);
  });

  it("counts concurrent requests exactly: 20 at once with room for 5 let 5 through", async () => {
    const limit = { db: db.prisma, points: 5, durationSeconds: 30 };
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () => consumeRateLimit({ ...limit, key: "reviewer:burst" })),
    );
    expect(outcomes.filter((o) => o.allowed)).toHaveLength(5);
  });

  // Two instances need a server both connect to: PGlite is one process per data directory.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "is shared by two instances (two Prisma clients) on one PostgreSQL database",
    async () => {
      const second: OpenedDatabase = await createDb({
        databaseUrl: (() => {
          const u = new URL(process.env.TEST_DATABASE_URL as string);
          u.pathname = `/${db.location}`;
          return u.toString();
        })(),
      });
      try {
        const one = { db: db.prisma, points: 3, durationSeconds: 30, key: "ip:shared" };
        const two = { ...one, db: second.prisma };
        expect((await consumeRateLimit(one)).allowed).toBe(true);
        expect((await consumeRateLimit(two)).allowed).toBe(true);
        expect((await consumeRateLimit(one)).allowed).toBe(true);
        expect((await consumeRateLimit(two)).allowed).toBe(false);
        expect((await consumeRateLimit(one)).allowed).toBe(false);
      } finally {
        await second.close();
      }
    },
  );
});

describe("other limits", () => {
  it("refuses a new extraction while the reviewer has SIFT_MAX_ACTIVE_RUNS running, saving nothing", async () => {
    vi.stubEnv("SIFT_MAX_ACTIVE_RUNS", "2");
    vi.resetModules();
    const { POST } = await import("@/app/api/sources/route");
    const source = await db.prisma.source.create({
      data: { title: "Busy", origin: "paste", text: "A: busy.", contentHash: "busy" },
    });
    for (const status of ["queued", "running"] as const) {
      await db.prisma.extractionRun.create({
        data: { payload: testRunPayload(), sourceId: source.id, extractor: "offline", status, reviewerId: "local" },
      });
    }
    const refused = await call(POST, {
      method: "POST",
      url: "/api/sources",
      json: { text: "Ana: We ship the capacity fix on Friday." },
    });
    expectConforms(refused, "/api/sources", "POST");
    expect(refused).toMatchObject({
      status: 429,
      body: {
        code: "RATE_LIMITED",
        message: "You have 2 extractions running; wait for one to finish before starting another.",
      },
    });
    expect(refused.headers.get("retry-after")).toBe("10");
    expect(await db.prisma.source.count()).toBe(1);
  });

  it("refuses a body over the size limit with 413 before reading it", async () => {
    vi.stubEnv("SIFT_MAX_UPLOAD_BYTES", "1000");
    vi.resetModules();
    const { POST } = await import("@/app/api/facts/route");
    const huge = await call(POST, {
      method: "POST",
      url: "/api/facts",
      json: { content: "x".repeat(70_000), kind: "decision" },
    });
    expectConforms(huge, "/api/facts", "POST");
    expect(huge).toMatchObject({ status: 413, body: { code: "TOO_LARGE" } });
    expect(await db.prisma.fact.count()).toBe(0);
  });
});
