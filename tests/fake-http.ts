import type { IncomingMessage, ServerResponse } from "node:http";

/** What the fake server's routes share (fake-openai-server.ts, fake-anthropic.ts): requests, replies and I/O. */

export interface FakeRequest {
  body: ChatBody;
  system: string;
  /** The conversation the model is asked about (the extraction request's <source_text>; else the whole). */
  user: string;
  /** Every user message as sent, joined. */
  userMessage: string;
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

export type FakeReply =
  | { facts: unknown[] }
  | { content: string } // raw assistant text, e.g. malformed JSON
  | { status: number; message?: string; headers?: Record<string, string> }
  | { hang: true }
  | { cutoff: string } // the text of a reply stopped at its token limit
  | { truncated: true }
  | { after: number; reply: FakeReply }; // the reply, sent `after` ms late

/**
 * What a model reads as the conversation: the inside of the extraction request's <source_text id="…"> tag
 * (the date, hints and known facts around it are not the conversation); other requests (the judge) whole.
 */
export function sourceText(user: string): string {
  const tagged = /<source_text id="([0-9a-f]+)">\n([\s\S]*?)\n<\/source_text id="\1">/.exec(user);
  return tagged ? tagged[2]! : user;
}

export function messageText(body: ChatBody, role: string): string {
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

export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    req.on("data", (part: Buffer) => parts.push(part));
    req.on("end", () => resolve(Buffer.concat(parts).toString("utf8")));
    req.on("error", reject);
  });
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}
