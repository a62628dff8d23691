import { toNextJsHandler } from "better-auth/next-js";
import { toActionResult } from "@/lib/action";
import { apiError } from "@/lib/api/route";
import { getAuth } from "@/lib/auth/better-auth";
import { getDb } from "@/lib/db/client";
import { getEnv } from "@/lib/env";
import { addressKey, enforceRateLimit } from "@/lib/security/limits";
import { assertSignInAllowed, clearSignInFailures, recordSignInFailure } from "@/lib/security/sign-in";

export const dynamic = "force-dynamic";

/**
 * Better Auth's endpoints (sign-in, sign-out, session) in the accounts mode; nothing in the local mode. Every
 * call counts against its address's rate limit; a password sign-in also against its account's failures
 * (lib/security/sign-in.ts: a growing delay, then a lockout an admin can lift).
 */
async function handle(request: Request): Promise<Response> {
  if (getEnv().SIFT_AUTH !== "accounts") {
    return apiError({ code: "NOT_FOUND", message: "Sign-in is off: Sift runs in the local mode (SIFT_AUTH=local)." });
  }
  const path = new URL(request.url).pathname;
  // A display name is what history shows beside each decision: nobody renames themselves (into "Admin0"); an
  // admin names people when adding them, and names are unique (lib/auth/better-auth.ts createAccount).
  if (/\/(?:update-user|change-email)$/.test(path)) {
    return apiError({ code: "FORBIDDEN", message: "Names and emails are set by an admin on the Admin page." });
  }
  const db = await getDb();
  const { POST, GET } = toNextJsHandler(getAuth(db));
  if (request.method === "GET") return GET(request);
  const signIn = /\/sign-in\/email$/.test(path) ? await emailOf(request) : null;
  const checked = await toActionResult(async () => {
    await enforceRateLimit({ db, keys: [addressKey(request.headers)] });
    if (signIn) await assertSignInAllowed({ db, email: signIn });
  });
  if (!checked.ok) return apiError(checked);
  const response = await POST(request);
  if (signIn && response.status === 401) {
    const delay = await recordSignInFailure({ db, email: signIn });
    await new Promise((resolve) => setTimeout(resolve, delay));
  } else if (signIn && response.ok) {
    await clearSignInFailures({ db, email: signIn });
  }
  return response;
}

/** The email a sign-in names (read from a copy of the body; Better Auth reads the request itself). */
async function emailOf(request: Request): Promise<string | null> {
  try {
    const body: unknown = await request.clone().json();
    const email = body && typeof body === "object" && "email" in body ? body.email : null;
    return typeof email === "string" && email.trim() ? email : null;
  } catch {
    return null;
  }
}

export { handle as GET, handle as POST };
