import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { operations, type Operation } from "@/lib/api/operations";
import { createTestDb, type TestDb } from "@/tests/db";
import { call, expectConforms } from "@/tests/api/helpers";
import {
  anyJson,
  FUZZ_SEED,
  headerValue,
  idFrom,
  nastyString,
  objectLike,
  rowCounts,
  fieldValue,
} from "@/tests/fuzz/arbitraries";
import { fuzzBudget } from "@/tests/fuzz/budget";

// Every REST operation (lib/api/operations.ts, so a new route is fuzzed without touching this file) called
// with generated paths, queries, headers and bodies. Property: never a crash and never a 500; every answer
// is a status the OpenAPI document gives that operation, with its body's shape; a refused request leaves
// every table as it was.

const RUNS_PER_OPERATION = Number(process.env.FUZZ_API_RUNS ?? 600);

const state = vi.hoisted(() => ({ db: undefined as unknown, background: [] as Promise<unknown>[], run: true }));
vi.mock("@/lib/db/client", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/db/client")>()),
  getDb: async () => state.db,
}));
// Extraction runs after the response. The seed awaits it; while fuzzing it is dropped, so the tables change
// only by the request itself (a run it queued stays queued and counts towards SIFT_MAX_ACTIVE_RUNS).
vi.mock("next/server", async (importOriginal) => ({
  ...(await importOriginal<typeof import("next/server")>()),
  after: (task: () => Promise<unknown>) => {
    if (state.run) state.background.push(task());
  },
}));

type Handler = Parameters<typeof call>[0];
const routes = import.meta.glob<Record<string, Handler>>("../../app/api/**/route.ts");

function handlerOf(operation: Operation): () => Promise<Handler> {
  const file = `../../app${operation.path.replace(/\{(\w+)\}/g, "[$1]")}/route.ts`;
  const load = routes[file];
  if (!load) throw new Error(`No route file ${file} for ${operation.operationId}`);
  return async () => {
    const handler = (await load())[operation.method.toUpperCase()];
    if (!handler) throw new Error(`${file} exports no ${operation.method.toUpperCase()}`);
    return handler;
  };
}

const keysOf = (schema: z.ZodType | undefined) => (schema instanceof z.ZodObject ? Object.keys(schema.shape) : []);

const pools = { facts: [] as string[], candidates: [] as string[], runs: [] as string[] };
const poolFor = (path: string) =>
  path.startsWith("/api/facts") ? pools.facts : path.startsWith("/api/runs") ? pools.runs : pools.candidates;

const asText = (value: unknown) => (typeof value === "string" ? value : (JSON.stringify(value) ?? ""));

/** One generated request for an operation. */
function requestFor(operation: Operation) {
  const id = idFrom(() => poolFor(operation.path));
  const query = fc.oneof(
    objectLike(keysOf(operation.query)).map((o) => Object.entries(o).map(([k, v]) => [k, asText(v)])),
    fc.array(fc.tuple(nastyString, nastyString), { maxLength: 4 }),
  );
  const headers = fc.record(
    {
      "if-match": headerValue,
      "x-forwarded-for": headerValue,
      "content-type": fc.oneof(
        fc.constantFrom("application/json", "application/json; charset=utf-8", "text/plain", "multipart/form-data"),
        headerValue,
      ),
      "content-length": fc.constantFrom("0", "-1", "abc", "99999999999"),
    },
    { requiredKeys: [] },
  );
  const bodyKeys = keysOf(operation.json);
  const body = fc.oneof(
    objectLike(bodyKeys, { version: fc.oneof(fc.integer({ min: -1, max: 3 }), fieldValue) }).map((json) => ({ json })),
    anyJson.map((json) => ({ json })),
    nastyString.map((text) => ({ raw: text })),
    objectLike(keysOf(operation.multipart)).chain((fields) =>
      fc.uint8Array({ maxLength: 300 }).map((bytes) => ({ fields, bytes })),
    ),
  );
  return fc.record({ id, query, headers, body });
}

let db: TestDb;
beforeAll(async () => {
  // The limiter runs (its table is written on every request) but never refuses: tests/security covers that.
  vi.stubEnv("SIFT_RATE_LIMIT", "100000000");
  db = await createTestDb();
  state.db = db.prisma;
  // Real things to aim at: facts, a run and its candidates.
  const sources = await handlerOf(operations.startSource)();
  const started = await call(sources, {
    method: "POST",
    url: "/api/sources",
    json: {
      title: "Fuzz seed",
      text: "Ana: We decided to ship the fuzz harness by Friday.\nBo: The budget cannot exceed ten thousand dollars.",
    },
  });
  expect(started.status).toBe(202);
  await Promise.all(state.background.splice(0));
  state.run = false;
  const createFact = await handlerOf(operations.createFact)();
  for (const content of ["The fuzz fact one holds.", "The fuzz fact two holds as well."]) {
    const res = await call(createFact, {
      method: "POST",
      url: "/api/facts",
      json: { content, kind: "decision", temporal: "future" },
    });
    expect(res.status).toBe(201);
  }
  pools.facts = (await db.prisma.fact.findMany({ select: { id: true } })).map((f) => f.id);
  pools.candidates = (await db.prisma.candidate.findMany({ select: { id: true } })).map((c) => c.id);
  pools.runs = (await db.prisma.extractionRun.findMany({ select: { id: true } })).map((r) => r.id);
  expect(pools.candidates.length).toBeGreaterThan(0);
});
afterAll(async () => db?.close());

const timings: string[] = [];
afterAll(() =>
  console.info(`[fuzz] API, seed ${FUZZ_SEED}, ${RUNS_PER_OPERATION} per operation:\n${timings.join("\n")}`),
);

describe("fuzzing the REST API", () => {
  const budget = fuzzBudget(Object.keys(operations).length);
  for (const operation of Object.values(operations) as Operation[]) {
    const name = `${operation.method.toUpperCase()} ${operation.path}`;
    it(`${name}: documented answers only, nothing stored when refused`, async () => {
      const handler = await handlerOf(operation)();
      const target = budget.next(RUNS_PER_OPERATION);
      const started = performance.now();
      const statuses = new Map<number, number>();
      // The tables as the last request left them: one count per request instead of two.
      let known = await rowCounts(db.prisma);
      await fc.assert(
        fc.asyncProperty(requestFor(operation), async ({ id: raw, query, headers, body }) => {
          if (!target.open()) return;
          // A URL cannot carry a lone surrogate: Next.js would hand the route U+FFFD in its place.
          const id = raw.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD");
          const path = operation.path.replace("{id}", encodeURIComponent(id));
          const search = new URLSearchParams(query).toString();
          const url = `${path}${search ? `?${search}` : ""}`;
          const withBody = operation.method !== "get";
          let init: Parameters<typeof call>[1] = { method: operation.method.toUpperCase(), url, headers };
          if (withBody && "json" in body) init = { ...init, body: JSON.stringify(body.json) };
          if (withBody && "raw" in body) init = { ...init, body: body.raw };
          if (withBody && "fields" in body) {
            const form = new FormData();
            for (const [k, v] of Object.entries(body.fields)) form.set(k, asText(v));
            form.set("file", new File([body.bytes], "fuzz.txt", { type: "text/plain" }));
            const { "content-type": _, ...rest } = headers;
            init = { ...init, body: form, headers: rest };
          }
          const res = await call(handler, { ...init, params: { id } });
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
          expectConforms(res, operation.path, operation.method);
          const after = await rowCounts(db.prisma);
          if (res.status >= 400) expect(after).toEqual(known);
          known = after;
        }),
        { numRuns: RUNS_PER_OPERATION, seed: FUZZ_SEED },
      );
      const ms = Math.round(performance.now() - started);
      const counts = JSON.stringify(Object.fromEntries(statuses));
      timings.push(`  ${operation.operationId}: ${target.describe()}, ${ms} ms, statuses ${counts}`);
    });
  }
});
