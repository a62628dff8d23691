// `sift mcp`: Sift's MCP tools on stdio, for agents that start their servers themselves (Claude Desktop,
// editors). It relays each message to the running app's Streamable HTTP endpoint (SIFT_URL, default
// http://127.0.0.1:3000, path /api/mcp) instead of opening the database: PGlite allows one process per data
// directory and the app holds it, and this way the tools, the reviewer check and the review gate are the
// app's own, never a second copy that could drift. The app must be running. SIFT_TOKEN (an agent token an
// admin made on /admin) goes with every message as `Authorization: Bearer`; the app checks its scopes.
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";

const base = process.env.SIFT_URL || "http://127.0.0.1:3000";
const endpoint = new URL("/api/mcp", base);

const stdio = new StdioServerTransport();
const token = process.env.SIFT_TOKEN?.trim();
const http = new StreamableHTTPClientTransport(
  endpoint,
  token ? { requestInit: { headers: { Authorization: `Bearer ${token}` } } } : undefined,
);

/** A request the app could not answer gets a JSON-RPC error, so the agent shows why instead of waiting. */
function unreachable(message: JSONRPCMessage, error: unknown) {
  const reason = error instanceof Error ? error.message : String(error);
  process.stderr.write(`[sift mcp] ${endpoint.href}: ${reason}\n`);
  if (!("id" in message) || !("method" in message)) return;
  void stdio.send({
    jsonrpc: "2.0",
    id: message.id,
    error: {
      code: -32000,
      message: `Sift is not reachable at ${endpoint.href} (${reason}). Start it (npm start) or set SIFT_URL.`,
    },
  });
}

stdio.onmessage = (message) => {
  http.send(message).catch((error: unknown) => unreachable(message, error));
};
http.onmessage = (message) => {
  void stdio.send(message);
};
http.onerror = (error) => process.stderr.write(`[sift mcp] ${error.message}\n`);
stdio.onclose = () => {
  void http.close();
};

await http.start();
await stdio.start();
process.stderr.write(`[sift mcp] relaying stdio to ${endpoint.href}\n`);
