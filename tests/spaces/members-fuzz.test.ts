import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as sourcesRoute from "@/app/api/sources/route";
import { createSpaceAction } from "@/app/admin/actions";
import { archiveFactAction, editFactAction, moveFactAction, restoreFactAction } from "@/app/facts/[id]/actions";
import { createFactAction } from "@/app/facts/new/actions";
import { retryRunAction, startExtractionAction } from "@/app/ingest/actions";
import { removeMemberAction, setMemberAction } from "@/app/members/actions";
import { resetLearningAction, saveSettingsAction } from "@/app/settings/actions";
import {
  approveCandidateAction,
  decideSelectionAction,
  mergeCandidateAction,
  readQuoteContextAction,
  rejectCandidateAction,
  undoDecisionAction,
} from "@/app/review/actions";
import { forgetSourceAction } from "@/app/sources/[id]/forget/actions";
import { forgetSubjectAction } from "@/app/subjects/forget/actions";
import { createAccount, getAuth } from "@/lib/auth/better-auth";
import { parseEnv } from "@/lib/env";
import { createManualFact } from "@/lib/facts/manual";
import { approveAndRejudge } from "@/lib/jobs/decisions";
import { DEFAULT_SETTINGS } from "@/lib/settings/schema";
import { call } from "@/tests/api/helpers";
import { createTestDb, type TestDb } from "@/tests/db";

// Issue 27, item 3, for people: a reviewer who is a member of space A only, fuzzed over every server action that
// takes an object or a space. Whatever id of B or name of B it sends, the answer is exactly the one an id or a
// space nobody has gets, and nothing of B is read back or changed.

const state = vi.hoisted(() => ({
  db: undefined as unknown,
  env: undefined as unknown,
  headers: new Headers(),
  background: [] as Promise<unknown>[],
}));
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
vi.mock("next/server", async (importOriginal) => ({
  ...(await importOriginal<typeof import("next/server")>()),
  after: (task: () => Promise<unknown>) => void state.background.push(task()),
}));

const settle = async () => void (await Promise.all(state.background.splice(0)));
const MEETING = [
  "Lin: We decided to launch billing v2 on October 22nd.",
  "Marcus: The code freeze starts on October 15th.",
  "Lin: Legal said we cannot store card numbers ourselves.",
].join("\n");

let db: TestDb;
/** B's (the default space's) ids, by kind. */
const b = { candidate: [] as string[], fact: [] as string[], source: [] as string[], run: [] as string[] };

async function signIn(name: string, role: "admin" | "reviewer") {
  const email = `${name}@example.test`;
  const { id } = await createAccount({ db: db.prisma, user: { name, email, password: "correct horse battery", role } });
  const response = await getAuth(db.prisma, state.env as never).api.signInEmail({
    body: { email, password: "correct horse battery" },
    asResponse: true,
  });
  return { id, cookie: (response.headers.get("set-cookie") ?? "").split(";")[0] as string };
}

async function snapshotB() {
  const where = { spaceId: "default" };
  const [facts, candidates, sources, members, settings, learned] = await Promise.all([
    db.prisma.fact.findMany({ where, select: { id: true, version: true, status: true, content: true } }),
    db.prisma.candidate.findMany({ where, select: { id: true, version: true, status: true, verdict: true } }),
    db.prisma.source.findMany({ where, select: { id: true } }),
    db.prisma.spaceMember.findMany({ where }),
    db.prisma.setting.findMany({ orderBy: { key: "asc" } }),
    db.prisma.learnedModel.findMany({ where, select: { id: true, status: true }, orderBy: { id: "asc" } }),
  ]);
  const byId = <T extends { id: string }>(rows: T[]) => rows.sort((x, y) => x.id.localeCompare(y.id));
  return { facts: byId(facts), candidates: byId(candidates), sources: byId(sources), members, settings, learned };
}

let mo = { id: "", cookie: "" };
/** A fact of Mobile (mo's space), which mo may move or copy anywhere mo reaches. */
let mobileFact = "";
beforeAll(async () => {
  db = await createTestDb();
  state.db = db.prisma;
  state.env = parseEnv({ SIFT_AUTH: "accounts", SIFT_AUTH_SECRET: "a-test-secret-that-is-long-enough-0123456789" });
  const ada = await signIn("ada", "admin");
  mo = await signIn("mo", "reviewer");
  state.headers = new Headers({ cookie: ada.cookie });
  expect(await createSpaceAction({ slug: "mobile", name: "Mobile" })).toMatchObject({ ok: true });
  expect(await setMemberAction({ space: "mobile", reviewerId: mo.id, role: "admin" })).toMatchObject({ ok: true });
  expect(await removeMemberAction({ reviewerId: mo.id })).toMatchObject({ ok: true });
  const res = await call(sourcesRoute.POST, {
    method: "POST",
    url: "/api/sources",
    json: { title: "Billing sync", text: MEETING, subject: "lin" },
    headers: { cookie: ada.cookie },
  });
  expect(res.status).toBe(202);
  await settle();
  // A model serving the default space: a reset sent from Mobile must leave it serving.
  const now = new Date();
  await db.prisma.learnedModel.create({
    data: {
      status: "serving",
      weights: { bias: 0, scale: 0, features: [] },
      decisions: 20,
      since: now,
      trainedThrough: now,
      metrics: {},
      why: "seeded",
    },
  });
  const open = await db.prisma.candidate.findMany({ where: { spaceId: "default" }, orderBy: { id: "asc" } });
  await approveAndRejudge({ db: db.prisma, candidateId: open[0]!.id, reviewerId: ada.id });
  b.candidate = open.map((c) => c.id);
  b.fact = (await db.prisma.fact.findMany({ where: { spaceId: "default" } })).map((f) => f.id);
  b.source = (await db.prisma.source.findMany({ where: { spaceId: "default" } })).map((s) => s.id);
  b.run = (await db.prisma.extractionRun.findMany()).map((r) => r.id);
  const mobile = await db.prisma.space.findUniqueOrThrow({ where: { slug: "mobile" } });
  const input = { content: "Mobile ships weekly on Thursdays.", kind: "decision", temporal: "present" } as const;
  mobileFact = (await createManualFact({ db: db.prisma, spaceId: mobile.id, input, reviewerId: mo.id })).id;
  state.headers = new Headers({ cookie: mo.cookie });
}, 120_000);
afterAll(async () => {
  await settle();
  await db?.close();
});

type Ask = (id: string, words: string) => Promise<unknown>;
const none = { factIds: [], candidateIds: [] };
/** Every action that names an object (by kind) or a space, as a member of Mobile would send it. */
const actions: Record<string, { kind: keyof typeof b | "space"; ask: Ask }> = {
  approve: { kind: "candidate", ask: (id) => approveCandidateAction({ candidateId: id }) },
  reject: { kind: "candidate", ask: (id) => rejectCandidateAction({ candidateId: id }) },
  undo: { kind: "candidate", ask: (id) => undoDecisionAction({ candidateId: id }) },
  moreContext: { kind: "candidate", ask: (id) => readQuoteContextAction({ candidateId: id }) },
  merge: { kind: "candidate", ask: (id) => mergeCandidateAction({ candidateId: id, factId: b.fact[0]! }) },
  edit: {
    kind: "fact",
    ask: (id, words) => editFactAction({ factId: id, version: 1, edits: { content: `${words}, edited.` } }),
  },
  restore: { kind: "fact", ask: (id) => restoreFactAction({ factId: id, version: 2, restore: 1 }) },
  archive: { kind: "fact", ask: (id) => archiveFactAction({ factId: id, version: 1, archived: true }) },
  // Out of the other space into mo's own, and out of mo's own into the other.
  moveOut: { kind: "fact", ask: (id) => moveFactAction({ factId: id, version: 1, space: "mobile", mode: "move" }) },
  copyOut: { kind: "fact", ask: (id) => moveFactAction({ factId: id, version: 1, space: "mobile", mode: "copy" }) },
  moveIn: { kind: "space", ask: (space) => moveFactAction({ factId: mobileFact, version: 1, space, mode: "move" }) },
  copyIn: { kind: "space", ask: (space) => moveFactAction({ factId: mobileFact, version: 1, space, mode: "copy" }) },
  forgetSource: { kind: "source", ask: (id) => forgetSourceAction({ sourceId: id, mode: "delete", expected: none }) },
  retryRun: { kind: "run", ask: (id) => retryRunAction({ runId: id }) },
  newFact: {
    kind: "space",
    ask: (space, words) => createFactAction({ content: `${words}.`, kind: "decision", temporal: "present", space }),
  },
  ingest: { kind: "space", ask: (space, words) => startExtractionAction({ text: `Lin: ${words}.`, space }) },
  forgetSubject: {
    kind: "space",
    ask: (space) =>
      forgetSubjectAction({ subject: "lin", space, mode: "delete", expected: { ...none, sourceIds: b.source } }),
  },
  members: { kind: "space", ask: (space) => setMemberAction({ space, reviewerId: mo.id, role: "admin" }) },
  settings: {
    kind: "space",
    ask: (space) =>
      saveSettingsAction({ ...DEFAULT_SETTINGS, gates: { ...DEFAULT_SETTINGS.gates, minConfidence: 1 }, space }),
  },
  resetLearning: { kind: "space", ask: (space) => resetLearningAction({ space }) },
};

describe("a member of one space, fuzzed over every server action", () => {
  it("is answered about the other space's objects and name exactly as about ones nobody has", async () => {
    const before = await snapshotB();
    const everyB = [...b.candidate, ...b.fact, ...b.source, ...b.run];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...Object.keys(actions)),
        fc.nat(),
        fc.constantFrom("launch billing", "code freeze", "card numbers"),
        async (name, pick, words) => {
          const { kind, ask } = actions[name]!;
          const theirs = kind === "space" ? "default" : b[kind][pick % b[kind].length]!;
          const nobody = kind === "space" ? `nowhere-${pick % 7}` : crypto.randomUUID();
          const answer = (await ask(theirs, words)) as { ok: boolean; code?: string; message?: string };
          const missing = (await ask(nobody, words)) as { message?: string };
          await settle();
          expect(answer.ok, name).toBe(false);
          expect(answer.code, name).toBe("NOT_FOUND");
          // The same words, but for the name itself, which a space's answer repeats.
          expect(answer.message, name).toBe(missing.message?.replace(nobody, theirs));
          for (const id of everyB) expect(JSON.stringify(answer), `${name} leaked ${id}`).not.toContain(id);
          expect(await snapshotB()).toEqual(before);
        },
      ),
      { numRuns: 60, seed: 2702 },
    );
  });

  it("decides a selection of the other space's cards as cards that are gone", async () => {
    const result = await decideSelectionAction({ candidateIds: b.candidate.slice(0, 3), action: "approve" });
    expect(result).toMatchObject({ ok: true, data: { decided: 0 } });
    if (!result.ok) return;
    expect(result.data.skipped.map((s) => s.message)).toEqual(b.candidate.slice(0, 3).map(() => expect.any(String)));
    expect(new Set(result.data.skipped.map((s) => s.message))).toEqual(new Set(["This candidate no longer exists."]));
  });
});
