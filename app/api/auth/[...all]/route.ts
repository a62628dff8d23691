import { toNextJsHandler } from "better-auth/next-js";
import { apiError } from "@/lib/api/route";
import { getAuth } from "@/lib/auth/better-auth";
import { getDb } from "@/lib/db/client";
import { getEnv } from "@/lib/env";

export const dynamic = "force-dynamic";

/** Better Auth's endpoints (sign-in, sign-out, session) in the accounts mode; nothing in the local mode. */
async function handle(request: Request): Promise<Response> {
  if (getEnv().SIFT_AUTH !== "accounts") {
    return apiError({ code: "NOT_FOUND", message: "Sign-in is off: Sift runs in the local mode (SIFT_AUTH=local)." });
  }
  // A display name is what history shows beside each decision: nobody renames themselves (into "Admin0"); an
  // admin names people when adding them, and names are unique (lib/auth/better-auth.ts createAccount).
  if (/\/(?:update-user|change-email)$/.test(new URL(request.url).pathname)) {
    return apiError({ code: "FORBIDDEN", message: "Names and emails are set by an admin on the Admin page." });
  }
  const { POST, GET } = toNextJsHandler(getAuth(await getDb()));
  return request.method === "GET" ? GET(request) : POST(request);
}

export { handle as GET, handle as POST };
