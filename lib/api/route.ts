import "server-only";
import type { z } from "zod";
import type { Operation } from "@/lib/api/operations";
import { IfMatchSchema, type ApiError } from "@/lib/api/schemas";
import { parseInput, toActionResult } from "@/lib/action";
import { authorize, type Actor } from "@/lib/auth/access";
import { getDb } from "@/lib/db/client";
import type { Db } from "@/lib/db/types";
import { isInSpace } from "@/lib/db/spaces";
import { getEnv } from "@/lib/env";
import { resolveSpace } from "@/lib/spaces/resolve";
import type { SpaceRef } from "@/lib/spaces/schema";
import { AppError } from "@/lib/errors";
import { HTTP_STATUS_OF } from "@/lib/api/status";
import { actorKey, addressKey, enforceRateLimit, enforceSpaceRateLimit } from "@/lib/security/limits";

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a handler gets: the request's parts parsed by the operation's schemas, the reviewer and the database. */
export interface ApiInput<O extends Operation> {
  params: Out<O["params"]>;
  query: Out<O["query"]>;
  /** The JSON body, or a multipart body's fields (the file as a File). */
  body: Out<O["json"]>;
  /** The version If-Match named, when the operation requires it. */
  version: number;
  /** Who calls: a person or an agent token (attributed to the admin who made it). */
  reviewer: Actor;
  /** The space the request works in (`?space=`; lib/spaces/resolve.ts): nothing of another is read or written. */
  space: SpaceRef;
  db: Db;
  request: Request;
}

type Context = { params?: Promise<Record<string, string | string[] | undefined>> };

/**
 * A Next.js route handler for one operation: parse path, query, If-Match and body with the operation's
 * zod schemas, check the caller and the operation's `need` (lib/auth/access.ts: session or token), run the handler
 * (one domain function) and answer JSON: the result with the operation's status, or `{ code, message,
 * fieldErrors? }` with the status of its code. Bad ids are 404, malformed bodies 400, never a 500;
 * anything unexpected is logged and answered as INTERNAL without details.
 */
export function apiRoute<O extends Operation>(
  operation: O,
  handler: (input: ApiInput<O>) => Promise<z.output<O["response"]>>,
) {
  return async (request: Request, context?: Context): Promise<Response> => {
    const result = await toActionResult(async () => {
      // The caller first: a stranger learns nothing from validation messages.
      const db = await getDb();
      // The address first: anonymous and bad-token calls are limited too.
      await enforceRateLimit({ db, keys: [addressKey(request.headers)] });
      const reviewer = await authorize({
        db,
        env: getEnv(),
        headers: request.headers,
        need: operation.need,
        inSpace: true,
      });
      await enforceRateLimit({ db, keys: [actorKey(reviewer)] });
      const params = operation.params ? parsePath(operation.params, (await context?.params) ?? {}) : undefined;
      const url = new URL(request.url);
      // The space, and the caller's role in it (a person's membership, or the token's scopes).
      const space = await resolveSpace({
        db,
        actor: reviewer,
        slug: url.searchParams.get("space"),
        need: operation.need,
      });
      await enforceSpaceRateLimit({ db, space });
      // Another space's object is answered as one that does not exist: 404, never 403.
      const id = (params as { id?: string } | undefined)?.id;
      if (operation.owner && id && !(await isInSpace({ db, spaceId: space.id, kind: operation.owner, id }))) {
        throw new AppError("NOT_FOUND", "Nothing here has that id.");
      }
      const query = operation.query
        ? parseInput(operation.query, Object.fromEntries(url.searchParams.entries()))
        : undefined;
      const version = operation.ifMatch ? readIfMatch(request) : 0;
      const body = operation.json || operation.multipart ? await readBody(operation, request) : undefined;
      const input = { params, query, body, version, reviewer, space, db, request } as ApiInput<O>;
      return handler(input);
    });
    if (!result.ok) return apiError(result);
    const response = json(result.data, operation.status);
    const version = (result.data as { version?: unknown }).version;
    if (operation.etag && typeof version === "number") response.headers.set("ETag", `"${version}"`);
    return response;
  };
}

/** An error as the API answers it (RATE_LIMITED with Retry-After). */
export function apiError(error: ApiError & { retryAfterSeconds?: number }): Response {
  const body: ApiError = { code: error.code, message: error.message };
  if (error.fieldErrors) body.fieldErrors = error.fieldErrors;
  const response = json(body, HTTP_STATUS_OF[error.code]);
  if (error.retryAfterSeconds !== undefined) response.headers.set("Retry-After", String(error.retryAfterSeconds));
  return response;
}

function json(data: unknown, status: number): Response {
  return Response.json(data, { status, headers: { "Cache-Control": "no-store" } });
}

/** A path that names nothing we could have (a malformed id) is not found, like an id that does not exist. */
function parsePath(schema: z.ZodType, raw: Record<string, unknown>) {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new AppError("NOT_FOUND", "Nothing here has that id.");
  return parsed.data;
}

function readIfMatch(request: Request): number {
  const header = request.headers.get("if-match");
  if (header === null) {
    throw new AppError(
      "PRECONDITION_REQUIRED",
      "Say which version you edit: send If-Match with the fact's version (GET it first).",
    );
  }
  const { "if-match": value } = parseInput(IfMatchSchema, { "if-match": header.trim() });
  return Number(value.replace(/\D/g, ""));
}

async function readBody(operation: Operation, request: Request): Promise<unknown> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase();
  // JSON escapes a newline or a quote as two bytes: the body may hold twice the text. The text itself is
  // measured where it is read (lib/sources/input.ts), so the limit counts the paste, not its encoding.
  const limit = (type === "application/json" ? 2 : 1) * getEnv().SIFT_MAX_UPLOAD_BYTES + 64 * 1024;
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > limit) {
    throw new AppError("TOO_LARGE", `The request is larger than Sift accepts (${limit.toLocaleString("en")} bytes).`);
  }
  if (type === "application/json" && operation.json) {
    const text = await request.text();
    if (Buffer.byteLength(text, "utf8") > limit) {
      throw new AppError("TOO_LARGE", `The request is larger than Sift accepts (${limit.toLocaleString("en")} bytes).`);
    }
    let value: unknown;
    try {
      value = text.trim() === "" ? {} : JSON.parse(text);
    } catch {
      throw new AppError("VALIDATION", "The body is not valid JSON.");
    }
    return parseInput(operation.json, value);
  }
  if (type === "multipart/form-data" && operation.multipart) {
    let form: FormData;
    try {
      form = await request.formData();
    } catch {
      throw new AppError("VALIDATION", "The multipart body could not be read.");
    }
    const fields: Record<string, FormDataEntryValue> = {};
    for (const [key, value] of form.entries()) fields[key] ??= value;
    // The schema checks the fields and that a file is there (by its name); the handler checks the file itself
    // (its size before reading it, its format by parsing it).
    const { file, ...rest } = fields;
    const parsed = parseInput(operation.multipart, { ...rest, file: file instanceof File ? file.name : undefined });
    return { ...(parsed as object), file };
  }
  const accepted = [operation.json && "application/json", operation.multipart && "multipart/form-data"].filter(Boolean);
  throw new AppError("VALIDATION", `Send the body as ${accepted.join(" or ")}.`, {
    fieldErrors: { "content-type": [`Expected ${accepted.join(" or ")}, got ${type || "none"}`] },
  });
}
