import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { handleMcpRequest } from "@/lib/mcp/http";
import { createTestDb, type TestDb } from "@/tests/db";

// `npx sift mcp` as an agent starts it: a child process speaking MCP on stdio, relaying to the app's
// /api/mcp (here the same handler behind a plain HTTP server), and saying so when the app is not there.

const state = vi.hoisted(() => ({ db: undefined as unknown }));
vi.mock("@/lib/db/client", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/db/client")>()),
  getDb: async () => state.db,
}));

const root = path.resolve(import.meta.dirname, "../..");
let db: TestDb;
let server: http.Server;
let url = "";

beforeAll(async () => {
  db = await createTestDb();
  state.db = db.prisma;
  server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = chunks.length ? Buffer.concat(chunks) : undefined;
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
    const request = new Request(`http://127.0.0.1${req.url}`, { method: req.method, headers, body });
    const response = await handleMcpRequest(request, (task) => void task());
    res.writeHead(response.status, Object.fromEntries(response.headers.entries()));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await db?.close();
});

function siftMcp(siftUrl: string) {
  return new StdioClientTransport({
    command: process.execPath,
    args: [path.join(root, "bin/sift.mjs"), "mcp"],
    cwd: root,
    env: { ...(process.env as Record<string, string>), SIFT_URL: siftUrl },
    stderr: "pipe",
  });
}

describe("npx sift mcp", () => {
  it("serves the app's tools on stdio", async () => {
    const client = new Client({ name: "stdio-agent", version: "1.0.0" });
    await client.connect(siftMcp(url));
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([
      "forget_subject",
      "get_fact",
      "get_run",
      "preview_forget_subject",
      "propose_facts",
      "search_facts",
    ]);
    await db.prisma.fact.create({
      data: {
        content: "Release notes ship with every build.",
        contentHash: "r",
        kind: "decision",
        confidence: 1,
        importance: 0.5,
        temporal: "present",
      },
    });
    const search = await client.callTool({ name: "search_facts", arguments: { q: "release notes" } });
    expect(search.structuredContent).toMatchObject({ facts: [{ content: "Release notes ship with every build." }] });
    await client.close();
  });

  it("says the app is not reachable instead of hanging", async () => {
    const client = new Client({ name: "stdio-agent", version: "1.0.0" });
    await expect(client.connect(siftMcp("http://127.0.0.1:9"))).rejects.toThrow(/Sift is not reachable at/);
    await client.close();
  });
});
