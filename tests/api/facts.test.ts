import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as factRoute from "@/app/api/facts/[id]/route";
import * as factsRoute from "@/app/api/facts/route";
import { GET as openapi } from "@/app/api/openapi.json/route";
import { createTestDb, type TestDb } from "@/tests/db";
import { call, document, expectConforms } from "@/tests/api/helpers";

// The REST API's fact routes, called as Next.js calls them, each answer checked against the OpenAPI document.

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
afterAll(async () => db?.close());

async function enter(content: string, kind = "decision") {
  const res = await call(factsRoute.POST, {
    method: "POST",
    url: "/api/facts",
    json: { content, kind, temporal: "future" },
  });
  expectConforms(res, "/api/facts", "POST");
  expect(res.status).toBe(201);
  return res.body as { id: string; version: number; content: string };
}

describe("the OpenAPI document", () => {
  it("is OpenAPI 3.1 with every route, each answering its errors as { code, message }", async () => {
    const res = await openapi();
    const served = (await res.json()) as typeof document;
    expect(served.openapi).toBe("3.1.0");
    expect(Object.keys(served.paths ?? {}).sort()).toEqual([
      "/api/candidates",
      "/api/candidates/{id}/approve",
      "/api/candidates/{id}/reject",
      "/api/facts",
      "/api/facts/{id}",
      "/api/runs/{id}",
      "/api/sources",
      "/api/subjects/forget",
    ]);
    const patch = served.paths?.["/api/facts/{id}"]?.patch;
    expect(Object.keys(patch?.responses ?? {}).sort()).toEqual([
      "200",
      "400",
      "401",
      "403",
      "404",
      "409",
      "413",
      "428",
      "429",
      "500",
    ]);
    expect(Object.keys(patch?.responses?.["429"]?.headers ?? {})).toEqual(["Retry-After"]);
    expect(Object.keys(patch?.responses?.["200"]?.headers ?? {})).toEqual(["ETag"]);
    expect(patch?.parameters).toContainEqual(
      expect.objectContaining({ in: "header", name: "if-match", required: true }),
    );
  });
});

describe("facts over the API", () => {
  it("enters a fact by hand and refuses the same words twice (409) or a bad body (400)", async () => {
    const fact = await enter("The API launch review happens every Tuesday.");
    expect(fact.version).toBe(1);
    const again = await call(factsRoute.POST, {
      method: "POST",
      url: "/api/facts",
      json: { content: "The API launch review happens every Tuesday.", kind: "decision", temporal: "future" },
    });
    expectConforms(again, "/api/facts", "POST");
    expect(again).toMatchObject({ status: 409, body: { code: "CONFLICT" } });

    const short = await call(factsRoute.POST, {
      method: "POST",
      url: "/api/facts",
      json: { content: "x", kind: "decision" },
    });
    expectConforms(short, "/api/facts", "POST");
    expect(short.status).toBe(400);
    expect((short.body as { fieldErrors: Record<string, string[]> }).fieldErrors).toHaveProperty("content");

    for (const body of ["{not json", "[1,2"]) {
      const res = await call(factsRoute.POST, {
        method: "POST",
        url: "/api/facts",
        body,
        headers: { "content-type": "application/json" },
      });
      expect(res).toMatchObject({ status: 400, body: { code: "VALIDATION", message: "The body is not valid JSON." } });
    }
    const text = await call(factsRoute.POST, {
      method: "POST",
      url: "/api/facts",
      body: "content=x",
      headers: { "content-type": "text/plain" },
    });
    expectConforms(text, "/api/facts", "POST");
    expect(text).toMatchObject({ status: 400, body: { code: "VALIDATION" } });
  });

  it("reads a fact with its history; a malformed or unknown id is 404", async () => {
    const fact = await enter("Support tickets older than ninety days are archived.");
    const res = await call(factRoute.GET, { url: `/api/facts/${fact.id}`, params: { id: fact.id } });
    expectConforms(res, "/api/facts/{id}", "GET");
    expect(res.body).toMatchObject({ id: fact.id, revisions: [{ version: 1, action: "create" }] });
    // The version goes out as the ETag that If-Match takes back.
    expect(res.headers.get("etag")).toBe('"1"');

    for (const id of ["not-a-uuid", "00000000-0000-4000-8000-000000000000"]) {
      const missing = await call(factRoute.GET, { url: `/api/facts/${id}`, params: { id } });
      expectConforms(missing, "/api/facts/{id}", "GET");
      expect(missing).toMatchObject({ status: 404, body: { code: "NOT_FOUND" } });
    }
  });

  it("edits only with If-Match: 428 without it, 409 when stale (with the text now), 200 when current", async () => {
    const fact = await enter("The staging database is reset every Sunday night.");
    const url = `/api/facts/${fact.id}`;
    const patch = (headers: Record<string, string>, content: string) =>
      call(factRoute.PATCH, { method: "PATCH", url, params: { id: fact.id }, headers, json: { content } });

    const missing = await patch({}, "The staging database is reset every Saturday night.");
    expectConforms(missing, "/api/facts/{id}", "PATCH");
    expect(missing).toMatchObject({ status: 428, body: { code: "PRECONDITION_REQUIRED" } });

    const first = await patch({ "if-match": '"1"' }, "The staging database is reset every Saturday night.");
    expectConforms(first, "/api/facts/{id}", "PATCH");
    expect(first).toMatchObject({
      status: 200,
      body: { version: 2, content: "The staging database is reset every Saturday night." },
    });

    const stale = await patch({ "if-match": "1" }, "The staging database is reset every Monday night.");
    expectConforms(stale, "/api/facts/{id}", "PATCH");
    expect(stale.status).toBe(409);
    expect((stale.body as { message: string }).message).toContain(
      "The staging database is reset every Saturday night.",
    );

    const garbage = await patch({ "if-match": "latest" }, "The staging database is reset daily.");
    expect(garbage).toMatchObject({ status: 400, body: { code: "VALIDATION" } });
    const nothing = await call(factRoute.PATCH, {
      method: "PATCH",
      url,
      params: { id: fact.id },
      headers: { "if-match": "2" },
      json: {},
    });
    expectConforms(nothing, "/api/facts/{id}", "PATCH");
    expect(nothing.status).toBe(400);
  });

  it("pages a search by cursor without repeating or skipping a fact while facts are added", async () => {
    const contents = Array.from({ length: 5 }, (_, i) => `Quarterly pricing memo number ${i + 1} goes to finance.`);
    for (const c of contents) await enter(c);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query = `q=pricing+memo&limit=2${cursor ? `&cursor=${cursor}` : ""}`;
      const res = await call(factsRoute.GET, { url: `/api/facts?${query}` });
      expectConforms(res, "/api/facts", "GET");
      const page = res.body as { facts: Array<{ content: string }>; nextCursor: string | null };
      seen.push(...page.facts.map((f) => f.content));
      cursor = page.nextCursor;
      // A fact added between pages must not shift the pages still to come.
      if (pages++ === 0) await enter("Pricing memo addendum for the finance team.");
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    for (const c of contents) expect(seen).toContain(c);

    const bad = await call(factsRoute.GET, { url: "/api/facts?cursor=bm90LW91cnM" });
    expectConforms(bad, "/api/facts", "GET");
    expect(bad).toMatchObject({
      status: 400,
      body: { code: "VALIDATION", fieldErrors: { cursor: expect.any(Array) } },
    });
  });

  it("filters by kind and answers what was true as of a day", async () => {
    await enter("Dana prefers written status updates over meetings.", "preference");
    const kind = await call(factsRoute.GET, { url: "/api/facts?kind=preference" });
    expectConforms(kind, "/api/facts", "GET");
    expect((kind.body as { facts: Array<{ kind: string }> }).facts.map((f) => f.kind)).toEqual(["preference"]);

    const before = await call(factsRoute.GET, { url: "/api/facts?as_of=2001-01-01" });
    expectConforms(before, "/api/facts", "GET");
    expect((before.body as { facts: unknown[] }).facts).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    const now = await call(factsRoute.GET, { url: `/api/facts?as_of=${today}&q=Dana+written` });
    expect((now.body as { facts: Array<{ content: string }> }).facts.map((f) => f.content)).toEqual([
      "Dana prefers written status updates over meetings.",
    ]);
  });
});
