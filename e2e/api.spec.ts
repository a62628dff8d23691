import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { expect, test, type APIRequestContext } from "@playwright/test";

// Scripts and agents against a real server: the REST API without a browser's Origin, a foreign Origin
// refused, and MCP over Streamable HTTP whose proposals wait for a reviewer.

type Candidate = { id: string; version: number; content: string; status: string; source: { origin: string } };

async function candidatesOf(request: APIRequestContext, runId: string): Promise<Candidate[]> {
  const res = await request.get(`/api/candidates?run=${runId}&status=all`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { candidates: Candidate[] }).candidates;
}

test("a script adds a transcript, follows its run, approves a candidate and finds the fact", async ({ request }) => {
  const stamp = Date.now();
  const doc = await request.get("/api/openapi.json");
  expect(((await doc.json()) as { openapi: string }).openapi).toBe("3.1.0");

  const started = await request.post("/api/sources", {
    data: { title: `API sync ${stamp}`, text: `Priya: We decided to archive the ${stamp} dashboards in May.` },
  });
  expect(started.status()).toBe(202);
  const { runId } = (await started.json()) as { runId: string };
  await expect
    .poll(async () => ((await (await request.get(`/api/runs/${runId}`)).json()) as { status: string }).status)
    .toBe("succeeded");

  const [candidate] = await candidatesOf(request, runId);
  if (!candidate) throw new Error("the run saved no candidate");
  expect(candidate.source.origin).toBe("api");
  const approved = await request.post(`/api/candidates/${candidate.id}/approve`, {
    data: { version: candidate.version },
  });
  expect(approved.status()).toBe(200);
  const { factId } = (await approved.json()) as { factId: string };

  const found = await request.get(`/api/facts?q=${stamp}`);
  expect(((await found.json()) as { facts: Array<{ id: string }> }).facts.map((f) => f.id)).toEqual([factId]);
  const stale = await request.patch(`/api/facts/${factId}`, {
    headers: { "If-Match": "7" },
    data: { content: `The ${stamp} dashboards are archived in June.` },
  });
  expect(stale.status()).toBe(409);
  expect(((await stale.json()) as { code: string }).code).toBe("CONFLICT");
  const bad = await request.get("/api/facts/not-an-id");
  expect(bad.status()).toBe(404);
  expect(await bad.json()).toMatchObject({ code: "NOT_FOUND" });
});

test("an API write sent from another site's page is refused (403) and saves nothing", async ({ request }) => {
  const stamp = Date.now();
  const forged = await request.post("/api/sources", {
    headers: { Origin: "http://evil.example" },
    data: { title: `Forged API ${stamp}`, text: `Marcus: The ${stamp} API budget is final.` },
  });
  expect(forged.status()).toBe(403);
  const sources = await request.get("/sources");
  expect(await sources.text()).not.toContain(`Forged API ${stamp}`);
});

test("an agent proposes facts over MCP: they wait in the queue as an agent's and are not facts", async ({
  baseURL,
  request,
}) => {
  const stamp = Date.now();
  const client = new Client({ name: "e2e-agent", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL("/api/mcp", baseURL)));
  const { tools } = await client.listTools();
  expect(tools.map((t) => t.name).sort()).toEqual([
    "forget_subject",
    "get_fact",
    "get_run",
    "preview_forget_subject",
    "propose_facts",
    "search_facts",
  ]);
  const proposed = await client.callTool({
    name: "propose_facts",
    arguments: {
      facts: [{ content: `The ${stamp} agent cache expires after an hour.`, kind: "decision", confidence: 0.95 }],
    },
  });
  const { runId } = proposed.structuredContent as { runId: string };
  await expect
    .poll(
      async () =>
        ((await client.callTool({ name: "get_run", arguments: { id: runId } })).structuredContent as { status: string })
          .status,
    )
    .toBe("succeeded");
  await client.close();

  const [candidate] = await candidatesOf(request, runId);
  expect(candidate).toMatchObject({ status: "pending", source: { origin: "agent" } });
  const facts = await request.get(`/api/facts?q=${stamp}`);
  expect(((await facts.json()) as { facts: unknown[] }).facts).toEqual([]);
});
