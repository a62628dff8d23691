import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createSpaceAction } from "@/app/admin/actions";
import { removeMemberAction, setMemberAction } from "@/app/members/actions";
import { resetLearningAction, saveSettingsAction } from "@/app/settings/actions";
import { createAccount, getAuth } from "@/lib/auth/better-auth";
import { getServingModel } from "@/lib/db/learned-models";
import { getSettings } from "@/lib/db/settings";
import { parseEnv } from "@/lib/env";
import { approveAndRejudge, rejectAndRejudge } from "@/lib/jobs/decisions";
import { executeExtractionRun } from "@/lib/jobs/extraction";
import { DEFAULT_SETTINGS, SettingsSchema } from "@/lib/settings/schema";
import { createTestDb, type TestDb } from "@/tests/db";
import { createPastedRun } from "@/tests/runs";

// Issue 27: settings and the learned models are per space. What a space's admins save there changes that space's
// runs only; its reviewers' decisions teach its own models; a reset there leaves other spaces' models serving; and
// only its admins (and the instance's) may change its settings, while to anyone else it does not exist.

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
type Who = "ada" | "bea" | "rita" | "mo" | "lin";
let db: TestDb;
const cookies = {} as Record<Who, string>;
const ids = {} as Record<Who, string>;
let mobile = "";

function as(who: Who) {
  state.headers = new Headers({ cookie: cookies[who] });
}

const THINGS = ["portal", "billing", "search", "mobile", "onboarding", "support", "analytics", "payments"];
const budget = (t: string, i: number) => `Priya: The ${t} budget cannot exceed ${i + 2}0 thousand dollars.`;
const promise = (t: string, i: number) => `Marcus: I will send the ${t} notes to the team by Friday ${i}.`;
const meeting = (things: string[], from: number) =>
  things.flatMap((t, i) => [budget(t, from + i), promise(t, from + i)]).join("\n");
const isBudget = (c: { content: string }) => /budget/i.test(c.content);

async function run(spaceId: string, text: string, title: string) {
  const { run } = await createPastedRun({ db: db.prisma, text, title, spaceId, preset: null });
  await executeExtractionRun({ db: db.prisma, runId: run.id, standalone: true });
  return db.prisma.candidate.findMany({ where: { runId: run.id }, orderBy: { start: "asc" } });
}

/** A team in the space that approves the budget limits it is told and rejects the small promises. */
async function teach(spaceId: string, reviewerId: string) {
  for (const [n, things] of [THINGS.slice(0, 4), THINGS.slice(4)].entries()) {
    for (const c of await run(spaceId, meeting(things, n * 10), `Sync ${n}`)) {
      if (c.status !== "pending" && c.status !== "gated") continue;
      const args = { db: db.prisma, candidateId: c.id, reviewerId };
      if (isBudget(c)) await approveAndRejudge(args);
      else await rejectAndRejudge({ ...args, reason: "Not a fact" });
    }
  }
}

beforeAll(async () => {
  db = await createTestDb();
  state.db = db.prisma;
  state.env = parseEnv({ SIFT_AUTH: "accounts", SIFT_AUTH_SECRET: SECRET });
  const people = { ada: "admin", bea: "reviewer", rita: "reviewer", mo: "viewer", lin: "reviewer" } as const;
  for (const [name, role] of Object.entries(people) as [Who, (typeof people)[Who]][]) {
    const email = `${name}@example.test`;
    ids[name] = (
      await createAccount({ db: db.prisma, user: { name, email, password: "correct horse battery", role } })
    ).id;
    const response = await getAuth(db.prisma, state.env as never).api.signInEmail({
      body: { email, password: "correct horse battery" },
      asResponse: true,
    });
    cookies[name] = (response.headers.get("set-cookie") ?? "").split(";")[0] as string;
  }
  as("ada");
  const created = await createSpaceAction({ slug: "mobile", name: "Mobile" });
  if (!created.ok) throw new Error(created.message);
  mobile = created.data.id;
  // Mobile: Bea its admin, Rita a reviewer, Mo a viewer, none of them in the default space; Lin: the default
  // space's admin, not in Mobile.
  for (const [who, role] of [
    ["bea", "admin"],
    ["rita", "reviewer"],
    ["mo", "viewer"],
  ] as const) {
    expect(await setMemberAction({ space: "mobile", reviewerId: ids[who], role })).toMatchObject({ ok: true });
    expect(await removeMemberAction({ reviewerId: ids[who] })).toMatchObject({ ok: true });
  }
  expect(await setMemberAction({ reviewerId: ids.lin, role: "admin" })).toMatchObject({ ok: true });
}, 120_000);
afterAll(async () => db?.close());

const strict = SettingsSchema.parse({
  defaultPreset: "custom",
  customKinds: [
    { id: "budget", label: "Budget", definition: "A spending limit." },
    { id: "promise", label: "Promise", definition: "Someone will do something." },
  ],
  gates: { minConfidence: 0.99 },
});

describe("settings per space", () => {
  it("saves a space's settings for that space only; its next run reads them, the other space's does not", async () => {
    as("bea");
    const saved = await saveSettingsAction({ ...strict, space: "mobile" });
    expect(saved).toMatchObject({ ok: true, data: { defaultPreset: "custom", gates: { minConfidence: 0.99 } } });
    expect(await getSettings({ db: db.prisma, spaceId: mobile })).toEqual(strict);
    expect(await getSettings({ db: db.prisma, spaceId: "default" })).toEqual(DEFAULT_SETTINGS);

    const inMobile = await run(mobile, meeting(["hiring"], 1), "Mobile sync");
    const inDefault = await run("default", meeting(["hiring"], 1), "Default sync");
    const payloadOf = async (runId: string) =>
      (await db.prisma.extractionRun.findUniqueOrThrow({ where: { id: runId } })).payload as {
        preset: string;
        kinds: { id: string }[];
      };
    const mobilePayload = await payloadOf(inMobile[0]!.runId);
    expect(mobilePayload.preset).toBe("custom");
    expect(mobilePayload.kinds.map((k) => k.id)).toEqual(["budget", "promise"]);
    expect((await payloadOf(inDefault[0]!.runId)).preset).toBe("meeting");
    // The stricter gate holds Mobile's cards for a look; the default space's pass as they always did.
    expect(inMobile.length).toBeGreaterThan(0);
    expect(inMobile.every((c) => c.status === "gated" && /Low confidence/.test(c.gateReason ?? ""))).toBe(true);
    expect(inDefault.some((c) => c.status === "pending")).toBe(true);
    expect(inDefault.every((c) => !/< 0\.99/.test(c.gateReason ?? ""))).toBe(true);
  });

  it("lets only the space's admins and the instance's change it; to a stranger it does not exist", async () => {
    const before = await getSettings({ db: db.prisma, spaceId: mobile });
    const loose = { ...DEFAULT_SETTINGS, knownFactsLimit: 3, space: "mobile" };
    as("mo");
    expect(await saveSettingsAction(loose)).toMatchObject({ ok: false, code: "FORBIDDEN" });
    as("rita");
    expect(await saveSettingsAction(loose)).toMatchObject({ ok: false, code: "FORBIDDEN" });
    expect(await resetLearningAction({ space: "mobile" })).toMatchObject({ ok: false, code: "FORBIDDEN" });
    // Admin nowhere, she learns nothing of a space she is not in: the answer is the one for a space nobody has.
    const notHers = await saveSettingsAction({ ...loose, space: "default" });
    expect(notHers).toMatchObject({ ok: false, code: "FORBIDDEN" });
    expect(await saveSettingsAction({ ...loose, space: "nowhere" })).toEqual(notHers);
    as("lin");
    const stranger = await saveSettingsAction(loose);
    const nowhere = await saveSettingsAction({ ...loose, space: "nowhere" });
    expect(stranger).toMatchObject({ ok: false, code: "NOT_FOUND" });
    // The same words a space nobody has gets, but for the name itself.
    expect(stranger).toEqual({
      ...nowhere,
      message: (nowhere as { message: string }).message.replace("nowhere", "mobile"),
    });
    expect(await getSettings({ db: db.prisma, spaceId: mobile })).toEqual(before);
    // Mobile's admin reaches no further than Mobile.
    as("bea");
    expect(await saveSettingsAction({ ...DEFAULT_SETTINGS, space: "default" })).toMatchObject({
      ok: false,
      code: "NOT_FOUND",
    });
    // The instance admin changes any space's.
    as("ada");
    expect(await saveSettingsAction(loose)).toMatchObject({ ok: true, data: { knownFactsLimit: 3 } });
    expect(await getSettings({ db: db.prisma, spaceId: mobile })).toMatchObject({ knownFactsLimit: 3 });
    expect(await getSettings({ db: db.prisma, spaceId: "default" })).toEqual(DEFAULT_SETTINGS);
  });
});

describe("learned models per space", () => {
  it("a space's decisions teach its own model; a reset in another space leaves it serving", async () => {
    as("ada");
    // Mobile back to the shipped settings, so both spaces gate alike and learn alike.
    expect(await saveSettingsAction({ ...DEFAULT_SETTINGS, space: "mobile" })).toMatchObject({ ok: true });
    const waiting = await run(mobile, meeting(["hiring"], 90), "Mobile, before");

    await teach("default", ids.lin);
    expect(await getServingModel({ db: db.prisma, spaceId: "default" }), "the default space learned").not.toBeNull();
    expect(await getServingModel({ db: db.prisma, spaceId: mobile }), "Mobile decided nothing").toBeNull();
    expect(await db.prisma.learnedModel.count({ where: { spaceId: mobile } })).toBe(0);
    // Mobile's queue and next run are scored as shipped: the default space's model never reaches them.
    const open = await db.prisma.candidate.findMany({ where: { id: { in: waiting.map((c) => c.id) } } });
    expect(open.every((c) => c.learnedConfidence === null)).toBe(true);
    expect(
      (await run(mobile, meeting(["travel"], 70), "Mobile, after")).every((c) => c.learnedConfidence === null),
    ).toBe(true);
    expect(
      (await run("default", meeting(["travel"], 70), "Default, after")).some((c) => c.learnedConfidence !== null),
    ).toBe(true);

    await teach(mobile, ids.rita);
    const defaultModel = await getServingModel({ db: db.prisma, spaceId: "default" });
    expect(await getServingModel({ db: db.prisma, spaceId: mobile })).not.toBeNull();

    as("bea");
    expect(await resetLearningAction({ space: "mobile" })).toMatchObject({ ok: true });
    expect(await getServingModel({ db: db.prisma, spaceId: mobile })).toBeNull();
    expect((await getServingModel({ db: db.prisma, spaceId: "default" }))?.id).toBe(defaultModel?.id);
    const mobileOpen = await db.prisma.candidate.findMany({
      where: { spaceId: mobile, status: { in: ["pending", "gated"] } },
    });
    expect(mobileOpen.every((c) => c.learnedConfidence === null)).toBe(true);
    const defaultOpen = await db.prisma.candidate.findMany({
      where: { spaceId: "default", status: { in: ["pending", "gated"] } },
    });
    expect(defaultOpen.some((c) => c.learnedConfidence !== null)).toBe(true);
  }, 240_000);
});
