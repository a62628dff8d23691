import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as approveRoute from "@/app/api/candidates/[id]/approve/route";
import * as rejectRoute from "@/app/api/candidates/[id]/reject/route";
import * as candidatesRoute from "@/app/api/candidates/route";
import * as factRoute from "@/app/api/facts/[id]/route";
import * as factsRoute from "@/app/api/facts/route";
import * as runRoute from "@/app/api/runs/[id]/route";
import * as sourcesRoute from "@/app/api/sources/route";
import * as subjectsRoute from "@/app/api/subjects/forget/route";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { operations } from "@/lib/api/operations";
import { issueAgentToken } from "@/lib/auth/tokens";
import { createSpace } from "@/lib/db/spaces";
import { approveAndRejudge } from "@/lib/jobs/decisions";
import { handleMcpRequest } from "@/lib/mcp/http";
import { call, type Call } from "@/tests/api/helpers";
import { createTestDb, type TestDb } from "@/tests/db";

// Issue 27, item 3: with a token of space A, every REST operation, whatever it is asked, reads, lists, counts,
// matches and writes nothing of space B, and an id of B is answered as one that does not exist (404, not 403).

const state = vi.hoisted(() => ({ db: undefined as unknown, background: [] as Promise<unknown>[] }));
vi.mock("@/lib/db/client", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/db/client")>()),
  getDb: async () => state.db,
}));
vi.mock("next/server", async (importOriginal) => ({
  ...(await importOriginal<typeof import("next/server")>()),
  after: (task: () => Promise<unknown>) => void state.background.push(task()),
}));

const B_MEETING = [
  "Lin: We decided to launch billing v2 on October 22nd.",
  "Marcus: The code freeze starts on October 15th.",
  "Lin: Prices are shown excluding VAT for everyone.",
  "Marcus: I will email the partners by Friday.",
  "Lin: Legal said we cannot store card numbers ourselves.",
].join("\n");

let db: TestDb;
let auth: Record<string, string>;
/** B's (the default space's) ids, by kind; and one id of each kind that A owns. */
const b = { fact: [] as string[], candidate: [] as string[], run: [] as string[], source: [] as string[] };
const a = { fact: "", candidate: "", run: "" };

const settle = async () => {
  await Promise.all(state.background.splice(0));
};

/** Everything of B a write could change: its rows and their versions. */
async function snapshotB() {
  const where = { spaceId: "default" };
  const [facts, candidates, sources, revisions] = await Promise.all([
    db.prisma.fact.findMany({ where, select: { id: true, version: true, content: true, status: true } }),
    db.prisma.candidate.findMany({
      where,
      select: { id: true, version: true, status: true, verdict: true, clusterId: true, matches: true },
    }),
    db.prisma.source.count({ where }),
    db.prisma.factRevision.count({ where: { fact: where } }),
  ]);
  const byId = <T extends { id: string }>(rows: T[]) => rows.sort((x, y) => x.id.localeCompare(y.id));
  return { facts: byId(facts), candidates: byId(candidates), sources, revisions };
}

beforeAll(async () => {
  db = await createTestDb();
  state.db = db.prisma;
  const space = await createSpace({ db: db.prisma, space: { slug: "mobile", name: "Mobile" } });
  // B: the default space, through the API as a person would (no token: the local reviewer, default space).
  const started = await call(sourcesRoute.POST, {
    method: "POST",
    url: "/api/sources",
    json: { title: "Billing sync", text: B_MEETING },
  });
  expect(started.status).toBe(202);
  await settle();
  const candidates = await db.prisma.candidate.findMany({ where: { spaceId: "default" }, orderBy: { id: "asc" } });
  for (const c of candidates.slice(0, 2))
    await approveAndRejudge({ db: db.prisma, candidateId: c.id, reviewerId: "local" });
  b.candidate = candidates.map((c) => c.id);
  b.fact = (await db.prisma.fact.findMany({ where: { spaceId: "default" } })).map((f) => f.id);
  b.run = (await db.prisma.extractionRun.findMany()).map((r) => r.id);
  b.source = (await db.prisma.source.findMany()).map((s) => s.id);
  expect(b.fact.length).toBe(2);
  // B's meeting is about someone, by a name the fuzz also asks A to forget.
  await db.prisma.source.updateMany({ where: { spaceId: "default" }, data: { subject: "partners" } });
  await db.prisma.candidate.updateMany({ where: { spaceId: "default" }, data: { subject: "partners" } });
  await db.prisma.fact.updateMany({ where: { spaceId: "default" }, data: { subject: "partners" } });

  const { token } = await issueAgentToken({
    db: db.prisma,
    input: { name: "mobile agent", scopes: ["read", "propose", "review"] },
    spaceIds: [space.id],
    createdById: "local",
  });
  auth = { authorization: `Bearer ${token}` };
  // A: the same meeting in space A, and one of its candidates approved.
  const own = await call(sourcesRoute.POST, {
    method: "POST",
    url: "/api/sources",
    headers: auth,
    json: { title: "Mobile sync", text: "Ana: We decided to ship the Android beta on May 4th.\n" + B_MEETING },
  });
  expect(own.status).toBe(202);
  await settle();
  a.run = (own.body as { runId: string }).runId;
  const mine = await db.prisma.candidate.findMany({ where: { spaceId: space.id }, orderBy: { id: "asc" } });
  expect(mine.length).toBeGreaterThan(b.candidate.length - 1);
  a.fact = (await approveAndRejudge({ db: db.prisma, candidateId: mine[0]!.id, reviewerId: "local" })).id;
  a.candidate = mine[1]!.id;
});
afterAll(async () => {
  await settle();
  await db?.close();
});

type Args = { id: string; words: string; space: string | null };
type Request = Call & { handler: Parameters<typeof call>[0] };

/** One request per operation; the fuzz picks the id (B's or A's), the words and the space parameter. */
const requests: Record<keyof typeof operations, (x: Args) => Request> = {
  listFacts: ({ words }) => ({ handler: factsRoute.GET, url: `/api/facts?q=${encodeURIComponent(words)}` }),
  getFact: ({ id }) => ({ handler: factRoute.GET, url: `/api/facts/${id}`, params: { id } }),
  createFact: ({ words }) => ({
    handler: factsRoute.POST,
    method: "POST",
    url: "/api/facts",
    json: { content: `${words} (entered in mobile).`, kind: "decision", temporal: "present" },
  }),
  editFact: ({ id, words }) => ({
    handler: factRoute.PATCH,
    method: "PATCH",
    url: `/api/facts/${id}`,
    params: { id },
    headers: { "if-match": '"1"' },
    json: { content: `${words}, edited.` },
  }),
  startSource: ({ words }) => ({
    handler: sourcesRoute.POST,
    method: "POST",
    url: "/api/sources",
    json: { title: "Fuzz", text: `${B_MEETING}\nAna: ${words}.` },
  }),
  getRun: ({ id }) => ({ handler: runRoute.GET, url: `/api/runs/${id}`, params: { id } }),
  // Filtered by a run: B's run lists nothing, A's its own candidates.
  listCandidates: ({ id }) => ({ handler: candidatesRoute.GET, url: `/api/candidates?status=all&limit=100&run=${id}` }),
  approveCandidate: ({ id }) => ({
    handler: approveRoute.POST,
    method: "POST",
    url: `/api/candidates/${id}/approve`,
    params: { id },
    json: { version: 1, supersedeFactIds: [b.fact[0]], withCluster: true },
  }),
  rejectCandidate: ({ id }) => ({
    handler: rejectRoute.POST,
    method: "POST",
    url: `/api/candidates/${id}/reject`,
    params: { id },
    json: { version: 1, withCluster: true },
  }),
  // Whom to forget: a name B's meeting is about ("partners"), or another.
  previewForgetSubject: ({ words }) => ({
    handler: subjectsRoute.GET,
    url: `/api/subjects/forget?subject=${encodeURIComponent(words.split(" ").slice(0, -1).join(" "))}`,
  }),
  forgetSubject: ({ words }) => ({
    handler: subjectsRoute.POST,
    method: "POST",
    url: "/api/subjects/forget",
    json: {
      subject: words.split(" ").slice(0, -1).join(" "),
      mode: "delete",
      expected: { factIds: b.fact, candidateIds: [], sourceIds: b.source },
    },
  }),
};

const idKind = {
  getFact: "fact",
  editFact: "fact",
  getRun: "run",
  listCandidates: "run",
  approveCandidate: "candidate",
  rejectCandidate: "candidate",
} as const;

describe("a token of one space, fuzzed over every API operation", () => {
  it("covers every operation the API has", () => {
    expect(Object.keys(requests).sort()).toEqual(Object.keys(operations).sort());
  });

  it("never reads, lists, counts, matches or writes the other space, and answers its ids as missing", async () => {
    const before = await snapshotB();
    const everyBId = [...b.fact, ...b.candidate, ...b.run, ...b.source];
    const words = fc.constantFrom("launch billing", "October 22nd", "code freeze", "VAT", "card numbers", "partners");
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...(Object.keys(requests) as (keyof typeof operations)[])),
        fc.boolean(),
        fc.nat(),
        words,
        fc.constantFrom(null, null, "mobile", "mobile", "default", "nobody"),
        async (operationId, ofB, pick, text, space) => {
          const kind = operationId in idKind ? idKind[operationId as keyof typeof idKind] : null;
          const id = kind ? (ofB ? b[kind][pick % b[kind].length]! : a[kind]) : "";
          const request = requests[operationId]({ id, words: `${text} ${pick % 97}`, space });
          const withSpace = (u: string) => (space ? `${u}${u.includes("?") ? "&" : "?"}space=${space}` : u);
          const url = withSpace(request.url);
          const res = await call(request.handler, { ...request, url, headers: { ...auth, ...request.headers } });
          await settle();
          const body = JSON.stringify(res.body);
          // Nothing of B in any answer: none of its ids, whatever the operation returned.
          for (const bId of everyBId) expect(body, `${operationId} leaked ${bId}`).not.toContain(bId);
          if (space === "default" || space === "nobody") {
            // A space out of reach reads exactly like one that does not exist.
            expect(res.status).toBe(404);
            expect(res.body).toEqual({ code: "NOT_FOUND", message: `No space named "${space}".` });
          } else if (kind && ofB && operationId !== "listCandidates") {
            expect(res.status, `${operationId} on B's ${kind}`).toBe(404);
            // …in the very words an id nobody has gets.
            const nobody = requests[operationId]({ id: crypto.randomUUID(), words: text, space });
            const missing = await call(nobody.handler, {
              ...nobody,
              url: withSpace(nobody.url),
              headers: { ...auth, ...nobody.headers },
            });
            expect(res.body).toEqual(missing.body);
            expect((res.body as { code: string }).code).toBe("NOT_FOUND");
          } else {
            // In its own space the token is never told "forbidden" or "already there" because of B's rows.
            expect([403, 500]).not.toContain(res.status);
            if (operationId === "startSource" || operationId === "createFact") expect(res.status).not.toBe(409);
          }
          expect(await snapshotB()).toEqual(before);
        },
      ),
      { numRuns: 60, seed: 27 },
    );
    // Whatever the token wrote landed in its own space.
    const mobile = await db.prisma.space.findUniqueOrThrow({ where: { slug: "mobile" } });
    expect(await db.prisma.fact.count({ where: { spaceId: mobile.id } })).toBeGreaterThan(1);
    // …and was matched there: the repeated meeting found A's own fact, never B's.
    const matched = await db.prisma.candidate.findMany({ where: { spaceId: mobile.id }, select: { matches: true } });
    expect(matched.some((c) => Array.isArray(c.matches) && c.matches.length > 0)).toBe(true);
  }, 120_000);
});

/** The MCP endpoint, in the space `space` names (none: the token's only space), as the token's agent. */
function mcpUrl(space: string | null) {
  return `http://127.0.0.1/api/mcp${space ? `?space=${space}` : ""}`;
}
const runInBackground = (task: () => Promise<unknown>) => void state.background.push(task());

async function mcpClient(space: string | null): Promise<Client> {
  const client = new Client({ name: "fuzz", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL(mcpUrl(space)), {
    fetch: (url, init) => handleMcpRequest(new Request(url, init), runInBackground),
    requestInit: { headers: auth },
  });
  await client.connect(transport);
  return client;
}

const subjectOf = (words: string) => words.split(" ").slice(0, -1).join(" ");

/** One call per MCP tool; the fuzz picks the id (B's or A's), the words and the endpoint's space. */
const tools: Record<string, (x: Args) => Record<string, unknown>> = {
  search_facts: ({ words }) => ({ q: words }),
  get_fact: ({ id }) => ({ id }),
  propose_facts: ({ words }) => ({ title: "Fuzz", text: `${B_MEETING}\nAna: ${words}.` }),
  get_run: ({ id }) => ({ id }),
  preview_forget_subject: ({ words }) => ({ subject: subjectOf(words) }),
  forget_subject: ({ words }) => ({
    subject: subjectOf(words),
    mode: "delete",
    expected: { factIds: b.fact, candidateIds: [], sourceIds: b.source },
  }),
};
const toolIdKind: Record<string, "fact" | "run"> = { get_fact: "fact", get_run: "run" };

describe("a token of one space, fuzzed over every MCP tool", () => {
  it("covers every tool the endpoint has", async () => {
    const client = await mcpClient(null);
    const listed = (await client.listTools()).tools.map((t) => t.name).sort();
    await client.close();
    expect(Object.keys(tools).sort()).toEqual(listed);
  });

  it("never reads, lists, matches or writes the other space, and answers its ids as missing", async () => {
    const before = await snapshotB();
    const everyBId = [...b.fact, ...b.candidate, ...b.run, ...b.source];
    const words = fc.constantFrom("launch billing", "October 22nd", "code freeze", "VAT", "card numbers", "partners");
    const clients = { none: await mcpClient(null), mobile: await mcpClient("mobile") };
    try {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...Object.keys(tools)),
          fc.boolean(),
          fc.nat(),
          words,
          fc.constantFrom(null, "mobile", "default", "nobody"),
          async (tool, ofB, pick, text, space) => {
            if (space === "default" || space === "nobody") {
              // A space out of reach reads exactly like one that does not exist, before any tool runs.
              const res = await handleMcpRequest(
                new Request(mcpUrl(space), {
                  method: "POST",
                  headers: {
                    ...auth,
                    "content-type": "application/json",
                    accept: "application/json, text/event-stream",
                  },
                  body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
                }),
                runInBackground,
              );
              expect(res.status).toBe(404);
              expect(await res.json()).toEqual({ code: "NOT_FOUND", message: `No space named "${space}".` });
              return;
            }
            const client = space ? clients.mobile : clients.none;
            const kind = toolIdKind[tool];
            const id = kind ? (ofB ? b[kind][pick % b[kind].length]! : a[kind]) : "";
            const result = await client.callTool({
              name: tool,
              arguments: tools[tool]!({ id, words: `${text} ${pick % 97}`, space }),
            });
            await settle();
            const body = JSON.stringify(result);
            for (const bId of everyBId) expect(body, `${tool} leaked ${bId}`).not.toContain(bId);
            if (kind && ofB) {
              // …in the very words an id nobody has gets.
              const missing = await client.callTool({ name: tool, arguments: { id: crypto.randomUUID() } });
              expect(result.isError, `${tool} on B's ${kind}`).toBe(true);
              expect(result.content).toEqual(missing.content);
            } else {
              expect(JSON.stringify(result.content)).not.toMatch(/FORBIDDEN|INTERNAL/);
            }
            expect(await snapshotB()).toEqual(before);
          },
        ),
        { numRuns: 40, seed: 27 },
      );
    } finally {
      await Promise.all(Object.values(clients).map((c) => c.close()));
    }
  }, 120_000);
});
