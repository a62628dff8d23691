import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as approveRoute from "@/app/api/candidates/[id]/approve/route";
import * as rejectRoute from "@/app/api/candidates/[id]/reject/route";
import * as candidatesRoute from "@/app/api/candidates/route";
import * as factRoute from "@/app/api/facts/[id]/route";
import * as runRoute from "@/app/api/runs/[id]/route";
import * as sourcesRoute from "@/app/api/sources/route";
import { createTestDb, type TestDb } from "@/tests/db";
import { call, expectConforms } from "@/tests/api/helpers";

// A transcript in through the API, its run followed, its candidates listed by cursor and decided with the
// version read; every answer checked against the OpenAPI document.

const state = vi.hoisted(() => ({ db: undefined as unknown, background: [] as Promise<unknown>[] }));
vi.mock("@/lib/db/client", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/db/client")>()),
  getDb: async () => state.db,
}));
// Next's `after` runs the extraction once the response is sent; here the test awaits it.
vi.mock("next/server", async (importOriginal) => ({
  ...(await importOriginal<typeof import("next/server")>()),
  after: (task: () => Promise<unknown>) => void state.background.push(task()),
}));

const TRANSCRIPT = [
  "Priya: We decided to ship the partner portal by the end of Q3.",
  "Marcus: The portal budget cannot exceed forty thousand dollars.",
  "Marcus: I will write the partner onboarding guide by Friday.",
  "Lena: We learned that skipping the load test caused the outage in March.",
].join("\n");

let db: TestDb;
beforeAll(async () => {
  db = await createTestDb();
  state.db = db.prisma;
});
afterAll(async () => db?.close());

const settle = async () => {
  await Promise.all(state.background.splice(0));
};

type Candidate = { id: string; version: number; content: string; status: string; source: { origin: string } };

describe("sources, runs and candidates over the API", () => {
  let runId = "";

  it("takes a transcript as JSON, answers 202 with the run, and refuses the same text again (409)", async () => {
    const res = await call(sourcesRoute.POST, {
      method: "POST",
      url: "/api/sources",
      json: { title: "Portal sync", text: TRANSCRIPT },
    });
    expectConforms(res, "/api/sources", "POST");
    expect(res.status).toBe(202);
    runId = (res.body as { runId: string }).runId;
    await settle();

    const run = await call(runRoute.GET, { url: `/api/runs/${runId}`, params: { id: runId } });
    expectConforms(run, "/api/runs/{id}", "GET");
    expect(run.body).toMatchObject({ id: runId, status: "succeeded", source: { title: "Portal sync" } });
    expect((run.body as { candidates: number }).candidates).toBeGreaterThan(1);
    // The run page says how many wait to be reviewed and how many a gate holds, before anyone decides.
    const { candidates, counts } = run.body as {
      candidates: number;
      counts: { pending: number; gated: number; decided: number };
    };
    expect(counts.decided).toBe(0);
    expect(counts.pending + counts.gated).toBe(candidates);

    const again = await call(sourcesRoute.POST, { method: "POST", url: "/api/sources", json: { text: TRANSCRIPT } });
    expectConforms(again, "/api/sources", "POST");
    expect(again).toMatchObject({ status: 409, body: { code: "CONFLICT" } });
  });

  it("takes a multipart file; refuses an empty body (400), a binary file (415), an oversized one (413)", async () => {
    const form = new FormData();
    form.set("file", new File(["Omar: The pilot starts on 3 March.\n"], "pilot.txt", { type: "text/plain" }));
    form.set("title", "Pilot notes");
    const res = await call(sourcesRoute.POST, { method: "POST", url: "/api/sources", body: form });
    expectConforms(res, "/api/sources", "POST");
    expect(res.status).toBe(202);
    await settle();

    const empty = await call(sourcesRoute.POST, { method: "POST", url: "/api/sources", json: {} });
    expectConforms(empty, "/api/sources", "POST");
    expect(empty).toMatchObject({ status: 400, body: { fieldErrors: { text: expect.any(Array) } } });

    const noFile = new FormData();
    noFile.set("title", "Forgot the file");
    const missing = await call(sourcesRoute.POST, { method: "POST", url: "/api/sources", body: noFile });
    expectConforms(missing, "/api/sources", "POST");
    expect(missing).toMatchObject({ status: 400, body: { fieldErrors: { file: expect.any(Array) } } });

    const binary = new FormData();
    binary.set("file", new File([new Uint8Array([0, 1, 2, 0, 255, 0, 7, 0])], "blob.bin"));
    const refused = await call(sourcesRoute.POST, { method: "POST", url: "/api/sources", body: binary });
    expectConforms(refused, "/api/sources", "POST");
    expect(refused).toMatchObject({ status: 415, body: { code: "UNSUPPORTED_FILE" } });

    const big = await call(sourcesRoute.POST, {
      method: "POST",
      url: "/api/sources",
      json: { text: "x" },
      headers: { "content-length": String(50 * 1024 * 1024) },
    });
    expectConforms(big, "/api/sources", "POST");
    expect(big).toMatchObject({ status: 413, body: { code: "TOO_LARGE" } });
  });

  it("lists open candidates by cursor, each once, with the source they came from", async () => {
    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await call(candidatesRoute.GET, {
        url: `/api/candidates?run=${runId}&limit=2${cursor ? `&cursor=${cursor}` : ""}`,
      });
      expectConforms(res, "/api/candidates", "GET");
      const page = res.body as { candidates: Candidate[]; nextCursor: string | null };
      ids.push(...page.candidates.map((c) => c.id));
      for (const c of page.candidates) expect(c.source.origin).toBe("api");
      cursor = page.nextCursor;
    } while (cursor);
    const total = await db.prisma.candidate.count({ where: { runId, status: { in: ["pending", "gated"] } } });
    expect(ids).toHaveLength(total);
    expect(new Set(ids).size).toBe(total);

    const bad = await call(candidatesRoute.GET, { url: "/api/candidates?status=maybe" });
    expectConforms(bad, "/api/candidates", "GET");
    expect(bad.status).toBe(400);
  });

  it("approves with the version read (a stale version or a second decision is 409) and rejects", async () => {
    const res = await call(candidatesRoute.GET, { url: `/api/candidates?run=${runId}` });
    const [first, second] = (res.body as { candidates: Candidate[] }).candidates;
    if (!first || !second) throw new Error("the transcript gave fewer than two candidates");
    const approve = (c: Candidate, version: number) =>
      call(approveRoute.POST, {
        method: "POST",
        url: `/api/candidates/${c.id}/approve`,
        params: { id: c.id },
        json: { version },
      });

    const stale = await approve(first, first.version + 1);
    expectConforms(stale, "/api/candidates/{id}/approve", "POST");
    expect(stale).toMatchObject({
      status: 409,
      body: { code: "CONFLICT", message: expect.stringContaining("since you read") },
    });

    const ok = await approve(first, first.version);
    expectConforms(ok, "/api/candidates/{id}/approve", "POST");
    const factId = (ok.body as { factId: string }).factId;
    const fact = await call(factRoute.GET, { url: `/api/facts/${factId}`, params: { id: factId } });
    expect(fact.body).toMatchObject({ content: first.content, provenance: [{ source: { title: "Portal sync" } }] });

    const twice = await approve(first, first.version);
    expect(twice).toMatchObject({ status: 409, body: { message: expect.stringContaining("already approved") } });

    const noVersion = await call(approveRoute.POST, {
      method: "POST",
      url: `/api/candidates/${second.id}/approve`,
      params: { id: second.id },
      json: {},
    });
    expectConforms(noVersion, "/api/candidates/{id}/approve", "POST");
    expect(noVersion.status).toBe(400);

    const rejected = await call(rejectRoute.POST, {
      method: "POST",
      url: `/api/candidates/${second.id}/reject`,
      params: { id: second.id },
      json: { version: second.version, reason: "Too vague" },
    });
    expectConforms(rejected, "/api/candidates/{id}/reject", "POST");
    expect(rejected.body).toMatchObject({ status: "rejected", decided: 1 });
    const missing = await call(rejectRoute.POST, {
      method: "POST",
      url: "/api/candidates/nope/reject",
      params: { id: "nope" },
      json: { version: 1 },
    });
    expectConforms(missing, "/api/candidates/{id}/reject", "POST");
    expect(missing.status).toBe(404);

    // The two decisions move out of the run's open counts.
    const run = await call(runRoute.GET, { url: `/api/runs/${runId}`, params: { id: runId } });
    const { candidates, counts } = run.body as {
      candidates: number;
      counts: { pending: number; gated: number; decided: number };
    };
    expect(counts.decided).toBe(2);
    expect(counts.pending + counts.gated).toBe(candidates - 2);
  });

  it("sort=rank lists open candidates best-ranked first, each once, while one is decided between pages", async () => {
    type Ranked = Candidate & { rank: number };
    const seen: Ranked[] = [];
    let cursor: string | null = null;
    do {
      const res = await call(candidatesRoute.GET, {
        url: `/api/candidates?run=${runId}&sort=rank&limit=1${cursor ? `&cursor=${cursor}` : ""}`,
      });
      expectConforms(res, "/api/candidates", "GET");
      const page = res.body as { candidates: Ranked[]; nextCursor: string | null };
      seen.push(...page.candidates);
      // An agent decides as it reads: the cursor is a position in the ranking, so nothing after it is skipped.
      if (seen.length === 1) {
        const [top] = page.candidates;
        if (!top) throw new Error("no open candidate left to rank");
        await call(rejectRoute.POST, {
          method: "POST",
          url: `/api/candidates/${top.id}/reject`,
          params: { id: top.id },
          json: { version: top.version, reason: "Too vague" },
        });
      }
      cursor = page.nextCursor;
    } while (cursor);

    const stored = await db.prisma.candidate.findMany({
      where: { runId, OR: [{ status: { in: ["pending", "gated"] } }, { id: seen[0]?.id }] },
      select: { id: true, rank: true },
    });
    expect(seen.map((c) => c.id).sort()).toEqual(stored.map((c) => c.id).sort());
    expect(seen.map((c) => c.rank)).toEqual(stored.map((c) => c.rank).sort((a, b) => b - a));
    expect(new Set(seen.map((c) => c.rank)).size, "the transcript's candidates are ranked apart").toBeGreaterThan(1);

    const byCreated = await call(candidatesRoute.GET, { url: `/api/candidates?run=${runId}&status=all&limit=1` });
    const createdCursor = (byCreated.body as { nextCursor: string | null }).nextCursor;
    if (!createdCursor) throw new Error("the run has a single candidate");
    const mixed = await call(candidatesRoute.GET, { url: `/api/candidates?sort=rank&cursor=${createdCursor}` });
    expectConforms(mixed, "/api/candidates", "GET");
    expect(mixed).toMatchObject({ status: 400, body: { message: expect.stringContaining("other sort order") } });
  });
});
