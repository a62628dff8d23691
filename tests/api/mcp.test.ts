import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { listCandidatesPage } from "@/lib/api/candidates";
import { CandidateListQuerySchema } from "@/lib/api/schemas";
import { saveSettings } from "@/lib/db/settings";
import { getEnv } from "@/lib/env";
import { handleMcpRequest } from "@/lib/mcp/http";
import { createSiftMcpServer } from "@/lib/mcp/server";
import { DEFAULT_SETTINGS } from "@/lib/settings/schema";
import { createTestDb, type TestDb } from "@/tests/db";
import { DEFAULT_SPACE_ID } from "@/lib/spaces/schema";

// An agent's view of Sift through the MCP SDK's own client: it proposes facts, finds them waiting in the
// review queue marked as an agent's, and cannot find them among the facts, even with auto-approve on.

const state = vi.hoisted(() => ({ db: undefined as unknown }));
vi.mock("@/lib/db/client", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/db/client")>()),
  getDb: async () => state.db,
}));

let db: TestDb;
const background: Promise<unknown>[] = [];
const runInBackground = (task: () => Promise<unknown>) => void background.push(task());
const settle = async () => {
  await Promise.all(background.splice(0));
};

beforeAll(async () => {
  db = await createTestDb();
  state.db = db.prisma;
  // The most permissive Settings: other sources' confident new candidates would become facts at once.
  await saveSettings({
    db: db.prisma,
    spaceId: "default",
    settings: {
      ...DEFAULT_SETTINGS,
      gates: {
        ...DEFAULT_SETTINGS.gates,
        autoApprove: { enabled: true, minConfidence: 0.5 },
        autoMergeExactDuplicates: true,
      },
    },
  });
});
afterAll(async () => db?.close());

async function inMemoryClient() {
  const actor = {
    kind: "person",
    id: "local",
    name: "Local reviewer",
    role: "admin",
    accounts: false,
    spaces: "all",
  } as const;
  const server = createSiftMcpServer({
    db: db.prisma,
    env: getEnv(),
    actor,
    space: { id: DEFAULT_SPACE_ID, slug: "default", name: "Default" },
    runInBackground,
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "test-agent", version: "1.0.0" });
  await client.connect(clientSide);
  return client;
}

type Structured<T> = { structuredContent?: T; isError?: boolean; content?: unknown };

describe("MCP for agents", () => {
  it("offers the four tools with their input schemas", async () => {
    const client = await inMemoryClient();
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([
      "forget_subject",
      "get_fact",
      "get_run",
      "preview_forget_subject",
      "propose_facts",
      "search_facts",
    ]);
    const propose = tools.find((t) => t.name === "propose_facts");
    expect(Object.keys(propose?.inputSchema.properties ?? {})).toEqual(expect.arrayContaining(["text", "facts"]));
    await client.close();
  });

  it("proposes facts that wait in the queue as an agent's and are not facts, even with auto-approve on", async () => {
    const client = await inMemoryClient();
    const proposed = (await client.callTool({
      name: "propose_facts",
      arguments: {
        title: "Agent notes on the billing migration",
        facts: [
          { content: "The billing migration starts on 12 January.", kind: "decision", confidence: 0.97 },
          {
            content: "Ines owns the billing migration runbook.",
            kind: "action_item",
            confidence: 0.95,
            speaker: "Ines",
          },
        ],
      },
    })) as Structured<{ runId: string; sourceId: string }>;
    expect(proposed.isError).toBeFalsy();
    const runId = proposed.structuredContent?.runId as string;
    await settle();

    const run = (await client.callTool({ name: "get_run", arguments: { id: runId } })) as Structured<{
      status: string;
      candidates: number;
    }>;
    expect(run.structuredContent).toMatchObject({ status: "succeeded", candidates: 2 });

    const queue = await listCandidatesPage({
      spaceId: DEFAULT_SPACE_ID,
      db: db.prisma,
      query: CandidateListQuerySchema.parse({ run: runId, status: "all" }),
    });
    expect(queue.candidates.map((c) => [c.content, c.status, c.source.origin, c.run.extractor]).sort()).toEqual([
      ["Ines owns the billing migration runbook.", "pending", "agent", "agent"],
      ["The billing migration starts on 12 January.", "pending", "agent", "agent"],
    ]);
    expect(await db.prisma.fact.count()).toBe(0);

    const search = (await client.callTool({
      name: "search_facts",
      arguments: { q: "billing migration" },
    })) as Structured<{
      facts: unknown[];
    }>;
    expect(search.structuredContent?.facts).toEqual([]);
    await client.close();
  });

  it("gates a proposed fact whose quote is not in the text it came with, like any other candidate", async () => {
    const client = await inMemoryClient();
    const proposed = (await client.callTool({
      name: "propose_facts",
      arguments: {
        text: "Omar: The vendor contract renews in April.",
        facts: [
          {
            content: "The vendor contract renews in April.",
            kind: "decision",
            confidence: 0.9,
            quote: "renews in April",
          },
          { content: "The vendor contract costs 90k.", kind: "decision", confidence: 0.9, quote: "costs 90k a year" },
        ],
      },
    })) as Structured<{ runId: string }>;
    await settle();
    const rows = await db.prisma.candidate.findMany({ where: { runId: proposed.structuredContent?.runId } });
    const byContent = Object.fromEntries(rows.map((c) => [c.content, [c.status, c.gateReason ?? ""]]));
    expect(byContent["The vendor contract renews in April."]?.[0]).toBe("pending");
    expect(byContent["The vendor contract costs 90k."]).toEqual(["gated", expect.stringContaining("Quote not found")]);
    await client.close();
  });

  it("refuses a proposal with an unknown kind or nothing to propose, saying why", async () => {
    const client = await inMemoryClient();
    const unknown = (await client.callTool({
      name: "propose_facts",
      arguments: { facts: [{ content: "Mood was good today.", kind: "vibe", confidence: 0.9 }] },
    })) as Structured<unknown>;
    expect(unknown.isError).toBe(true);
    expect(JSON.stringify(unknown.content)).toContain('VALIDATION: Unknown kind \\"vibe\\"');
    const empty = (await client.callTool({ name: "propose_facts", arguments: {} })) as Structured<unknown>;
    expect(empty.isError).toBe(true);
    await client.close();
  });

  it("answers over Streamable HTTP: a proposed transcript is extracted into the queue; facts read back", async () => {
    const client = new Client({ name: "http-agent", version: "1.0.0" });
    const transport = new StreamableHTTPClientTransport(new URL("http://127.0.0.1/api/mcp"), {
      fetch: (url, init) => handleMcpRequest(new Request(url, init), runInBackground),
    });
    await client.connect(transport);
    const proposed = (await client.callTool({
      name: "propose_facts",
      arguments: { text: "Noor: We decided to move the design review to Thursdays.\nNoor: I will send the agenda." },
    })) as Structured<{ runId: string }>;
    expect(proposed.isError).toBeFalsy();
    await settle();
    const runId = proposed.structuredContent?.runId as string;
    const open = await db.prisma.candidate.findMany({
      where: { runId },
      include: { run: { include: { source: true } } },
    });
    expect(open.length).toBeGreaterThan(0);
    for (const c of open) {
      expect(["pending", "gated"]).toContain(c.status);
      expect(c.run.source.origin).toBe("agent");
    }

    const fact = await db.prisma.fact.create({
      data: {
        content: "Design reviews are recorded.",
        contentHash: "x",
        kind: "decision",
        confidence: 1,
        importance: 0.5,
        temporal: "present",
      },
    });
    const read = (await client.callTool({ name: "get_fact", arguments: { id: fact.id } })) as Structured<{
      content: string;
    }>;
    expect(read.structuredContent?.content).toBe("Design reviews are recorded.");
    const missing = (await client.callTool({
      name: "get_fact",
      arguments: { id: "00000000-0000-4000-8000-000000000000" },
    })) as Structured<unknown>;
    expect(missing).toMatchObject({ isError: true });
    await client.close();
  });
});
