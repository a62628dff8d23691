import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import * as factsRoute from "@/app/api/facts/route";
import * as sourcesRoute from "@/app/api/sources/route";
import * as subjectsRoute from "@/app/api/subjects/forget/route";
import { forgetSubjectAction } from "@/app/subjects/forget/actions";
import { listSubjects } from "@/lib/db/forget";
import { listPromptContext } from "@/lib/db/prompt-context";
import { FORGET_REASON } from "@/lib/facts/schema";
import { previewForgetSubject } from "@/lib/facts/forget-subject";
import { approveAndRejudge } from "@/lib/jobs/decisions";
import { handleMcpRequest } from "@/lib/mcp/http";
import { call, expectConforms } from "@/tests/api/helpers";
import { createTestDb, type TestDb } from "@/tests/db";

// Issue 27, item 4: subjects for agent memory (mem0's user_id). Within a space, a source names whom it is about;
// its facts carry it, search, the API and MCP filter by it, the same words about two people are two sources,
// and forgetting a subject removes everything about them (previewed first) while the others stay whole.

const state = vi.hoisted(() => ({ db: undefined as unknown, background: [] as Promise<unknown>[] }));
vi.mock("@/lib/db/client", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/db/client")>()),
  getDb: async () => state.db,
}));
vi.mock("next/headers", () => ({ headers: async () => new Headers() }));
vi.mock("next/cache", () => ({ revalidatePath: () => undefined }));
vi.mock("next/server", async (importOriginal) => ({
  ...(await importOriginal<typeof import("next/server")>()),
  after: (task: () => Promise<unknown>) => void state.background.push(task()),
}));

const settle = async () => void (await Promise.all(state.background.splice(0)));
const CHAT = [
  "User: I prefer dark roast coffee in the morning.",
  "User: My daughter's birthday is on June 3rd.",
  "User: I am allergic to peanuts.",
].join("\n");

let db: TestDb;

async function remember(subject: string, text = CHAT) {
  const res = await call(sourcesRoute.POST, {
    method: "POST",
    url: "/api/sources",
    json: { title: `Chat with ${subject}`, text, subject, preset: "personal" },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  await settle();
  return res.body as { runId: string; sourceId: string };
}

/** Approves a source's first card and leaves the rest waiting. */
async function approveFirst(sourceId: string) {
  const open = await db.prisma.candidate.findMany({
    where: { run: { sourceId }, status: { in: ["pending", "gated"] } },
    orderBy: { start: "asc" },
  });
  expect(open.length).toBeGreaterThan(1);
  await approveAndRejudge({ db: db.prisma, candidateId: open[0]!.id, reviewerId: "local" });
}

const listFacts = async (query: string) =>
  (await call(factsRoute.GET, { url: `/api/facts${query}` })).body as {
    facts: Array<{ id: string; content: string; subject: string | null }>;
  };

beforeAll(async () => {
  db = await createTestDb();
  state.db = db.prisma;
}, 60_000);
afterAll(async () => {
  await settle();
  await db?.close();
});

describe("subjects", () => {
  it("keeps the same words about two people as two sources, and gives each fact its source's subject", async () => {
    const alice = await remember("alice");
    const bob = await remember("bob");
    expect(alice.sourceId).not.toBe(bob.sourceId);
    // The same words about the same person again are a repeat.
    const again = await call(sourcesRoute.POST, {
      method: "POST",
      url: "/api/sources",
      json: { text: CHAT, subject: "alice", preset: "personal" },
    });
    expect(again).toMatchObject({ status: 409, body: { code: "CONFLICT" } });
    expect((again.body as { message: string }).message).toContain(alice.sourceId);
    await approveFirst(alice.sourceId);
    // Bob's words are Alice's, but about him: never a duplicate of her fact (one user's memory never merges into
    // another's), while the same words about her again are.
    const [aliceFact] = (await listFacts("?subject=alice")).facts;
    const bobsCoffee = await db.prisma.candidate.findFirstOrThrow({
      where: { run: { sourceId: bob.sourceId }, content: aliceFact!.content },
    });
    expect(bobsCoffee.verdict).toBe("new");
    expect(JSON.stringify(bobsCoffee.matches)).not.toContain(aliceFact!.id);
    const hers = await remember("alice", "User: I prefer dark roast coffee in the morning.");
    const repeat = await db.prisma.candidate.findFirstOrThrow({ where: { run: { sourceId: hers.sourceId } } });
    expect(repeat).toMatchObject({ subject: "alice", verdict: "duplicate" });
    expect(JSON.stringify(repeat.matches)).toContain(aliceFact!.id);

    await approveFirst(bob.sourceId);
    // Someone new says it after both approvals: neither Alice's nor Bob's decision is theirs.
    const carol = await remember("carol");
    const carols = await db.prisma.candidate.findFirstOrThrow({
      where: { run: { sourceId: carol.sourceId }, content: aliceFact!.content },
    });
    expect(carols).toMatchObject({ subject: "carol", verdict: "new", status: "pending" });
    const all = await listFacts("");
    expect(all.facts.map((f) => f.subject).sort()).toEqual(["alice", "bob"]);
  });

  it("filters search, the API and MCP by subject", async () => {
    const alices = await listFacts("?subject=alice");
    expect(alices.facts.map((f) => f.subject)).toEqual(["alice"]);
    const words = await listFacts("?subject=bob&q=coffee");
    expect(words.facts.every((f) => f.subject === "bob")).toBe(true);
    expect((await listFacts("?subject=carol")).facts).toEqual([]);

    const made = await call(factsRoute.POST, {
      method: "POST",
      url: "/api/facts",
      json: { content: "Alice works night shifts.", kind: "preference", temporal: "present", subject: "alice" },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({ subject: "alice" });

    const mcp = new Client({ name: "memory agent", version: "1.0.0" });
    const transport = new StreamableHTTPClientTransport(new URL("http://127.0.0.1/api/mcp"), {
      fetch: (url, init) => handleMcpRequest(new Request(url, init), (task) => void state.background.push(task())),
    });
    await mcp.connect(transport);
    const found = (await mcp.callTool({ name: "search_facts", arguments: { subject: "alice" } })) as {
      structuredContent?: { facts: Array<{ subject: string | null }> };
    };
    expect(found.structuredContent?.facts.map((f) => f.subject)).toEqual(["alice", "alice"]);
    // An agent previews forgetting someone; nothing changes until it sends the preview back.
    const plan = (await mcp.callTool({ name: "preview_forget_subject", arguments: { subject: "carol" } })) as {
      structuredContent?: { sources: unknown[]; expected: { sourceIds: string[] } };
    };
    expect(plan.structuredContent?.sources.length).toBe(1);
    expect(await db.prisma.source.count({ where: { subject: "carol" } })).toBe(1);
    await mcp.close();
    // An LLM run about Bob is told Bob's facts only, and no one's reviewed words as examples.
    const context = await listPromptContext({
      db: db.prisma,
      spaceId: "default",
      subject: "bob",
      knownFactsLimit: 50,
      withExamples: true,
    });
    expect(context.knownFacts).toEqual((await listFacts("?subject=bob")).facts.map((f) => f.content));
    expect(context.examples).toEqual([]);
    expect(await listSubjects({ db: db.prisma, spaceId: "default" })).toEqual([
      { subject: "alice", facts: 2, sources: 2 },
      { subject: "bob", facts: 1, sources: 1 },
      { subject: "carol", facts: 0, sources: 1 },
    ]);
  });

  it("forgets everything about a subject as previewed, and leaves the others whole", async () => {
    const bobBefore = await listFacts("?subject=bob");
    const plan = await previewForgetSubject({ db: db.prisma, spaceId: "default", subject: "alice" });
    expect(plan.facts.length).toBe(2);
    expect(plan.sources.length).toBe(2);
    expect(plan.openCandidates.length).toBeGreaterThan(0);
    const expected = {
      factIds: plan.facts.map((f) => f.id),
      candidateIds: plan.openCandidates.map((c) => c.id),
      sourceIds: plan.sources.map((s) => s.id),
    };

    // Something new about her since the preview: nothing is forgotten, and the reviewer is told why.
    const later = await remember("alice", "User: I moved to Lisbon last month.");
    const stale = await forgetSubjectAction({ subject: "alice", mode: "delete", expected });
    expect(stale).toMatchObject({ ok: false, code: "CONFLICT" });
    expect((await listFacts("?subject=alice")).facts.length).toBe(2);

    const fresh = await previewForgetSubject({ db: db.prisma, spaceId: "default", subject: "alice" });
    expect(fresh.sources.map((s) => s.id)).toContain(later.sourceId);
    const done = await forgetSubjectAction({
      subject: "alice",
      mode: "delete",
      expected: {
        factIds: fresh.facts.map((f) => f.id),
        candidateIds: fresh.openCandidates.map((c) => c.id),
        sourceIds: fresh.sources.map((s) => s.id),
      },
    });
    expect(done).toMatchObject({ ok: true, data: { deleted: 2, sourcesDeleted: 3 } });
    expect(await db.prisma.fact.count({ where: { subject: "alice" } })).toBe(0);
    expect(await db.prisma.source.count({ where: { subject: "alice" } })).toBe(0);
    expect(await db.prisma.candidate.count({ where: { run: { source: { subject: "alice" } } } })).toBe(0);
    // Bob is untouched.
    expect(await listFacts("?subject=bob")).toEqual(bobBefore);
  });

  it("archives a subject over REST instead, keeping their sources and rejecting their waiting cards", async () => {
    const preview = await call(subjectsRoute.GET, { url: "/api/subjects/forget?subject=bob" });
    expectConforms(preview, "/api/subjects/forget", "GET");
    const plan = preview.body as { openCandidates: Array<{ id: string }>; expected: Record<string, string[]> };
    expect(plan.openCandidates.length).toBeGreaterThan(0);
    const done = await call(subjectsRoute.POST, {
      method: "POST",
      url: "/api/subjects/forget",
      json: { subject: "bob", mode: "archive", expected: plan.expected },
    });
    expectConforms(done, "/api/subjects/forget", "POST");
    expect(done.body).toEqual({
      archived: 1,
      deleted: 0,
      sourcesDeleted: 0,
      rejected: plan.openCandidates.length,
      kept: 0,
    });
    expect((await listFacts("?subject=bob")).facts).toEqual([]);
    expect((await listFacts("?subject=bob&status=archived")).facts.length).toBe(1);
    expect(await db.prisma.source.count({ where: { subject: "bob" } })).toBe(1);
    const rejected = await db.prisma.candidate.findMany({
      where: { id: { in: plan.openCandidates.map((c) => c.id) } },
    });
    expect(rejected.every((c) => c.status === "rejected" && c.rejectReason === FORGET_REASON)).toBe(true);
  });

  it("lets an agent forget someone over MCP, as previewed", async () => {
    const mcp = new Client({ name: "memory agent", version: "1.0.0" });
    await mcp.connect(
      new StreamableHTTPClientTransport(new URL("http://127.0.0.1/api/mcp"), {
        fetch: (url, init) => handleMcpRequest(new Request(url, init), (task) => void state.background.push(task())),
      }),
    );
    const plan = (await mcp.callTool({ name: "preview_forget_subject", arguments: { subject: "carol" } })) as {
      structuredContent?: { expected: Record<string, string[]> };
    };
    const done = (await mcp.callTool({
      name: "forget_subject",
      arguments: { subject: "carol", mode: "delete", expected: plan.structuredContent?.expected },
    })) as { structuredContent?: { sourcesDeleted: number } };
    expect(done.structuredContent?.sourcesDeleted).toBe(1);
    expect(await db.prisma.source.count({ where: { subject: "carol" } })).toBe(0);
    await mcp.close();
  });

  it("answers a subject nobody has, or one in a space out of reach, as nothing to forget", async () => {
    const none = { factIds: [], candidateIds: [], sourceIds: [] };
    expect(await forgetSubjectAction({ subject: "dave", mode: "delete", expected: none })).toEqual({
      ok: false,
      code: "NOT_FOUND",
      message: 'Nothing here is about "dave".',
    });
    expect(await forgetSubjectAction({ subject: "bob", space: "nowhere", mode: "delete", expected: none })).toEqual({
      ok: false,
      code: "NOT_FOUND",
      message: 'No space named "nowhere".',
    });
  });
});
