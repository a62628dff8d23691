import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { pathToFileURL } from "node:url";
import { handleAnthropicMessages } from "./fake-anthropic";
import {
  messageText,
  readBody,
  sendJson,
  sourceText,
  type ChatBody,
  type FakeReply,
  type FakeRequest,
} from "./fake-http";

export type { AnthropicBody } from "./fake-anthropic";
export type { ChatBody, FakeReply, FakeRequest } from "./fake-http";

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
 * answers; [[MALFORMED]] returns broken JSON; [[OFF_TAXONOMY]] answers as a local server that ignores the
 * schema: kinds spelled otherwise or outside the taxonomy ("Decision", "action-item", "risk"), confidences as
 * words and percentages, one item with no content; [[RUNAWAY]] returns 300 facts. Packaging as real models
 * send it: [[PROSE]] (prose before the JSON), [[PROSE_FENCE]] (prose and a ``` fence), [[TRAILING_COMMA]],
 * [[BARE_ARRAY]] (the list alone), [[SINGLE_OBJECT]] (one fact alone). [[CUTOFF]] stops a reply longer than
 * one fact at finish_reason "length" (half its JSON); [[TRUNCATED]] sends half the response body and closes.
 * [[RATE_LIMITED n]] answers the first request for that text 429 with Retry-After n (seconds), the next ones as usual.
 *
 * A provider's limits: `rateLimit` admits N chat requests per sliding window and answers the rest 429 with
 * Retry-After (whole seconds, as OpenAI and Anthropic send it; or retry-after-ms, or a fixed long value);
 * `latencyMs` answers every chat request that late (a model taking its time), `{ after, reply }` one of them.
 *
 * POST /v1/embeddings answers with `fakeEmbedding` of each input: deterministic, dense, unit-length, and
 * equal for rewordings made of the synonyms in SYNONYMS, so tests can tell the vector path from the lexical one.
 * `embed` replaces it (e.g. to fail); [[FAIL 500]] in an input answers 500.
 *
 * The matcher's LLM judge (its system prompt starts "Compare two statements") is answered "related" by default.
 *
 * POST /v1/messages speaks Anthropic's Messages API for `@ai-sdk/anthropic` (base URL `${url}`): the same replies
 * as text content (or as the `json` tool's input when the request forces that tool), stop_reason "max_tokens" for
 * a cut-off one, and a prompt cache: a system block marked `cache_control` is written on its first request
 * (`cache_creation_input_tokens`) and read on later ones (`cache_read_input_tokens`), `input_tokens` the rest.
 *
 * Standalone: `npx tsx tests/fake-openai-server.ts --port 4011` (base URL http://127.0.0.1:4011/v1).
 */

export interface FakeFact {
  content: string;
  kind: string;
  confidence: number;
  importance: number;
  temporal: "past" | "present" | "future" | "timeless";
  speaker: string | null;
  quote: string;
}

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
  /** A provider limit of `requests` chat requests per sliding `windowMs`; the rest are answered 429. */
  rateLimit?: FakeRateLimit;
  /** Every chat answer waits this long (default 0). */
  latencyMs?: number;
}

export interface FakeRateLimit {
  requests: number;
  windowMs: number;
  /**
   * What the 429 says to wait: "seconds" (default) Retry-After in whole seconds until a slot frees, "ms"
   * retry-after-ms, "none" no header; a number is a fixed Retry-After in seconds (e.g. 120, past what the SDK
   * honours).
   */
  retryAfter?: "seconds" | "ms" | "none" | number;
}

export interface FakeOpenAI {
  /** Base URL for the provider, ending in /v1. */
  url: string;
  requests: FakeRequest[];
  embeddingRequests: FakeEmbeddingRequest[];
  /** Chat requests refused with 429 by `rateLimit` (not in `requests`); `admitted` holds when each was let in. */
  rateLimited: number;
  admitted: number[];
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

/** What the judge of lib/models/matcher-models.ts is asked by: its system prompt's first words. */
export const isJudgeRequest = (request: FakeRequest) => request.system.startsWith("Compare two statements");

/** Texts already refused once by [[RATE_LIMITED n]], by this process. */
const rateLimitedOnce = new Set<string>();

export function defaultReply(request: FakeRequest): FakeReply {
  if (isJudgeRequest(request)) {
    return { content: JSON.stringify({ verdict: "related", reason: "The same subject, said differently." }) };
  }
  const limited = /\[\[RATE_LIMITED (\d+)\]\]/.exec(request.user);
  if (limited && !rateLimitedOnce.has(request.user)) {
    rateLimitedOnce.add(request.user);
    return { status: 429, headers: { "retry-after": limited[1]! } };
  }
  const fail = /\[\[FAIL (\d{3})\]\]/.exec(request.user);
  // Asks for a 1 ms wait: without a Retry-After the AI SDK backs off 2 s, then 4 s, before each retry.
  if (fail) return { status: Number(fail[1]), headers: { "retry-after-ms": "1" } };
  if (request.user.includes("[[HANG]]")) return { hang: true };
  if (request.user.includes("[[MALFORMED]]")) return { content: '{"facts": [{"content": "unterminated' };
  if (request.user.includes("[[OFF_TAXONOMY]]")) return { facts: offTaxonomyFacts(request.user) };
  if (request.user.includes("[[TRUNCATED]]")) return { truncated: true };
  const packaged = packagedReply(request);
  if (packaged) return packaged;
  if (request.user.includes("[[RUNAWAY]]")) {
    const [first] = factsFromText(request.user, kindIds(request));
    return {
      facts: Array.from({ length: 300 }, (_, i) => ({ ...first, content: `Runaway fact ${i}.`, importance: i / 300 })),
    };
  }
  return { facts: factsFromText(request.user, kindIds(request)) };
}

/**
 * What a model that ignores json_schema strictness returns for a sentence with "decided" / "will" / "must": the
 * kind in another spelling or outside the taxonomy, the confidence as a word or a percentage; plus one item
 * with no content, which cannot be read at all.
 */
export function offTaxonomyFacts(text: string): unknown[] {
  const spelled: [string, string | number][] = [
    ["Decision", "high"],
    ["action-item", "85%"],
    ["risk", "medium"],
  ];
  const base = factsFromText(text, ["decision", "action_item", "constraint"]);
  return [
    ...base.map((f, i) => {
      const [kind, confidence] = spelled[i % spelled.length]!;
      return { ...f, kind, confidence };
    }),
    { kind: "decision", confidence: 0.9, importance: 0.5, temporal: "past", speaker: null, quote: "x" },
  ];
}

/** The default facts in one of the packagings a model sends, or a cut-off reply; undefined for none. */
function packagedReply(request: FakeRequest): FakeReply | undefined {
  const user = request.user;
  const facts = factsFromText(user, kindIds(request));
  const json = JSON.stringify({ facts });
  if (user.includes("[[CUTOFF]]") && facts.length > 1) return { cutoff: json.slice(0, Math.floor(json.length / 2)) };
  if (user.includes("[[PROSE_FENCE]]"))
    return { content: `Sure! Here are the facts:\n\n\`\`\`json\n${json}\n\`\`\`\nHope this helps.` };
  if (user.includes("[[PROSE]]")) return { content: `Here are the facts I found: ${json}` };
  if (user.includes("[[TRAILING_COMMA]]"))
    return { content: json.replace(/\}\]\}$/, "},]}").replace(/"quote":/, '"quote" :') };
  if (user.includes("[[BARE_ARRAY]]")) return { content: JSON.stringify(facts) };
  if (user.includes("[[SINGLE_OBJECT]]")) return { content: JSON.stringify(facts[0]) };
  return undefined;
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
  const admitted: number[] = [];
  let rateLimited = 0;
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
    if (req.method === "POST" && path === "/v1/messages") {
      return handleAnthropicMessages(req, res, { apiKey: options.apiKey, requests, respond, cached });
    }
    if (req.method !== "POST" || (path !== "/v1/chat/completions" && path !== "/v1/embeddings"))
      return sendError(res, 404, "not found");
    if (options.apiKey && req.headers.authorization !== `Bearer ${options.apiKey}`) {
      return sendError(res, 401, "Incorrect API key provided", "invalid_api_key");
    }
    if (path === "/v1/embeddings") return handleEmbeddings(req, res);
    const body = JSON.parse(await readBody(req)) as ChatBody;
    const limit = options.rateLimit;
    if (limit) {
      const now = Date.now();
      const inWindow = admitted.filter((t) => t > now - limit.windowMs);
      if (inWindow.length >= limit.requests) {
        rateLimited++;
        const freeInMs = inWindow[0]! + limit.windowMs - now;
        const headers: Record<string, string> =
          typeof limit.retryAfter === "number"
            ? { "retry-after": String(limit.retryAfter) }
            : limit.retryAfter === "ms"
              ? { "retry-after-ms": String(freeInMs) }
              : limit.retryAfter === "none"
                ? {}
                : { "retry-after": String(Math.max(1, Math.ceil(freeInMs / 1000))) };
        return sendError(res, 429, "Rate limit reached for requests", "rate_limit_exceeded", headers);
      }
      admitted.push(now);
    }
    const request: FakeRequest = {
      body,
      system: messageText(body, "system"),
      user: sourceText(messageText(body, "user")),
      userMessage: messageText(body, "user"),
      authorization: req.headers.authorization,
    };
    requests.push(request);
    let reply = await respond(request, requests.length);
    if (options.latencyMs) await new Promise((resolve) => setTimeout(resolve, options.latencyMs));
    while ("after" in reply) {
      const { after, reply: next } = reply;
      await new Promise((resolve) => setTimeout(resolve, after));
      reply = next;
    }
    if (res.destroyed) return; // the client gave up waiting

    if ("hang" in reply) return; // the client's timeout (or close()) ends the socket
    if ("truncated" in reply) {
      const whole = JSON.stringify({ id: "chatcmpl-fake", object: "chat.completion", choices: [] });
      res.writeHead(200, { "content-type": "application/json", "content-length": String(whole.length * 2) });
      res.write(whole.slice(0, Math.floor(whole.length / 2)));
      res.destroy();
      return;
    }
    if ("status" in reply)
      return sendError(res, reply.status, reply.message ?? `simulated ${reply.status}`, undefined, reply.headers);
    const content =
      "content" in reply ? reply.content : "cutoff" in reply ? reply.cutoff : JSON.stringify({ facts: reply.facts });
    const finishReason = "cutoff" in reply ? "length" : "stop";
    const usage = {
      prompt_tokens: Math.ceil((request.system.length + request.userMessage.length) / 4),
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
      event(chunk({}, finishReason));
      if (body.stream_options?.include_usage)
        event({ ...base, object: "chat.completion.chunk", choices: [], usage: full });
      res.end("data: [DONE]\n\n");
      return;
    }
    sendJson(res, 200, {
      ...base,
      object: "chat.completion",
      choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: finishReason }],
      usage: full,
    });
  }

  // Anthropic's prompt cache: the system blocks marked cache_control seen so far, by their text.
  const cached = new Set<string>();

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
    get rateLimited() {
      return rateLimited;
    },
    admitted,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
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
