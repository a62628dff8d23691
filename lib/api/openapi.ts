import { z } from "zod";
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from "zod-openapi";
import { operations, type Operation } from "@/lib/api/operations";
import { ApiErrorSchema, IfMatchSchema } from "@/lib/api/schemas";
import type { ErrorCode } from "@/lib/errors";
import { HTTP_STATUS_OF } from "@/lib/api/status";
import { SpaceSlugSchema } from "@/lib/spaces/schema";

// Every operation takes the space it works in (lib/api/route.ts resolves it before the handler).
const SpaceQuerySchema = z.object({
  space: SpaceSlugSchema.optional().meta({
    description:
      "The space to work in (its slug). Without it: the token's space when it reaches one, else `default`. " +
      "A space out of reach, and an id of another space, answer 404.",
  }),
});

/**
 * Sift's OpenAPI 3.1 document, generated from the operations' zod schemas (lib/api/operations.ts): the
 * same schemas the route wrapper parses requests with. Served at GET /api/openapi.json.
 */
export function openApiDocument() {
  const paths: ZodOpenApiPathsObject = {};
  for (const operation of Object.values(operations) as Operation[]) {
    paths[operation.path] = { ...paths[operation.path], [operation.method]: operationObject(operation) };
  }
  return createDocument({
    openapi: "3.1.0",
    info: {
      title: "Sift",
      version: "1",
      description:
        "Sift's fact base and review queue. Errors are JSON { code, message, fieldErrors? }. Lists are paged " +
        "by an opaque cursor (nextCursor). Facts are edited against their version (If-Match). Agents send " +
        "`Authorization: Bearer <token>` (an admin makes tokens on /admin, scoped read, propose, review); each " +
        "operation says the scope it needs (x-sift-scope).",
    },
    components: {
      securitySchemes: { agentToken: { type: "http", scheme: "bearer", description: "An agent token (sift_…)" } },
    },
    security: [{ agentToken: [] }],
    paths,
  });
}

const EtagHeader = z.object({
  ETag: z.string().meta({ description: 'The version, quoted ("3"): send it back as If-Match to edit' }),
});

const RetryAfterHeader = z.object({
  "Retry-After": z.string().meta({ description: "Seconds to wait before trying again" }),
});

function operationObject(operation: Operation): ZodOpenApiOperationObject {
  // Any operation may be refused by access or the rate limit; one with a body, for its size or shape.
  const always: ErrorCode[] = ["UNAUTHORIZED", "FORBIDDEN", "NOT_FOUND", "RATE_LIMITED", "INTERNAL"];
  const bodied: ErrorCode[] = operation.json || operation.multipart ? ["VALIDATION", "TOO_LARGE"] : [];
  const codes = [...new Set<ErrorCode>([...operation.errors, ...bodied, ...always])];
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) byStatus.set(HTTP_STATUS_OF[code], [...(byStatus.get(HTTP_STATUS_OF[code]) ?? []), code]);
  const body: Record<string, { schema: NonNullable<Operation["json"]> }> = {};
  if (operation.json) body["application/json"] = { schema: operation.json };
  if (operation.multipart) body["multipart/form-data"] = { schema: operation.multipart };
  return {
    operationId: operation.operationId,
    summary: operation.summary,
    "x-sift-scope": operation.need,
    requestParams: {
      ...(operation.params ? { path: operation.params } : {}),
      query: operation.query ? z.object({ ...SpaceQuerySchema.shape, ...operation.query.shape }) : SpaceQuerySchema,
      ...(operation.ifMatch ? { header: IfMatchSchema } : {}),
    },
    ...(Object.keys(body).length ? { requestBody: { required: true, content: body } } : {}),
    responses: {
      [operation.status]: {
        description: "OK",
        ...(operation.etag ? { headers: EtagHeader } : {}),
        content: { "application/json": { schema: operation.response } },
      },
      ...Object.fromEntries(
        [...byStatus].map(([status, errorCodes]) => [
          status,
          {
            description: errorCodes.join(", "),
            ...(errorCodes.includes("RATE_LIMITED") ? { headers: RetryAfterHeader } : {}),
            content: { "application/json": { schema: ApiErrorSchema } },
          },
        ]),
      ),
    },
  };
}
