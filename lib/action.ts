import "server-only";
import { log } from "@/lib/log";
import { z } from "zod";
import { AppError, isAppError, type ActionResult } from "@/lib/errors";
import { maskSecrets, maskSecretsDeep } from "@/lib/secrets/mask";

/**
 * Runs the body of a server action or API handler and turns the outcome into an ActionResult.
 * AppErrors become readable failures; anything else is logged with its internals and shown only as
 * a generic message, so database or model details never reach the browser. A message that quotes a fact or a
 * candidate (a conflict names the text that is there now) quotes it through the secret mask.
 */
export async function toActionResult<T>(body: () => Promise<T>): Promise<ActionResult<T>> {
  try {
    return { ok: true, data: await body() };
  } catch (error) {
    if (isAppError(error)) {
      return {
        ok: false,
        code: error.code,
        message: maskSecrets(error.message),
        ...(error.fieldErrors ? { fieldErrors: maskSecretsDeep(error.fieldErrors) } : {}),
        ...(error.retryAfterSeconds !== undefined ? { retryAfterSeconds: error.retryAfterSeconds } : {}),
      };
    }
    log.error({ err: error }, "unexpected error in an action");
    return {
      ok: false,
      code: "INTERNAL",
      message: "Something went wrong on the server. Nothing was changed; try again.",
    };
  }
}

// Half of a surrogate pair with no other half: no UTF-8 can encode it.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Strings PostgreSQL can store, in plain objects and arrays too: NUL dropped and a lone surrogate made
 * U+FFFD (its text refuses both, and the query fails); no person means either. Files, dates and other
 * objects are left as they are.
 */
function withoutNul(value: unknown, key?: string): unknown {
  // A source's text of nothing but NULs stays as it is, for the check that says so (lib/sources/decode.ts);
  // any other field of only NULs becomes empty, and its schema says whether empty will do.
  if (key === "text" && typeof value === "string" && /^[\u0000\s]+$/.test(value) && value.includes("\u0000"))
    return value;
  if (typeof value === "string") return value.replace(/\u0000/g, "").replace(LONE_SURROGATE, "\uFFFD");
  if (Array.isArray(value)) return value.map((v) => withoutNul(v));
  if (value !== null && typeof value === "object") {
    const proto: unknown = Object.getPrototypeOf(value);
    if (proto !== Object.prototype && proto !== null) return value;
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutNul(v, k)]));
  }
  return value;
}

/** Parses input with a zod schema, throwing a VALIDATION AppError with per-field messages. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(withoutNul(input));
  if (result.success) return result.data;
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join(".") || "_";
    (fieldErrors[key] ??= []).push(issue.message);
  }
  const first = result.error.issues[0];
  throw new AppError("VALIDATION", first ? first.message : "Invalid input", { fieldErrors });
}
