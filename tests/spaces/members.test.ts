import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import * as factRoute from "@/app/api/facts/[id]/route";
import * as factsRoute from "@/app/api/facts/route";
import * as sourcesRoute from "@/app/api/sources/route";
import { createSpaceAction, createTokenAction } from "@/app/admin/actions";
import { editFactAction } from "@/app/facts/[id]/actions";
import { startExtractionAction } from "@/app/ingest/actions";
import { removeMemberAction, setMemberAction } from "@/app/members/actions";
import { approveCandidateAction, decideSelectionAction, rejectCandidateAction } from "@/app/review/actions";
import { forgetSourceAction } from "@/app/sources/[id]/forget/actions";
import { createAccount, getAuth } from "@/lib/auth/better-auth";
import { parseEnv } from "@/lib/env";
import { handleMcpRequest } from "@/lib/mcp/http";
import { call } from "@/tests/api/helpers";
import { createTestDb, type TestDb } from "@/tests/db";

// Issue 27, item 2: roles per space. A person reaches only the spaces they are a member of, with that space's
// role; anything of another space is "not found" in the words a missing thing gets, through server actions,
// the REST API and MCP alike. Instance admins reach every space; only they create spaces, users and tokens.

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

const SECRET = "a-test-secret-that-is-long-enough-0123456789";
const settle = async () => void (await Promise.all(state.background.splice(0)));
const MEETING = [
  "Lin: We decided to launch billing v2 on October 22nd.",
  "Marcus: The code freeze starts on October 15th.",
  "Lin: Legal said we cannot store card numbers ourselves.",
].join("\n");

type Who = "ada" | "rita" | "mo";
let db: TestDb;
const cookies: Record<Who, string> = { ada: "", rita: "", mo: "" };
const ids: Record<Who, string> = { ada: "", rita: "", mo: "" };
/** Each space's open candidates, one fact and its source. */
const billing = { candidates: [] as string[], fact: "", source: "" };
const mobile = { candidates: [] as string[], fact: "", source: "", id: "" };

/** Acts as this person in server actions, and gives the headers for API calls. */
function as(who: Who): Record<string, string> {
  state.headers = new Headers({ cookie: cookies[who] });
  return { cookie: cookies[who] };
}

async function ingest(who: Who, space: string | null, title: string, text: string) {
  const url = space ? `/api/sources?space=${space}` : "/api/sources";
  const res = await call(sourcesRoute.POST, { method: "POST", url, json: { title, text }, headers: as(who) });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  await settle();
}

async function spaceOf(spaceId: string, into: { candidates: string[]; fact: string; source: string }) {
  const open = await db.prisma.candidate.findMany({
    where: { spaceId, status: { in: ["pending", "gated"] } },
    orderBy: { id: "asc" },
  });
  into.candidates = open.map((c) => c.id);
  into.source = (await db.prisma.source.findFirstOrThrow({ where: { spaceId } })).id;
}

beforeAll(async () => {
  db = await createTestDb();
  state.db = db.prisma;
  state.env = parseEnv({ SIFT_AUTH: "accounts", SIFT_AUTH_SECRET: SECRET });
  const people = { ada: "admin", rita: "reviewer", mo: "viewer" } as const;
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
  mobile.id = created.data.id;
  // Mo: a reviewer of Mobile only (out of the default space he started in); Rita: the default space only.
  expect(await setMemberAction({ space: "mobile", reviewerId: ids.mo, role: "reviewer" })).toMatchObject({ ok: true });
  expect(await removeMemberAction({ reviewerId: ids.mo })).toMatchObject({ ok: true });

  await ingest("rita", null, "Billing sync", MEETING);
  await ingest("mo", null, "Mobile sync", "Ana: We decided to ship the Android beta on May 4th.\n" + MEETING);
  await spaceOf("default", billing);
  await spaceOf(mobile.id, mobile);
  as("rita");
  const approved = await approveCandidateAction({ candidateId: billing.candidates.shift() as string });
  if (!approved.ok) throw new Error(approved.message);
  billing.fact = approved.data.factId;
  as("mo");
  const own = await approveCandidateAction({ candidateId: mobile.candidates.shift() as string });
  if (!own.ok) throw new Error(own.message);
  mobile.fact = own.data.factId;
}, 120_000);
afterAll(async () => {
  await settle();
  await db?.close();
});

describe("roles per space", () => {
  it("files a member's source in their only space when they name none", async () => {
    expect(billing.candidates.length).toBeGreaterThan(1);
    expect(mobile.candidates.length).toBeGreaterThan(1);
    expect(await db.prisma.source.count({ where: { spaceId: mobile.id } })).toBe(1);
    expect(await db.prisma.source.count({ where: { spaceId: "default" } })).toBe(1);
  });

  it("answers another space's cards, facts and sources as missing, in the words a missing one gets", async () => {
    const before = await db.prisma.candidate.findMany({ where: { spaceId: "default" }, orderBy: { id: "asc" } });
    as("mo");
    const theirs = await approveCandidateAction({ candidateId: billing.candidates[0] as string });
    const nobody = await approveCandidateAction({ candidateId: crypto.randomUUID() });
    expect(theirs).toEqual({ ok: false, code: "NOT_FOUND", message: "This candidate no longer exists." });
    expect(theirs).toEqual(nobody);
    expect(await rejectCandidateAction({ candidateId: billing.candidates[0] as string })).toEqual(nobody);
    const edit = await editFactAction({ factId: billing.fact, version: 1, edits: { content: "Moved by Mo." } });
    expect(edit).toEqual({ ok: false, code: "NOT_FOUND", message: "This fact no longer exists." });
    const forget = await forgetSourceAction({
      sourceId: billing.source,
      mode: "delete",
      expected: { factIds: [billing.fact], candidateIds: [] },
    });
    expect(forget).toEqual({ ok: false, code: "NOT_FOUND", message: "This source no longer exists." });
    // Nothing of the default space changed.
    expect(await db.prisma.candidate.findMany({ where: { spaceId: "default" }, orderBy: { id: "asc" } })).toEqual(
      before,
    );
    expect((await db.prisma.fact.findUniqueOrThrow({ where: { id: billing.fact } })).content).not.toContain("Mo");
  });

  it("keeps the REST API and MCP inside the member's spaces", async () => {
    const headers = as("mo");
    const listed = await call(factsRoute.GET, { url: "/api/facts", headers });
    expect(listed.status).toBe(200);
    expect(JSON.stringify(listed.body)).toContain(mobile.fact);
    expect(JSON.stringify(listed.body)).not.toContain(billing.fact);
    const other = await call(factsRoute.GET, { url: "/api/facts?space=default", headers });
    expect(other).toMatchObject({ status: 404, body: { code: "NOT_FOUND", message: 'No space named "default".' } });
    const fact = await call(factRoute.GET, {
      url: `/api/facts/${billing.fact}?space=mobile`,
      params: { id: billing.fact },
      headers,
    });
    expect(fact.status).toBe(404);
    expect(JSON.stringify(fact.body)).not.toContain("October");

    const mcp = new Client({ name: "mo", version: "1.0.0" });
    const transport = new StreamableHTTPClientTransport(new URL("http://127.0.0.1/api/mcp"), {
      fetch: (url, init) => handleMcpRequest(new Request(url, init), (task) => void state.background.push(task())),
      requestInit: { headers },
    });
    await mcp.connect(transport);
    const found = await mcp.callTool({ name: "search_facts", arguments: { q: "October" } });
    expect(JSON.stringify(found)).not.toContain(billing.fact);
    await mcp.close();
  });

  it("lets a viewer of a space read it but not review in it, a reviewer elsewhere is none here", async () => {
    as("ada");
    expect(await setMemberAction({ space: "mobile", reviewerId: ids.rita, role: "viewer" })).toMatchObject({
      ok: true,
      data: { name: "rita", role: "viewer" },
    });
    const headers = as("rita");
    const read = await call(factsRoute.GET, { url: "/api/facts?space=mobile", headers });
    expect(read.status).toBe(200);
    expect(JSON.stringify(read.body)).toContain(mobile.fact);
    const refused = await approveCandidateAction({ candidateId: mobile.candidates[0] as string });
    expect(refused).toEqual({
      ok: false,
      code: "FORBIDDEN",
      message: "A viewer of Mobile may not review, approve or edit.",
    });
    const ingest = await startExtractionAction({ title: "Sneaky", text: MEETING, space: "mobile" });
    expect(ingest).toMatchObject({ ok: false, code: "FORBIDDEN" });
    expect(await db.prisma.source.count({ where: { spaceId: mobile.id } })).toBe(1);
    // In her own space she still reviews.
    expect(await approveCandidateAction({ candidateId: billing.candidates[0] as string })).toMatchObject({ ok: true });
  });

  it("decides a selection's cards of the reviewer's spaces and skips the others as gone", async () => {
    as("mo");
    const mine = mobile.candidates.slice(1, 3);
    const theirs = billing.candidates.slice(1, 2);
    const result = await decideSelectionAction({ candidateIds: [...mine, ...theirs], action: "reject" });
    if (!result.ok) throw new Error(result.message);
    expect(result.data.decided).toBe(2);
    expect(result.data.skipped).toEqual([
      { candidateId: theirs[0], code: "NOT_FOUND", message: "This candidate no longer exists." },
    ]);
    expect((await db.prisma.candidate.findUniqueOrThrow({ where: { id: theirs[0] as string } })).status).not.toBe(
      "rejected",
    );
  });

  it("lets a space's admin manage its members, and nothing of the instance", async () => {
    as("ada");
    expect(await setMemberAction({ space: "mobile", reviewerId: ids.mo, role: "admin" })).toMatchObject({ ok: true });
    as("mo");
    expect(await setMemberAction({ space: "mobile", reviewerId: ids.rita, role: "reviewer" })).toMatchObject({
      ok: true,
    });
    expect(await setMemberAction({ space: "default", reviewerId: ids.mo, role: "admin" })).toEqual({
      ok: false,
      code: "NOT_FOUND",
      message: 'No space named "default".',
    });
    expect(await createSpaceAction({ slug: "mine", name: "Mine" })).toMatchObject({ ok: false, code: "FORBIDDEN" });
    expect(await createTokenAction({ name: "mo's", scopes: ["read"], spaces: ["mobile"] })).toMatchObject({
      ok: false,
      code: "FORBIDDEN",
    });
    // An instance admin is every space's admin: there is no role of theirs to change here.
    expect(await setMemberAction({ space: "mobile", reviewerId: ids.ada, role: "viewer" })).toMatchObject({
      ok: false,
      code: "VALIDATION",
    });
  });

  it("opens a member of several spaces, none the default, on the oldest; a token of several names one", async () => {
    as("ada");
    expect(await createSpaceAction({ slug: "ops", name: "Ops" })).toMatchObject({ ok: true });
    expect(await setMemberAction({ space: "ops", reviewerId: ids.mo, role: "viewer" })).toMatchObject({ ok: true });
    const issued = await createTokenAction({ name: "two spaces", scopes: ["read"], spaces: ["mobile", "ops"] });
    if (!issued.ok) throw new Error(issued.message);
    // Mo reaches Mobile and Ops: a page or call without ?space= shows Mobile (the older), as his sidebar does.
    const mine = await call(factsRoute.GET, { url: "/api/facts", headers: as("mo") });
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    expect(JSON.stringify(mine.body)).toContain(mobile.fact);
    const agent = await call(factsRoute.GET, {
      url: "/api/facts",
      headers: { authorization: `Bearer ${issued.data.token}` },
    });
    expect(agent).toMatchObject({
      status: 400,
      body: { code: "VALIDATION", fieldErrors: { space: expect.any(Array) } },
    });
  });

  it("shuts a removed member out at once", async () => {
    as("ada");
    expect(await removeMemberAction({ space: "mobile", reviewerId: ids.rita })).toMatchObject({ ok: true });
    const headers = as("rita");
    const res = await call(factsRoute.GET, { url: "/api/facts?space=mobile", headers });
    expect(res).toMatchObject({ status: 404, body: { message: 'No space named "mobile".' } });
    expect(await approveCandidateAction({ candidateId: mobile.candidates[1] as string })).toMatchObject({
      code: "NOT_FOUND",
    });
  });
});
