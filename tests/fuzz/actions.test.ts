import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { approveCandidateAction, decideSelectionAction, mergeCandidateAction } from "@/app/review/actions";
import { readQuoteContextAction, rejectCandidateAction, undoDecisionAction } from "@/app/review/actions";
import { archiveFactAction, editFactAction, moveFactAction, restoreFactAction } from "@/app/facts/[id]/actions";
import { createFactAction } from "@/app/facts/new/actions";
import { retryRunAction, startExtractionAction } from "@/app/ingest/actions";
import { saveSettingsAction } from "@/app/settings/actions";
import { forgetSourceAction } from "@/app/sources/[id]/forget/actions";
import { ERROR_CODES } from "@/lib/errors";
import { createTestDb, type TestDb } from "@/tests/db";
import {
  anyJson,
  fieldValue,
  FUZZ_SEED,
  headerValue,
  idFrom,
  nastyString,
  mutated,
  objectLike,
  rowCounts,
} from "@/tests/fuzz/arbitraries";
import { fuzzBudget } from "@/tests/fuzz/budget";

// The pages' server actions called with generated inputs (what a forged or replayed request can send).
// Property: an action never throws and never answers INTERNAL; a refusal is an ActionResult with a known
// code and a message, and leaves every table as it was.

const RUNS_PER_ACTION = Number(process.env.FUZZ_ACTION_RUNS ?? 400);

const state = vi.hoisted(() => ({ db: undefined as unknown, background: [] as Promise<unknown>[], run: true }));
vi.mock("@/lib/db/client", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/db/client")>()),
  getDb: async () => state.db,
}));
vi.mock("next/cache", () => ({ revalidatePath: () => undefined }));
vi.mock("next/headers", () => ({ headers: async () => new Headers({ "x-forwarded-for": "203.0.113.50" }) }));
// As in tests/fuzz/api.test.ts: the seed's extraction is awaited, the fuzzed ones are dropped.
vi.mock("next/server", async (importOriginal) => ({
  ...(await importOriginal<typeof import("next/server")>()),
  after: (task: () => Promise<unknown>) => {
    if (state.run) state.background.push(task());
  },
}));

const pools = { facts: [] as string[], candidates: [] as string[], runs: [] as string[], sources: [] as string[] };
const fact = idFrom(() => pools.facts);
const candidate = idFrom(() => pools.candidates);
const version = fc.oneof(fc.integer({ min: -1, max: 4 }), fieldValue);
const ids = (pool: fc.Arbitrary<string>) => fc.oneof(fc.array(pool, { maxLength: 5 }), fieldValue);
const existing = (pool: () => string[]) => fc.nat().map((i) => pool()[i % Math.max(1, pool().length)] ?? "none");
const sentence = fc.oneof(
  fc.constantFrom("The fuzzed launch moves to Monday.", "  Budget is capped at 5 dollars  "),
  fc.string({ minLength: 3, maxLength: 1_200 }),
);
const fields = {
  content: sentence,
  kind: fc.constantFrom("decision", "commitment", "fact"),
  temporal: fc.constantFrom("future", "past", "ongoing"),
  importance: fc.double({ min: 0, max: 1, noNaN: true }),
};

/** The inputs a form's fields can carry: strings and files. */
const formData = objectLike(["title", "text", "meetingDate", "preset", "contextHints", "again"], {
  text: fc.oneof(nastyString, fc.constantFrom("Ana: We ship on Friday.", "WEBVTT\n\n00:00.000 --> 00:01.000\nhi")),
  again: fc.constantFrom("1", "0", "", "yes"),
}).chain((fields) =>
  fc.option(fc.uint8Array({ maxLength: 200 }), { nil: undefined }).map((bytes) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.set(k, typeof v === "string" ? v : (JSON.stringify(v) ?? ""));
    if (bytes) form.set("file", new File([bytes], "fuzz.vtt", { type: "text/vtt" }));
    return form;
  }),
);

type Action = (input: never) => Promise<{ ok: boolean; code?: string; message?: string }>;
const targets: { name: string; action: Action; input: fc.Arbitrary<unknown> }[] = [
  {
    name: "approve",
    action: approveCandidateAction,
    input: fc.oneof(
      mutated(
        fc.record({
          candidateId: existing(() => pools.candidates),
          edits: fc.record(fields, { requiredKeys: [] }),
          supersedeFactIds: fc.array(
            existing(() => pools.facts),
            { maxLength: 2 },
          ),
        }),
      ),
      objectLike(["candidateId", "edits", "supersedeFactIds", "relateFactIds", "withCluster", "keepInvisible"], {
        candidateId: candidate,
        edits: fc.oneof(objectLike(["content", "kind", "temporal", "importance"]), fieldValue),
        supersedeFactIds: ids(fact),
        relateFactIds: ids(fact),
      }),
    ),
  },
  {
    name: "merge",
    action: mergeCandidateAction,
    input: objectLike(["candidateId", "factId", "content"], { candidateId: candidate, factId: fact }),
  },
  {
    name: "reject",
    action: rejectCandidateAction,
    input: objectLike(["candidateId", "reason", "withCluster"], { candidateId: candidate }),
  },
  { name: "undo", action: undoDecisionAction, input: objectLike(["candidateId"], { candidateId: candidate }) },
  {
    name: "more context",
    action: readQuoteContextAction,
    input: objectLike(["candidateId"], { candidateId: candidate }),
  },
  {
    name: "decide selection",
    action: decideSelectionAction,
    input: fc.oneof(
      mutated(
        fc.record({
          candidateIds: fc.array(
            existing(() => pools.candidates),
            { maxLength: 3 },
          ),
          action: fc.constantFrom("approve", "reject"),
        }),
      ),
      mutated(
        fc.record({
          query: fc.constantFrom("status=open", "q=fuzz", "page=99999999999"),
          action: fc.constant("reject"),
        }),
      ),
      objectLike(["candidateIds", "query", "action", "reason", "includeGated"], {
        candidateIds: ids(candidate),
        query: fc.oneof(nastyString, headerValue, fc.constantFrom("status=open", "kind=decision&q=%00", "page=-1")),
      }),
    ),
  },
  {
    name: "create fact",
    action: createFactAction,
    input: fc.oneof(
      mutated(fc.record(fields)),
      objectLike(["content", "kind", "temporal", "validFrom", "validTo", "importance"]),
    ),
  },
  {
    name: "edit fact",
    action: editFactAction,
    input: fc.oneof(
      mutated(
        fc.record({
          factId: existing(() => pools.facts),
          version: fc.integer({ min: 1, max: 3 }),
          edits: fc.record(fields, { requiredKeys: [] }),
        }),
      ),
      objectLike(["factId", "version", "edits"], {
        factId: fact,
        version,
        edits: fc.oneof(objectLike(["content", "kind", "temporal", "importance"]), fieldValue),
      }),
    ),
  },
  {
    name: "restore fact",
    action: restoreFactAction,
    input: objectLike(["factId", "version", "restore"], { factId: fact, version, restore: version }),
  },
  {
    name: "archive fact",
    action: archiveFactAction,
    input: objectLike(["factId", "version", "archived"], { factId: fact, version }),
  },
  {
    name: "move fact",
    action: moveFactAction,
    input: objectLike(["factId", "version", "space", "mode"], {
      factId: fact,
      version,
      space: fc.constantFrom("default", "nowhere", "Default", ""),
      mode: fc.constantFrom("move", "copy"),
    }),
  },
  {
    name: "forget source",
    action: forgetSourceAction,
    input: fc.oneof(
      mutated(
        fc.record({
          sourceId: existing(() => pools.sources),
          mode: fc.constantFrom("archive", "delete"),
          expected: fc.record({
            factIds: fc.array(
              existing(() => pools.facts),
              { maxLength: 2 },
            ),
            candidateIds: fc.array(
              existing(() => pools.candidates),
              { maxLength: 2 },
            ),
          }),
        }),
      ),
      objectLike(["sourceId", "mode", "expected"], {
        sourceId: idFrom(() => pools.sources),
        expected: fc.oneof(
          objectLike(["factIds", "candidateIds"], { factIds: ids(fact), candidateIds: ids(candidate) }),
        ),
      }),
    ),
  },
  { name: "ingest", action: startExtractionAction, input: formData },
  { name: "retry run", action: retryRunAction, input: objectLike(["runId"], { runId: idFrom(() => pools.runs) }) },
  {
    name: "settings",
    action: saveSettingsAction,
    input: objectLike([
      "defaultPreset",
      "customKinds",
      "promptTemplate",
      "knownFactsLimit",
      "keyboardShortcuts",
      "thresholds",
      "gates",
    ]),
  },
];

let db: TestDb;
beforeAll(async () => {
  // The limiter runs (its table is written on every request) but never refuses: tests/security covers that.
  vi.stubEnv("SIFT_RATE_LIMIT", "100000000");
  db = await createTestDb();
  state.db = db.prisma;
  const form = new FormData();
  form.set("title", "Fuzz seed");
  form.set("text", "Ana: We decided to ship the fuzz harness by Friday.\nBo: The budget cannot exceed ten thousand.");
  expect(await startExtractionAction(form)).toMatchObject({ ok: true });
  await Promise.all(state.background.splice(0));
  state.run = false;
  for (const content of ["The fuzz fact one holds.", "The fuzz fact two holds as well."]) {
    expect(await createFactAction({ content, kind: "decision", temporal: "future" })).toMatchObject({ ok: true });
  }
  pools.facts = (await db.prisma.fact.findMany({ select: { id: true } })).map((f) => f.id);
  pools.candidates = (await db.prisma.candidate.findMany({ select: { id: true } })).map((c) => c.id);
  pools.runs = (await db.prisma.extractionRun.findMany({ select: { id: true } })).map((r) => r.id);
  pools.sources = (await db.prisma.source.findMany({ select: { id: true } })).map((s) => s.id);
  expect(pools.candidates.length).toBeGreaterThan(0);
});
afterAll(async () => db?.close());

const timings: string[] = [];
afterAll(() =>
  console.info(`[fuzz] actions, seed ${FUZZ_SEED}, ${RUNS_PER_ACTION} per action:\n${timings.join("\n")}`),
);

describe("fuzzing the server actions", () => {
  const budget = fuzzBudget(targets.length);
  for (const { name, action, input } of targets) {
    it(`${name}: a readable refusal, never a crash or INTERNAL, nothing stored when refused`, async () => {
      const target = budget.next(RUNS_PER_ACTION);
      const started = performance.now();
      const outcomes = new Map<string, number>();
      let known = await rowCounts(db.prisma);
      await fc.assert(
        fc.asyncProperty(
          fc.oneof({ weight: 4, arbitrary: input }, { weight: 1, arbitrary: anyJson }),
          async (value) => {
            if (!target.open()) return;
            const result = await action(value as never);
            const outcome = result.ok ? "ok" : String(result.code);
            outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
            expect(typeof result.ok).toBe("boolean");
            if (!result.ok) {
              expect(ERROR_CODES).toContain(result.code);
              expect(result.code, result.message).not.toBe("INTERNAL");
              expect(result.message).toEqual(expect.any(String));
            }
            const after = await rowCounts(db.prisma);
            if (!result.ok) expect(after).toEqual(known);
            known = after;
          },
        ),
        { numRuns: RUNS_PER_ACTION, seed: FUZZ_SEED },
      );
      const ms = Math.round(performance.now() - started);
      timings.push(
        `  ${name}: ${target.describe()}, ${ms} ms, outcomes ${JSON.stringify(Object.fromEntries(outcomes))}`,
      );
    });
  }
});
