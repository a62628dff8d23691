import { JSONParseError, NoObjectGeneratedError, type ModelMessage } from "ai";
import { jsonrepair } from "jsonrepair";

/**
 * Common packaging of a JSON reply, unwrapped before the schema reads it: prose before or after the JSON, a
 * ``` fence, trailing commas, single quotes and the like (jsonrepair), a bare list of facts or one fact alone
 * (wrapped as `{"facts": [...]}`). A reply whose brackets never close is left as it is: that is a reply cut
 * off, and closing it would pass off part of an answer as the whole one; it fails to parse and is asked again.
 */
export function repairFactsJson(text: string): string {
  const json = outermostJson(text);
  if (json === undefined || !balanced(json)) return text;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    try {
      value = JSON.parse(jsonrepair(json));
    } catch {
      return text;
    }
  }
  return JSON.stringify(wrapFacts(value));
}

function wrapFacts(value: unknown): unknown {
  if (Array.isArray(value)) return { facts: value };
  if (typeof value === "object" && value !== null && !("facts" in value) && "content" in value) {
    return { facts: [value] };
  }
  return value;
}

/** From the first `{` or `[` to the last `}` or `]`: what is around it is prose or a fence. */
function outermostJson(text: string): string | undefined {
  const start = text.search(/[{[]/);
  if (start < 0) return undefined;
  const end = Math.max(text.lastIndexOf("}"), text.lastIndexOf("]"));
  return end > start ? text.slice(start, end + 1) : text.slice(start);
}

/** Whether every bracket opened outside a string is closed: false for a reply cut off mid-way. */
function balanced(json: string): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < json.length; i++) {
    const c = json[i];
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === "{" || c === "[") depth++;
    else if (c === "}" || c === "]") depth--;
  }
  return depth === 0 && !inString;
}

/** The bad reply as the assistant's turn, then what was wrong with it: the model's second try sees its first. */
export function reaskMessages(error: unknown): ModelMessage[] {
  const reply = NoObjectGeneratedError.isInstance(error) ? (error.text ?? "") : "";
  const why =
    NoObjectGeneratedError.isInstance(error) && JSONParseError.isInstance(error.cause)
      ? parseErrorDetail(error.cause)
      : "the reply was empty or not JSON";
  return [
    { role: "assistant", content: reply.slice(0, 4_000) || "(no reply)" },
    {
      role: "user",
      content:
        `That reply could not be parsed as JSON (${why}). ` +
        'Reply again with only the JSON object {"facts": [...]}, nothing before or after it.',
    },
  ];
}

function parseErrorDetail(error: JSONParseError): string {
  const cause = error.cause;
  return cause instanceof Error ? cause.message.slice(0, 200) : "invalid JSON";
}
