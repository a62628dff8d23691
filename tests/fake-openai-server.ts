import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { pathToFileURL } from "node:url";

/**
 * A local stand-in for an OpenAI-compatible chat completions endpoint, for tests and e2e runs with no
 * real model. What `@ai-sdk/openai-compatible` (v2) sends for `Output.object`: POST
 * /v1/chat/completions with `messages` (system + user), `response_format: { type: "json_schema",
 * json_schema: { name, schema, strict } }` when the provider has `supportsStructuredOutputs` (else
 * `{ type: "json_object" }` and no schema), `stream: true` only for streamText. Both forms are served.
 *
 * Default replies are built from the user message: each sentence containing "decided", "will" or
 * "must" becomes a fact quoting it verbatim. Markers in the user message drive other behaviour
 * (usable from a browser test that cannot pass a function): [[FABRICATE]] adds one fact whose
 * quote is not in the text; [[FAIL 429]] / [[FAIL 500]] answer with that status (and retry-after-ms: 1); [[HANG]] never
 * answers; [[MALFORMED]] returns broken JSON.
 *
 * POST /v1/embeddings answers with `fakeEmbedding` of each input: deterministic, dense, unit-length, and
 * equal for rewordings made of the synonyms in SYNONYMS, so tests can tell the vector path from the lexical one.
 * `embed` replaces it (e.g. to fail); [[FAIL 500]] in an input answers 500.
 *
 * Standalone: `npx tsx tests/fake-openai-server.ts --port 4011` (base URL http://127.0.0.1:4011/v1).
 */

export interface FakeRequest {
  body: ChatBody;
  system: string;
  user: string;
  authorization: string | undefined;
}

export interface ChatBody {
  model?: string;
  messages?: { role: string; content: unknown }[];
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  response_format?: { type: string; json_schema?: { name?: string; schema?: unknown; strict?: boolean } };
  [key: string]: unknown;
}

export interface FakeFact {
  content: string;
  kind: string;
  confidence: number;
  importance: number;
  temporal: "past" | "present" | "future" | "timeless";
  speaker: string | null;
  quote: string;
}

export type FakeReply =
  | { facts: unknown[] }
  | { content: string } // raw assistant text, e.g. malformed JSON
  | { status: number; message?: string; headers?: Record<string, string> }
  | { hang: true };

export interface FakeEmbeddingRequest {
  model: string;
  input: string[];
  dimensions?: number;
}

export type FakeEmbeddingReply = { embeddings: number[][] } | { status: number; message?: string } | { hang: true };

export interface FakeOpenAIOptions {
  port?: number;
  host?: string;
  /** Required bearer token; a mismatch answers 401. */
  apiKey?: string;
  /** `n` counts requests from 1. Defaults to `defaultReply`. */
  respond?: (request: FakeRequest, n: number) => FakeReply | Promise<FakeReply>;
  /** `n` counts embedding requests from 1. Defaults to `defaultEmbeddingReply`. */
  embed?: (request: FakeEmbeddingRequest, n: number) => FakeEmbeddingReply | Promise<FakeEmbeddingReply>;
  /** Dimension of the default embeddings when a request does not ask for one (default 256). */
  embeddingDims?: number;
}

export interface FakeOpenAI {
  /** Base URL for the provider, ending in /v1. */
  url: string;
  requests: FakeRequest[];
  embeddingRequests: FakeEmbeddingRequest[];
  close: () => Promise<void>;
}

/** Words that embed the same (one concept each): a rewording built from them shares no word but one vector. */
export const SYNONYMS: Record<string, string> = Object.fromEntries(
  [
    ["new", "redesigned", "revamped"],
    ["onboarding", "signup", "registration"],
    ["flow", "process", "procedure"],
    ["frustrates", "annoys", "irritates"],
    ["customers", "users", "clients"],
    ["ship", "release", "deliver"],
    ["quickly", "fast", "rapidly"],
    ["invoices", "bills"],
  ].flatMap((group) => group.map((w) => [w, group[0]!])),
);
const EMBEDDING_STOPWORDS = new Set("a an the of to and or is are was be will by for in on at with".split(" "));

function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

const wordVectors = new Map<string, Float64Array>();

/** A dense pseudo-random direction per concept and dimension (mulberry32 seeded by the concept's hash). */
function wordVector(concept: string, dims: number): Float64Array {
  const key = `${dims}:${concept}`;
  let v = wordVectors.get(key);
  if (!v) {
    let a = fnv1a(concept);
    v = new Float64Array(dims);
    for (let i = 0; i < dims; i++) {
      a = (a + 0x6d2b79f5) >>> 0;
      let t = Math.imul(a ^ (a >>> 15), a | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      v[i] = ((t ^ (t >>> 14)) >>> 0) / 2147483648 - 1;
    }
    if (wordVectors.size > 50_000) wordVectors.clear();
    wordVectors.set(key, v);
  }
  return v;
}

/**
 * A bag of concepts: the sum of one dense pseudo-random vector per non-stop word (mapped through
 * SYNONYMS), at unit length. Dense like a real model's vectors, so an HNSW index behaves as it would
 * in use; texts with the same concepts get the same vector, texts sharing none are near-orthogonal.
 */
export function fakeEmbedding(text: string, dims = 256): number[] {
  const sum = new Float64Array(dims);
  for (const word of text.toLowerCase().match(/[a-z0-9]+/g) ?? []) {
    if (EMBEDDING_STOPWORDS.has(word)) continue;
    const w = wordVector(SYNONYMS[word] ?? word, dims);
    for (let i = 0; i < dims; i++) sum[i] = (sum[i] ?? 0) + (w[i] ?? 0);
  }
  let norm = 0;
  for (const x of sum) norm += x * x;
  norm = Math.sqrt(norm);
  return Array.from(sum, (x, i) => (norm === 0 ? (i === 0 ? 1 : 0) : x / norm));
}

export function defaultEmbeddingReply(request: FakeEmbeddingRequest, dims = 256): FakeEmbeddingReply {
  if (request.input.some((t) => t.includes("[[FAIL 500]]"))) return { status: 500 };
  return { embeddings: request.input.map((t) => fakeEmbedding(t, request.dimensions ?? dims)) };
}

export const FABRICATED_QUOTE = "The board approved a ten million dollar budget for the moon base.";

export function defaultReply(request: FakeRequest): FakeReply {
  const fail = /\[\[FAIL (\d{3})\]\]/.exec(request.user);
  // Asks for a 1 ms wait: without a Retry-After the AI SDK backs off 2 s, then 4 s, before each retry.
  if (fail) return { status: Number(fail[1]), headers: { "retry-after-ms": "1" } };
  if (request.user.includes("[[HANG]]")) return { hang: true };
  if (request.user.includes("[[MALFORMED]]")) return { content: '{"facts": [{"content": "unterminated' };
  return { facts: factsFromText(request.user, kindIds(request)) };
}

/** Sentences with decision/commitment words, quoted verbatim; the speaker comes from a "Name:" label. */
export function factsFromText(text: string, kinds: string[]): FakeFact[] {
  const facts: FakeFact[] = [];
  for (const line of text.split("\n")) {
    const label = /^\s*([A-Z][\w .'-]{0,40}?):\s+/.exec(line);
    const speaker = label ? label[1]!.trim() : null;
    const body = label ? line.slice(label[0].length) : line;
    for (const { segment } of new Intl.Segmenter("en", { granularity: "sentence" }).segment(body)) {
      const quote = segment.trim();
      const word = /\b(decided|will|must)\b/i.exec(quote)?.[1]?.toLowerCase();
      if (!word || quote.includes("[[")) continue;
      const wanted = word === "decided" ? "decision" : word === "must" ? "constraint" : "action_item";
      facts.push({
        content: `${speaker ?? "Someone"} said: ${quote}`,
        kind: kinds.includes(wanted) ? wanted : (kinds[0] ?? wanted),
        confidence: 0.9,
        importance: 0.6,
        temporal: word === "decided" ? "past" : "future",
        speaker,
        quote,
      });
    }
  }
  if (text.includes("[[FABRICATE]]")) {
    facts.push({
      content: "The board approved a ten million dollar budget for a moon base.",
      kind: kinds[0] ?? "decision",
      confidence: 0.95,
      importance: 0.9,
      temporal: "past",
      speaker: null,
      quote: FABRICATED_QUOTE,
    });
  }
  return facts;
}

/** Kind ids from the json_schema enum, else from the "- id: Label." lines of the system prompt. */
export function kindIds(request: FakeRequest): string[] {
  const schema = request.body.response_format?.json_schema?.schema as
    { properties?: { facts?: { items?: { properties?: { kind?: { enum?: unknown } } } } } } | undefined;
  const fromSchema = schema?.properties?.facts?.items?.properties?.kind?.enum;
  if (Array.isArray(fromSchema)) return fromSchema.filter((k): k is string => typeof k === "string");
  return [...request.system.matchAll(/^- ([a-z][a-z0-9_]*): /gm)].map((m) => m[1]!);
}

export async function startFakeOpenAI(options: FakeOpenAIOptions = {}): Promise<FakeOpenAI> {
  const requests: FakeRequest[] = [];
  const embeddingRequests: FakeEmbeddingRequest[] = [];
  const respond = options.respond ?? defaultReply;
  const embed = options.embed ?? ((r: FakeEmbeddingRequest) => defaultEmbeddingReply(r, options.embeddingDims));

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendError(res, 500, error instanceof Error ? error.message : "fake server error");
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? "").split("?")[0];
    if (req.method === "GET" && path === "/v1/models") {
      return sendJson(res, 200, { object: "list", data: [{ id: "fake-model", object: "model", owned_by: "sift" }] });
    }
    if (req.method !== "POST" || (path !== "/v1/chat/completions" && path !== "/v1/embeddings"))
      return sendError(res, 404, "not found");
    if (options.apiKey && req.headers.authorization !== `Bearer ${options.apiKey}`) {
      return sendError(res, 401, "Incorrect API key provided", "invalid_api_key");
    }
    if (path === "/v1/embeddings") return handleEmbeddings(req, res);
    const body = JSON.parse(await readBody(req)) as ChatBody;
    const request: FakeRequest = {
      body,
      system: messageText(body, "system"),
      user: messageText(body, "user"),
      authorization: req.headers.authorization,
    };
    requests.push(request);
    const reply = await respond(request, requests.length);

    if ("hang" in reply) return; // the client's timeout (or close()) ends the socket
    if ("status" in reply)
      return sendError(res, reply.status, reply.message ?? `simulated ${reply.status}`, undefined, reply.headers);
    const content = "content" in reply ? reply.content : JSON.stringify({ facts: reply.facts });
    const usage = {
      prompt_tokens: Math.ceil((request.system.length + request.user.length) / 4),
      completion_tokens: Math.ceil(content.length / 4),
    };
    const full = { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens };
    const base = {
      id: `chatcmpl-fake-${requests.length}`,
      created: Math.floor(Date.now() / 1000),
      model: body.model ?? "fake-model",
    };

    if (body.stream) {
      res.writeHead(200, {
        "content-type": "text/event-stream",
        "cache-control": "no-cache",
        connection: "keep-alive",
      });
      const event = (data: unknown) => res.write(`data: ${JSON.stringify(data)}\n\n`);
      const chunk = (delta: object, finish: string | null) => ({
        ...base,
        object: "chat.completion.chunk",
        choices: [{ index: 0, delta, finish_reason: finish }],
      });
      event(chunk({ role: "assistant", content: "" }, null));
      for (let i = 0; i < content.length; i += 40) event(chunk({ content: content.slice(i, i + 40) }, null));
      event(chunk({}, "stop"));
      if (body.stream_options?.include_usage)
        event({ ...base, object: "chat.completion.chunk", choices: [], usage: full });
      res.end("data: [DONE]\n\n");
      return;
    }
    sendJson(res, 200, {
      ...base,
      object: "chat.completion",
      choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
      usage: full,
    });
  }

  async function handleEmbeddings(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = JSON.parse(await readBody(req)) as { model?: string; input?: string | string[]; dimensions?: number };
    const request: FakeEmbeddingRequest = {
      model: body.model ?? "fake-embedding",
      input: typeof body.input === "string" ? [body.input] : (body.input ?? []),
      ...(body.dimensions ? { dimensions: body.dimensions } : {}),
    };
    embeddingRequests.push(request);
    const reply = await embed(request, embeddingRequests.length);
    if ("hang" in reply) return;
    if ("status" in reply) return sendError(res, reply.status, reply.message ?? `simulated ${reply.status}`);
    sendJson(res, 200, {
      object: "list",
      model: request.model,
      data: reply.embeddings.map((embedding, index) => ({ object: "embedding", index, embedding })),
      usage: {
        prompt_tokens: Math.ceil(request.input.join(" ").length / 4),
        total_tokens: Math.ceil(request.input.join(" ").length / 4),
      },
    });
  }

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${options.host ?? "127.0.0.1"}:${port}/v1`,
    requests,
    embeddingRequests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function messageText(body: ChatBody, role: string): string {
  return (body.messages ?? [])
    .filter((m) => m.role === role)
    .map((m) =>
      typeof m.content === "string"
        ? m.content
        : Array.isArray(m.content)
          ? m.content.map((p: { text?: unknown }) => (typeof p.text === "string" ? p.text : "")).join("")
          : "",
    )
    .join("\n");
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    req.on("data", (part: Buffer) => parts.push(part));
    req.on("end", () => resolve(Buffer.concat(parts).toString("utf8")));
    req.on("error", reject);
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}

function sendError(
  res: ServerResponse,
  status: number,
  message: string,
  code?: string,
  headers?: Record<string, string>,
): void {
  sendJson(
    res,
    status,
    { error: { message, type: status === 429 ? "rate_limit_error" : "api_error", code: code ?? null } },
    headers,
  );
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const portArg = args.indexOf("--port");
  const port = portArg >= 0 ? Number(args[portArg + 1]) : 4011;
  const apiKeyArg = args.indexOf("--api-key");
  const fake = await startFakeOpenAI({
    port,
    ...(apiKeyArg >= 0 && args[apiKeyArg + 1] ? { apiKey: args[apiKeyArg + 1]! } : {}),
  });
  console.log(`fake OpenAI-compatible server listening at ${fake.url}`);
  const stop = () => void fake.close().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  void main();
}
