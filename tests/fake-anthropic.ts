import type { IncomingMessage, ServerResponse } from "node:http";
import {
  messageText,
  readBody,
  sendJson,
  sourceText,
  type ChatBody,
  type FakeReply,
  type FakeRequest,
} from "./fake-http";

/**
 * The fake server's POST /v1/messages (tests/fake-openai-server.ts): Anthropic's Messages API as @ai-sdk/anthropic
 * calls it, with the same replies as the chat completions route and a prompt cache (see there).
 */

/** What `@ai-sdk/anthropic` posts to /v1/messages (the parts the fake reads). */
export interface AnthropicBody {
  model?: string;
  system?: string | { type: string; text: string; cache_control?: { type: string } }[];
  messages?: { role: string; content: unknown }[];
  tool_choice?: { type: string; name?: string };
  [key: string]: unknown;
}

export async function handleAnthropicMessages(
  req: IncomingMessage,
  res: ServerResponse,
  {
    apiKey,
    requests,
    respond,
    cached,
  }: {
    apiKey?: string;
    requests: FakeRequest[];
    respond: (request: FakeRequest, n: number) => FakeReply | Promise<FakeReply>;
    /** The system blocks marked cache_control seen so far by this server, by their text. */
    cached: Set<string>;
  },
): Promise<void> {
  if (apiKey && req.headers["x-api-key"] !== apiKey) {
    return sendJson(res, 401, {
      type: "error",
      error: { type: "authentication_error", message: "invalid x-api-key" },
    });
  }
  const body = JSON.parse(await readBody(req)) as AnthropicBody;
  const blocks = typeof body.system === "string" ? [{ type: "text", text: body.system }] : (body.system ?? []);
  const system = blocks.map((b) => b.text).join("\n");
  const userMessage = messageText({ messages: body.messages }, "user");
  const request: FakeRequest = {
    body: body as ChatBody,
    system,
    user: sourceText(userMessage),
    userMessage,
    authorization: req.headers["x-api-key"] as string | undefined,
  };
  requests.push(request);
  let reply = await respond(request, requests.length);
  while ("after" in reply) {
    const { after, reply: next } = reply;
    await new Promise((resolve) => setTimeout(resolve, after));
    reply = next;
  }
  if ("hang" in reply) return;
  if ("truncated" in reply) {
    res.writeHead(200, { "content-type": "application/json", "content-length": "400" });
    res.write('{"id":"msg_fake","type":"message","content":[');
    res.destroy();
    return;
  }
  if ("status" in reply) {
    const type = reply.status === 429 ? "rate_limit_error" : "api_error";
    return sendJson(
      res,
      reply.status,
      { type: "error", error: { type, message: reply.message ?? "simulated" } },
      reply.headers,
    );
  }
  const content =
    "content" in reply ? reply.content : "cutoff" in reply ? reply.cutoff : JSON.stringify({ facts: reply.facts });
  const tokens = (text: string) => Math.ceil(text.length / 4);
  const marked = blocks.filter((b) => b.cache_control).map((b) => b.text);
  const read = marked.filter((t) => cached.has(t)).reduce((n, t) => n + tokens(t), 0);
  const written = marked.filter((t) => !cached.has(t)).reduce((n, t) => n + tokens(t), 0);
  for (const t of marked) cached.add(t);
  const jsonTool = body.tool_choice?.type === "tool" && body.tool_choice.name === "json";
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(content);
  } catch {
    // Not JSON (a malformed reply): sent as text, as a model that ignored the tool would.
  }
  sendJson(res, 200, {
    id: `msg_fake_${requests.length}`,
    type: "message",
    role: "assistant",
    model: body.model ?? "claude-fake",
    content:
      jsonTool && parsed !== null
        ? [{ type: "tool_use", id: `toolu_${requests.length}`, name: "json", input: parsed }]
        : [{ type: "text", text: content }],
    stop_reason: "cutoff" in reply ? "max_tokens" : jsonTool && parsed !== null ? "tool_use" : "end_turn",
    stop_sequence: null,
    usage: {
      input_tokens: tokens(system + userMessage) - read - written,
      output_tokens: tokens(content),
      cache_creation_input_tokens: written,
      cache_read_input_tokens: read,
    },
  });
}
