import { AppError } from "@/lib/errors";
import type { Turn } from "@/lib/sources/build";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const SPEAKER_KEYS = ["speaker", "author", "name", "role", "user_name", "username", "user", "sender", "from"];
const TEXT_KEYS = ["text", "content", "message", "body", "msg"];
const TIME_KEYS = ["timestamp", "time", "ts", "date", "created_at", "createdAt", "create_time"];
const NAME_KEYS = ["real_name", "display_name", "name", "username", "id"];
/** Slack events that are not something anybody said. */
const SLACK_NOISE = new Set([
  "channel_join",
  "channel_leave",
  "channel_topic",
  "channel_purpose",
  "channel_name",
  "bot_add",
  "pinned_item",
]);

const SHAPE_HELP =
  "Accepted JSON: a Slack export (an array of messages with user and text), an array of " +
  "{speaker|author|name|role, text|content|message} objects, or {messages: [...]}.";

function isObject(v: unknown): v is JsonObject {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function str(v: Json | undefined): string | null {
  return typeof v === "string" && v.trim() !== "" ? v : null;
}

/** Authors can be a string or an object (`{ name }`, Discord's `{ username }`). */
function nameOf(v: Json | undefined): string | null {
  if (isObject(v)) {
    for (const k of NAME_KEYS) {
      const s = str(v[k]);
      if (s) return s;
    }
    return null;
  }
  return str(v);
}

/** String, OpenAI content parts `[{type:"text", text}]`, or ChatGPT's `{parts: [...]}`. */
function textOf(v: Json | undefined, depth = 0): string | null {
  if (typeof v === "string") return v;
  if (depth > 3) return null;
  if (Array.isArray(v)) {
    const parts = v.map((p) => textOf(p, depth + 1)).filter((p): p is string => p !== null);
    return parts.length > 0 ? parts.join("\n") : null;
  }
  if (isObject(v)) return textOf(v.text ?? v.parts ?? v.content, depth + 1);
  return null;
}

/** ISO dates and epoch seconds/ms become epoch ms; "01:02:03" becomes an offset. */
function timeOf(v: Json | undefined): number | null {
  if (typeof v === "number" && Number.isFinite(v) && v >= 0) return v >= 1e11 ? v : v * 1000;
  if (typeof v !== "string" || v.trim() === "") return null;
  const epoch = /^(\d+)(?:\.(\d+))?$/.exec(v.trim());
  if (epoch) {
    // Slack's "1709800300.000500": the digits after the point are a sequence number, not time.
    const [, whole = "0", frac = ""] = epoch;
    const n = Number(whole);
    return n >= 1e11 ? n : n * 1000 + Number(frac.slice(0, 3).padEnd(3, "0"));
  }
  const clock = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(v.trim());
  if (clock) {
    const [, a, b, c] = clock;
    return c === undefined
      ? (Number(a) * 60 + Number(b)) * 1000
      : ((Number(a) * 60 + Number(b)) * 60 + Number(c)) * 1000;
  }
  const parsed = Date.parse(v);
  return Number.isNaN(parsed) || parsed < 0 ? null : parsed;
}

function first<T>(o: JsonObject, keys: string[], pick: (v: Json | undefined) => T | null): T | null {
  for (const k of keys) {
    const v = pick(o[k]);
    if (v !== null) return v;
  }
  return null;
}

/** Slack's mrkdwn: `<@U123>`, `<#C1|general>`, `<https://x|label>`, `<!here>`, and escaped `& < >`. */
function slackText(text: string, names: Map<string, string>): string {
  return text
    .replace(/<@([A-Z0-9]+)(?:\|([^>]+))?>/g, (_, id: string, label?: string) => `@${label ?? names.get(id) ?? id}`)
    .replace(/<#[A-Z0-9]+\|([^>]+)>/g, "#$1")
    .replace(/<!(here|channel|everyone)(?:\|[^>]*)?>/g, "@$1")
    .replace(/<((?:https?|mailto):[^|>]+)\|([^>]+)>/g, "$2 ($1)")
    .replace(/<((?:https?|mailto):[^>]+)>/g, "$1")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

function slackName(m: JsonObject): string | null {
  const profile = m.user_profile;
  const bot = m.bot_profile;
  return (
    (isObject(profile) ? (str(profile.real_name) ?? str(profile.display_name)) : null) ??
    str(m.user_name) ??
    str(m.username) ??
    (isObject(bot) ? str(bot.name) : null)
  );
}

function unwrap(value: unknown): JsonObject[] {
  let items: unknown = value;
  if (isObject(value)) items = value.messages ?? value.conversation ?? value.chat;
  if (!Array.isArray(items)) {
    throw new AppError("UNSUPPORTED_FILE", `This JSON is not a chat or transcript. ${SHAPE_HELP}`);
  }
  return items.filter(isObject);
}

function isSlack(items: JsonObject[]): boolean {
  return items.some(
    (m) => (typeof m.ts === "string" && /^\d+(\.\d+)?$/.test(m.ts)) || (m.type === "message" && "user" in m),
  );
}

/** Slack exports and generic chat JSON → turns, one per message, in file order. */
export function parseJsonChat(value: unknown): { format: "slack-json" | "chat-json"; turns: Turn[] } {
  const items = unwrap(value);
  const slack = isSlack(items);
  const names = new Map<string, string>();
  if (slack) {
    for (const m of items) {
      const id = str(m.user);
      const name = slackName(m);
      if (id && name && !names.has(id)) names.set(id, name);
    }
  }
  const turns: Turn[] = [];
  for (const m of items) {
    if (slack && typeof m.subtype === "string" && SLACK_NOISE.has(m.subtype)) continue;
    const raw = first(m, TEXT_KEYS, (v) => textOf(v));
    if (raw === null || raw.trim() === "") continue;
    const userId = str(m.user);
    const speaker = slack
      ? (slackName(m) ?? (userId ? (names.get(userId) ?? userId) : null))
      : first(m, SPEAKER_KEYS, nameOf);
    turns.push({
      speaker,
      startMs: first(m, TIME_KEYS, timeOf),
      endMs: null,
      text: slack ? slackText(raw, names) : raw,
    });
  }
  if (turns.length === 0) {
    throw new AppError("UNSUPPORTED_FILE", `This JSON has no chat messages with text. ${SHAPE_HELP}`);
  }
  return { format: slack ? "slack-json" : "chat-json", turns };
}
