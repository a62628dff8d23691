import { visit } from "jsonc-parser";
import { AppError } from "@/lib/errors";
import type { Turn } from "@/lib/sources/build";
import { appendReading, replaceIn, verbatim, type Reading } from "@/lib/sources/reading";

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

/** String, OpenAI content parts `[{type:"text", text}]`, or ChatGPT's `{parts: [...]}`: the string literals. */
function textOf(v: Json | undefined, at: Literal | undefined, depth = 0): Literal[] | null {
  if (typeof v === "string") return at ? [at] : null;
  if (depth > 3) return null;
  if (Array.isArray(v)) {
    const parts = v.flatMap((p, i) => textOf(p, literalOf(v, i), depth + 1) ?? []);
    return parts.length > 0 ? parts : null;
  }
  if (isObject(v)) {
    const key = ["text", "parts", "content"].find((k) => v[k] !== undefined && v[k] !== null);
    return key === undefined ? null : textOf(v[key], literalOf(v, key), depth + 1);
  }
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
function slackText(text: string, reading: Reading, names: Map<string, string>): Reading {
  const rules: [RegExp, (m: RegExpExecArray) => string][] = [
    [/<@([A-Z0-9]+)(?:\|([^>]+))?>/g, (m) => `@${m[2] ?? names.get(m[1]!) ?? m[1]}`],
    [/<#[A-Z0-9]+\|([^>]+)>/g, (m) => `#${m[1]}`],
    [/<!(here|channel|everyone)(?:\|[^>]*)?>/g, (m) => `@${m[1]}`],
    [/<((?:https?|mailto):[^|>]+)\|([^>]+)>/g, (m) => `${m[2]} (${m[1]})`],
    [/<((?:https?|mailto):[^>]+)>/g, (m) => m[1]!],
    [/&lt;/g, () => "<"],
    [/&gt;/g, () => ">"],
    [/&amp;/g, () => "&"],
  ];
  return rules.reduce((out, [re, by]) => replaceIn(text, out, re, by), reading);
}

const ESCAPE = /\\(?:u[0-9a-fA-F]{4}|["\\/bfnrt])/g;
const SIMPLE_ESCAPES: Record<string, string> = { b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" };

/**
 * A message's string literals as one reading: each literal's content with its escapes read as their
 * characters, the JSON between two parts as a line break.
 */
function readLiterals(text: string, literals: Literal[]): Reading {
  const out: Reading = [];
  for (const { offset, length } of literals) {
    const content = verbatim(offset + 1, offset + length - 1);
    const read = replaceIn(text, content, ESCAPE, (m) => {
      const e = m[0].slice(1);
      return e.startsWith("u") ? String.fromCharCode(parseInt(e.slice(1), 16)) : (SIMPLE_ESCAPES[e] ?? e);
    });
    appendReading(out, read, "\n");
  }
  return out;
}

/** Where a string value is in the text: its literal, quotes included. */
interface Literal {
  offset: number;
  length: number;
  value: string;
}
/** For each object and array of the parsed value, where its string members are. */
const literals = new WeakMap<object, Map<string | number, Literal>>();

function literalOf(container: object, key: string | number): Literal | undefined {
  return literals.get(container)?.get(key);
}

interface Open {
  value: Json[] | JsonObject;
  key: string;
  strings: Map<string | number, Literal> | null;
}

/**
 * JSON (already known valid) parsed as JSON.parse would, noting where each string value is: one pass of
 * jsonc-parser's scanner, no syntax tree.
 */
function parseLocated(text: string): unknown {
  const open: Open[] = [];
  let root: unknown = null;
  const put = (value: Json, offset: number, length: number) => {
    const top = open.at(-1);
    if (!top) {
      root = value;
      return;
    }
    const key = Array.isArray(top.value) ? top.value.length : top.key;
    if (Array.isArray(top.value)) top.value.push(value);
    // As JSON.parse does: "__proto__" is a member like any other, and the last of two equal names wins.
    else Object.defineProperty(top.value, key, { value, enumerable: true, writable: true, configurable: true });
    if (typeof value === "string") (top.strings ??= new Map()).set(key, { offset, length, value });
    else top.strings?.delete(key);
  };
  const close = () => {
    const done = open.pop();
    if (done?.strings) literals.set(done.value, done.strings);
  };
  visit(
    text,
    {
      onObjectBegin: (offset, length) => {
        const value: JsonObject = {};
        put(value, offset, length);
        open.push({ value, key: "", strings: null });
      },
      onObjectProperty: (name) => {
        open.at(-1)!.key = name;
      },
      onObjectEnd: close,
      onArrayBegin: (offset, length) => {
        const value: Json[] = [];
        put(value, offset, length);
        open.push({ value, key: "", strings: null });
      },
      onArrayEnd: close,
      onLiteralValue: (value: Json, offset, length) => put(value, offset, length),
    },
    { disallowComments: true, allowTrailingComma: false },
  );
  return root;
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

/**
 * Slack exports and generic chat JSON (valid JSON: the caller has checked) → turns, one per message, in
 * file order, each pointing at its string literal in `text`.
 */
export function parseJsonChat(text: string): { format: "slack-json" | "chat-json"; turns: Turn[] } {
  const items = unwrap(parseLocated(text));
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
    const key = TEXT_KEYS.find((k) => textOf(m[k], literalOf(m, k)) !== null);
    const said = key === undefined ? null : textOf(m[key], literalOf(m, key));
    if (!said || said.every((l) => l.value.trim() === "")) continue;
    const reading = readLiterals(text, said);
    const userId = str(m.user);
    const speaker = slack
      ? (slackName(m) ?? (userId ? (names.get(userId) ?? userId) : null))
      : first(m, SPEAKER_KEYS, nameOf);
    turns.push({
      speaker,
      startMs: first(m, TIME_KEYS, timeOf),
      endMs: null,
      reading: slack ? slackText(text, reading, names) : reading,
    });
  }
  if (turns.length === 0) {
    throw new AppError("UNSUPPORTED_FILE", `This JSON has no chat messages with text. ${SHAPE_HELP}`);
  }
  return { format: slack ? "slack-json" : "chat-json", turns };
}
