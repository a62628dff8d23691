import "server-only";
import {
  WebStandardStreamableHTTPServerTransport as HttpTransport,
  type WebStandardStreamableHTTPServerTransportOptions as HttpTransportOptions,
} from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { toActionResult } from "@/lib/action";
import { apiError } from "@/lib/api/route";
import { authenticate, bearerOf } from "@/lib/auth/access";
import { getDb } from "@/lib/db/client";
import { getEnv } from "@/lib/env";
import { AppError } from "@/lib/errors";
import type { RunInBackground } from "@/lib/jobs/start-extraction";
import { createSiftMcpServer } from "@/lib/mcp/server";
import { resolveSpace } from "@/lib/spaces/resolve";
import { actorKey, addressKey, enforceRateLimit, enforceSpaceRateLimit } from "@/lib/security/limits";

/**
 * MCP's Streamable HTTP transport for a route handler, stateless: each request gets its own server and
 * transport (no session to keep between requests or server instances), answered as JSON. The caller (a
 * session or a bearer token) is identified first, 401 otherwise; each tool checks what it needs.
 */
export async function handleMcpRequest(request: Request, runInBackground: RunInBackground): Promise<Response> {
  const checked = await toActionResult(async () => {
    // The transport reads the whole body: refuse what the API would refuse before it does.
    const limit = getEnv().SIFT_MAX_UPLOAD_BYTES + 64 * 1024;
    if (Number(request.headers.get("content-length") ?? 0) > limit) {
      throw new AppError("TOO_LARGE", `The request is larger than Sift accepts (${limit.toLocaleString("en")} bytes).`);
    }
    const db = await getDb();
    const env = getEnv();
    await enforceRateLimit({ db, keys: [addressKey(request.headers)] });
    const actor = await authenticate({ db, env, headers: request.headers });
    if (!actor) {
      const why = bearerOf(request.headers) !== null ? "This token is unknown or revoked." : "Send a token.";
      throw new AppError("UNAUTHORIZED", why);
    }
    await enforceRateLimit({ db, keys: [actorKey(actor)] });
    // The endpoint's `?space=`, else the token's only space, else the default: every tool works in it.
    const space = await resolveSpace({ db, actor, slug: new URL(request.url).searchParams.get("space") });
    await enforceSpaceRateLimit({ db, space });
    return { db, env, actor, space };
  });
  if (!checked.ok) return apiError(checked);
  const server = createSiftMcpServer({ ...checked.data, runInBackground });
  const stateless: HttpTransportOptions = { sessionIdGenerator: undefined, enableJsonResponse: true };
  const transport = new HttpTransport(stateless);
  await server.connect(transport);
  return transport.handleRequest(request);
}
