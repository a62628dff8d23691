import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import * as approveRoute from "@/app/api/candidates/[id]/approve/route";
import * as candidatesRoute from "@/app/api/candidates/route";
import * as factsRoute from "@/app/api/facts/route";
import * as factRoute from "@/app/api/facts/[id]/route";
import * as sourcesRoute from "@/app/api/sources/route";
import { createTokenAction, revokeTokenAction } from "@/app/admin/actions";
import { editFactAction } from "@/app/facts/[id]/actions";
import { approveCandidateAction } from "@/app/review/actions";
import { saveSettingsAction } from "@/app/settings/actions";
import { createAccount, getAuth } from "@/lib/auth/better-auth";
import { parseEnv } from "@/lib/env";
import { handleMcpRequest } from "@/lib/mcp/http";
import { DEFAULT_SETTINGS } from "@/lib/settings/schema";
import { call } from "@/tests/api/helpers";
import { createTestDb, type TestDb } from "@/tests/db";

// The accounts mode end to end through the real entry points (route handlers, server actions, MCP over
// HTTP): who is anonymous, who may read, propose, review or administer, and what a token can never do.

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
// Server actions read the request's headers through next/headers; here the test says whose request it is.
vi.mock("next/headers", () => ({ headers: async () => state.headers }));
vi.mock("next/cache", () => ({ revalidatePath: () => undefined }));
vi.mock("next/server", async (importOriginal) => ({
  ...(await importOriginal<typeof import("next/server")>()),
  after: (task: () => Promise<unknown>) => void state.background.push(task()),
}));

const SECRET = "a-test-secret-that-is-long-enough-0123456789";
const accounts = parseEnv({ SIFT_AUTH: "accounts", SIFT_AUTH_SECRET: SECRET });
const local = parseEnv({});
const settle = async () => void (await Promise.all(state.background.splice(0)));

let db: TestDb;
const cookies: Record<"admin" | "reviewer" | "viewer", string> = { admin: "", reviewer: "", viewer: "" };

async function signIn(email: string): Promise<string> {
  const response = await getAuth(db.prisma, accounts).api.signInEmail({
    body: { email, password: "correct horse battery" },
    asResponse: true,
  });
  expect(response.status).toBe(200);
  return (response.headers.get("set-cookie") ?? "").split(";")[0] as string;
}

/** Acts as this person (a session cookie) or with this token, in server actions and API calls alike. */
function as(who: keyof typeof cookies | { token: string }): Record<string, string> {
  const headers: Record<string, string> =
    typeof who === "string" ? { cookie: cookies[who] } : { authorization: `Bearer ${who.token}` };
  state.headers = new Headers(headers);
  return headers;
}

beforeAll(async () => {
  db = await createTestDb();
  state.db = db.prisma;
  state.env = accounts;
  for (const role of ["admin", "reviewer", "viewer"] as const) {
    const email = `${role}@example.test`;
    await createAccount({ db: db.prisma, user: { name: role, email, password: "correct horse battery", role } });
    cookies[role] = await signIn(email);
  }
});
afterAll(async () => db?.close());

async function openCandidate(token: string) {
  const res = await call(candidatesRoute.GET, { url: "/api/candidates?status=open&limit=1", headers: as({ token }) });
  expect(res.status).toBe(200);
  return (res.body as { candidates: Array<{ id: string; version: number }> }).candidates[0] as {
    id: string;
    version: number;
  };
}

describe("accounts mode", () => {
  it("stores passwords as the library's hash and sessions in the database", async () => {
    const account = await db.prisma.account.findFirstOrThrow({ where: { user: { email: "viewer@example.test" } } });
    expect(account.password).not.toContain("correct horse");
    expect(await db.prisma.session.count()).toBeGreaterThanOrEqual(3);
  });

  it("answers an anonymous API call 401 and refuses an anonymous action", async () => {
    state.headers = new Headers();
    const res = await call(factsRoute.GET, { url: "/api/facts" });
    expect(res).toMatchObject({ status: 401, body: { code: "UNAUTHORIZED" } });
    expect(await saveSettingsAction(DEFAULT_SETTINGS)).toMatchObject({ ok: false, code: "UNAUTHORIZED" });
  });

  it("lets a viewer read but not approve or edit, by action or by API", async () => {
    const read = await call(factsRoute.GET, { url: "/api/facts", headers: as("viewer") });
    expect(read.status).toBe(200);
    const id = crypto.randomUUID();
    const approve = await call(approveRoute.POST, {
      method: "POST",
      url: `/api/candidates/${id}/approve`,
      params: { id },
      json: { version: 1 },
      headers: as("viewer"),
    });
    expect(approve).toMatchObject({ status: 403, body: { code: "FORBIDDEN" } });
    const patch = await call(factRoute.PATCH, {
      method: "PATCH",
      url: `/api/facts/${id}`,
      params: { id },
      json: { content: "Changed by a viewer" },
      headers: { ...as("viewer"), "if-match": '"1"' },
    });
    expect(patch).toMatchObject({ status: 403, body: { code: "FORBIDDEN" } });
    as("viewer");
    expect(await approveCandidateAction({ candidateId: id })).toMatchObject({ ok: false, code: "FORBIDDEN" });
    const edit = await editFactAction({ factId: id, version: 1, edits: { content: "Changed by a viewer" } });
    expect(edit).toMatchObject({ ok: false, code: "FORBIDDEN" });
  });

  it("lets a reviewer review but not change settings or make tokens", async () => {
    as("reviewer");
    expect(await saveSettingsAction(DEFAULT_SETTINGS)).toMatchObject({ ok: false, code: "FORBIDDEN" });
    expect(await createTokenAction({ name: "sneaky", scopes: ["review"] })).toMatchObject({
      ok: false,
      code: "FORBIDDEN",
    });
    expect(await db.prisma.agentToken.count({ where: { name: "sneaky" } })).toBe(0);
    as("admin");
    expect(await saveSettingsAction(DEFAULT_SETTINGS)).toMatchObject({ ok: true });
  });

  it("lets a propose token add a source and propose facts, never approve or edit; a revoked token is 401", async () => {
    as("admin");
    const made = await createTokenAction({ name: "notes agent", scopes: ["read", "propose"] });
    const reviewing = await createTokenAction({ name: "review bot", scopes: ["review", "read"] });
    if (!made.ok || !reviewing.ok) throw new Error("an admin could not make tokens");
    const token = made.data.token;

    // The database never holds the token, only its sha256.
    const rows = await db.prisma.agentToken.findMany();
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(JSON.stringify(rows)).not.toContain(reviewing.data.token);

    const source = await call(sourcesRoute.POST, {
      method: "POST",
      url: "/api/sources",
      json: { title: "Agent notes", text: "Ana: We decided the audit starts on 4 May.\nBo: The budget is 9000 euros." },
      headers: as({ token }),
    });
    expect(source.status).toBe(202);
    await settle();

    const mcp = new Client({ name: "proposer", version: "1.0.0" });
    const transport = new StreamableHTTPClientTransport(new URL("http://127.0.0.1/api/mcp"), {
      fetch: (url, init) => handleMcpRequest(new Request(url, init), (task) => void state.background.push(task())),
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    });
    await mcp.connect(transport);
    const proposed = await mcp.callTool({
      name: "propose_facts",
      arguments: {
        title: "From the agent",
        facts: [{ content: "The audit report is due on 30 June.", kind: "decision", confidence: 0.9 }],
      },
    });
    expect(proposed.isError, JSON.stringify(proposed.content)).toBeFalsy();
    await settle();
    await mcp.close();

    const candidate = await openCandidate(token);
    const approve = await call(approveRoute.POST, {
      method: "POST",
      url: `/api/candidates/${candidate.id}/approve`,
      params: { id: candidate.id },
      json: { version: candidate.version },
      headers: as({ token }),
    });
    expect(approve).toMatchObject({ status: 403, body: { code: "FORBIDDEN" } });
    const created = await call(factsRoute.POST, {
      method: "POST",
      url: "/api/facts",
      json: { content: "An agent wrote this fact itself.", kind: "decision" },
      headers: as({ token }),
    });
    expect(created).toMatchObject({ status: 403, body: { code: "FORBIDDEN" } });
    expect(await db.prisma.fact.count()).toBe(0);

    // The same candidate with a review token: the refusal above was the scope, not the request.
    const approved = await call(approveRoute.POST, {
      method: "POST",
      url: `/api/candidates/${candidate.id}/approve`,
      params: { id: candidate.id },
      json: { version: candidate.version },
      headers: as({ token: reviewing.data.token }),
    });
    expect(approved.status).toBe(200);
    const fact = (approved.body as { factId: string }).factId;
    const patch = await call(factRoute.PATCH, {
      method: "PATCH",
      url: `/api/facts/${fact}`,
      params: { id: fact },
      json: { content: "Rewritten by the proposing agent" },
      headers: { ...as({ token }), "if-match": '"1"' },
    });
    expect(patch).toMatchObject({ status: 403, body: { code: "FORBIDDEN" } });

    const row = await db.prisma.agentToken.findUniqueOrThrow({ where: { id: made.data.id } });
    expect(row.lastUsedAt).not.toBeNull();
    as("admin");
    expect(await revokeTokenAction({ id: made.data.id })).toMatchObject({ ok: true });
    const revoked = await call(factsRoute.GET, { url: "/api/facts", headers: as({ token }) });
    expect(revoked).toMatchObject({ status: 401, body: { code: "UNAUTHORIZED" } });
  });
});

describe("local mode", () => {
  it("acts as the local reviewer without signing in, and still refuses a bad token", async () => {
    state.env = local;
    state.headers = new Headers();
    expect((await call(factsRoute.GET, { url: "/api/facts" })).status).toBe(200);
    expect(await saveSettingsAction(DEFAULT_SETTINGS)).toMatchObject({ ok: true });
    const bad = await call(factsRoute.GET, { url: "/api/facts", headers: { authorization: "Bearer sift_nope" } });
    expect(bad).toMatchObject({ status: 401, body: { code: "UNAUTHORIZED" } });
    // A proxy's Basic credentials in front of Sift are not a token: the request is still the local reviewer's.
    const basic = await call(factsRoute.GET, { url: "/api/facts", headers: { authorization: "Basic dTpw" } });
    expect(basic.status).toBe(200);
    state.env = accounts;
  });
});
