import "server-only";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import type { Permission, Viewer } from "@/lib/accounts/schema";
import { authenticate, authorize, actorAllows, type Actor } from "@/lib/auth/access";
import { getDb } from "@/lib/db/client";
import { getEnv } from "@/lib/env";

/**
 * The request's side of lib/auth/access.ts for pages and server actions (lib stays free of Next.js):
 * the headers of this request, the process's database and environment. Every action calls requireRole,
 * every page requirePage; API routes and MCP pass their request's headers to `authorize` themselves.
 */
export async function requireRole(need: Permission): Promise<Actor> {
  return authorize({ db: await getDb(), env: getEnv(), headers: await headers(), need });
}

/** For a page: the viewer, or a redirect to the sign-in page (nobody) or /forbidden (a role too small). */
export async function requirePage(need: Permission): Promise<Viewer> {
  const viewer = await currentViewer();
  if (!viewer) redirect("/login");
  if (!viewer.allows.includes(need)) redirect(`/forbidden?need=${need}`);
  return viewer;
}

/** Who is signed in (null when nobody is), with what they may do, for the nav and pages. */
export async function currentViewer(): Promise<Viewer | null> {
  const env = getEnv();
  const actor = await authenticate({ db: await getDb(), env, headers: await headers() });
  // A browser never carries a token; a page asked for with one is not a person's.
  if (!actor || actor.kind !== "person") return null;
  const allows = (["read", "propose", "review", "admin"] as const).filter((p) => actorAllows(actor, p));
  return { name: actor.name, role: actor.role, accounts: actor.accounts, allows };
}
