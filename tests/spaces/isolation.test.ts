import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import * as factRoute from "@/app/api/facts/[id]/route";
import * as factsRoute from "@/app/api/facts/route";
import * as runRoute from "@/app/api/runs/[id]/route";
import * as approveRoute from "@/app/api/candidates/[id]/approve/route";
import { issueAgentToken } from "@/lib/auth/tokens";
import { searchFacts } from "@/lib/db/fact-search";
import { getQueueStamp } from "@/lib/db/review-queue";
import { createSpace } from "@/lib/db/spaces";
import { getEnv } from "@/lib/env";
import { FactQuerySchema } from "@/lib/facts/query";
import { approveAndRejudge } from "@/lib/jobs/decisions";
import { executeExtractionRun } from "@/lib/jobs/extraction";
import { startExtraction } from "@/lib/jobs/start-extraction";
import { DEFAULT_SPACE_ID } from "@/lib/spaces/schema";
import { parseSource } from "@/lib/sources/parse";
import { call } from "@/tests/api/helpers";
import { createTestDb, truncateAll, type TestDb } from "@/tests/db";

// Two teams in one Sift (issue 27): the same meeting pasted into two spaces is matched, clustered and
// searched within its own space only, and a token of one space finds nothing of the other.

const state = vi.hoisted(() => ({ db: undefined as unknown }));
vi.mock("@/lib/db/client", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/db/client")>()),
  getDb: async () => state.db,
}));

const MEETING = [
  "Lin: We decided to launch billing v2 on October 22nd.",
  "Marcus: The code freeze starts on October 15th.",
  "Lin: Prices are shown excluding VAT for everyone.",
  "Marcus: I will email the partners by Friday.",
].join("\n");

let db: TestDb;
beforeAll(async () => {
  db = await createTestDb();
  state.db = db.prisma;
});
beforeEach(async () => truncateAll(db.prisma));
afterAll(async () => db?.close());

/** The meeting pasted and extracted in a space, as the ingest form does; its candidates. */
async function extractIn(spaceId: string, title: string) {
  const started = await startExtraction({
    db: db.prisma,
    env: getEnv(),
    spaceId,
    source: { title, origin: "paste", parsed: parseSource({ text: MEETING, maxBytes: 1_000_000 }) },
    mode: "offline",
    again: true,
    runInBackground: () => undefined,
  });
  if (started.duplicateOf) throw new Error("unexpected duplicate");
  await executeExtractionRun({ db: db.prisma, runId: started.runId, standalone: true });
  const candidates = await db.prisma.candidate.findMany({ where: { runId: started.runId } });
  return { ...started, candidates };
}

async function approveAll(candidates: Array<{ id: string; status: string }>) {
  const facts = [];
  for (const c of candidates) {
    if (c.status !== "pending" && c.status !== "gated") continue;
    facts.push(await approveAndRejudge({ db: db.prisma, candidateId: c.id, reviewerId: "local" }));
  }
  return facts;
}

describe("spaces keep fact bases apart", () => {
  it("the same meeting in another space matches, clusters and contradicts nothing of the first", async () => {
    const mobile = await createSpace({ db: db.prisma, space: { slug: "mobile", name: "Mobile" } });
    const billing = await extractIn(DEFAULT_SPACE_ID, "Billing sync");
    expect(billing.candidates.length).toBeGreaterThan(2);
    const open = await extractIn(DEFAULT_SPACE_ID, "Billing sync, open copy");
    // Within one space the repeat is seen: the second paste's candidates cluster with the first's.
    expect(open.candidates.some((c) => c.clusterId !== null || c.verdict === "duplicate")).toBe(true);
    const facts = await approveAll(billing.candidates);
    expect(facts.length).toBeGreaterThan(0);

    const again = await extractIn(DEFAULT_SPACE_ID, "Billing sync again");
    expect(again.candidates.filter((c) => c.verdict === "duplicate").length).toBeGreaterThan(0);

    // An open queue of the default space polls a stamp that the other space's work never changes.
    const stamp = await getQueueStamp({ db: db.prisma, spaceId: DEFAULT_SPACE_ID });
    const elsewhere = await extractIn(mobile.id, "Mobile sync");
    expect(await getQueueStamp({ db: db.prisma, spaceId: DEFAULT_SPACE_ID })).toBe(stamp);
    expect(elsewhere.candidates.length).toBe(billing.candidates.length);
    for (const c of elsewhere.candidates) {
      expect(c.spaceId).toBe(mobile.id);
      expect(c.verdict, c.content).toBe("new");
      expect(c.clusterId).toBeNull();
      expect(c.matches).toEqual([]);
    }
    // Approved there, each is a fact of that space; the first space still holds its own once.
    const mobileStamp = await getQueueStamp({ db: db.prisma, spaceId: mobile.id });
    const mobileFacts = await approveAll(elsewhere.candidates);
    expect(await getQueueStamp({ db: db.prisma, spaceId: DEFAULT_SPACE_ID })).toBe(stamp);
    expect(await getQueueStamp({ db: db.prisma, spaceId: mobile.id })).not.toBe(mobileStamp);
    expect(mobileFacts.every((f) => f.spaceId === mobile.id)).toBe(true);
    const query = FactQuerySchema.parse({ q: "billing" });
    const inMobile = await searchFacts({ db: db.prisma, spaceId: mobile.id, query });
    const inDefault = await searchFacts({ db: db.prisma, spaceId: DEFAULT_SPACE_ID, query });
    expect(inMobile.facts.map((f) => f.id).every((id) => mobileFacts.some((f) => f.id === id))).toBe(true);
    expect(inDefault.facts.map((f) => f.id).every((id) => facts.some((f) => f.id === id))).toBe(true);
    expect(inMobile.total).toBe(inDefault.total);
    expect(inMobile.total).toBeGreaterThan(0);
  });

  it("a paste already in one space is not 'ingested before' in another", async () => {
    const mobile = await createSpace({ db: db.prisma, space: { slug: "mobile", name: "Mobile" } });
    await extractIn(DEFAULT_SPACE_ID, "Billing sync");
    const start = (spaceId: string) =>
      startExtraction({
        db: db.prisma,
        env: getEnv(),
        spaceId,
        source: { title: "x", origin: "paste", parsed: parseSource({ text: MEETING, maxBytes: 1_000_000 }) },
        mode: "offline",
        runInBackground: () => undefined,
      });
    expect((await start(DEFAULT_SPACE_ID)).duplicateOf).toBeDefined();
    expect((await start(mobile.id)).duplicateOf).toBeUndefined();
  });

  it("a token of one space gets 404 for the other's facts, runs and candidates, and lists only its own", async () => {
    const mobile = await createSpace({ db: db.prisma, space: { slug: "mobile", name: "Mobile" } });
    const billing = await extractIn(DEFAULT_SPACE_ID, "Billing sync");
    const [fact] = await approveAll(billing.candidates.slice(0, 1));
    const mobileRun = await extractIn(mobile.id, "Mobile sync");
    const { token } = await issueAgentToken({
      db: db.prisma,
      input: { name: "mobile agent", scopes: ["read", "propose", "review"] },
      spaceIds: [mobile.id],
      createdById: "local",
    });
    const auth = { authorization: `Bearer ${token}` };

    const other = await call(factRoute.GET, { url: `/api/facts/${fact!.id}`, headers: auth, params: { id: fact!.id } });
    expect(other.status).toBe(404);
    // Naming the other space outright is "no such space", as for a name nobody uses.
    const named = await call(factRoute.GET, {
      url: `/api/facts/${fact!.id}?space=default`,
      headers: auth,
      params: { id: fact!.id },
    });
    expect(named.status).toBe(404);
    expect(named.body).toMatchObject({ message: 'No space named "default".' });
    const nobody = await call(factsRoute.GET, { url: "/api/facts?space=nobody", headers: auth });
    expect(nobody.body).toEqual(named.body && { ...(named.body as object), message: 'No space named "nobody".' });

    const run = await call(runRoute.GET, {
      url: `/api/runs/${billing.runId}`,
      headers: auth,
      params: { id: billing.runId },
    });
    expect(run.status).toBe(404);
    const ownRun = await call(runRoute.GET, {
      url: `/api/runs/${mobileRun.runId}`,
      headers: auth,
      params: { id: mobileRun.runId },
    });
    expect(ownRun.status).toBe(200);

    // The first was approved above; another, still open, of the other space.
    const open = billing.candidates.slice(1).find((c) => c.status === "pending" || c.status === "gated");
    const decide = await call(approveRoute.POST, {
      method: "POST",
      url: `/api/candidates/${open!.id}/approve`,
      headers: auth,
      json: {},
      params: { id: open!.id },
    });
    expect(decide.status).toBe(404);
    expect((await db.prisma.candidate.findUniqueOrThrow({ where: { id: open!.id } })).status).toBe(open!.status);

    await approveAll(mobileRun.candidates);
    const listed = await call(factsRoute.GET, { url: "/api/facts", headers: auth });
    const ids = (listed.body as { facts: Array<{ id: string }> }).facts.map((f) => f.id);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids).not.toContain(fact!.id);
    const made = await db.prisma.fact.findMany({ where: { id: { in: ids } }, select: { spaceId: true } });
    expect(made.every((f) => f.spaceId === mobile.id)).toBe(true);
  });
});
