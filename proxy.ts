import { NextResponse, type NextRequest } from "next/server";
import { securityHeaders } from "@/lib/security/headers";
import { isAllowedHost, parseAllowedHosts } from "@/lib/security/hosts";

// lib/env.ts validated SIFT_ALLOWED_HOSTS at start-up (a bad value stops the server); read it plainly here.
const allowed = (() => {
  try {
    return parseAllowedHosts(process.env.SIFT_ALLOWED_HOSTS);
  } catch {
    return [];
  }
})();

/**
 * In front of every page, action and route: refuses a Host that is not this server's (DNS rebinding),
 * and sets the security headers with a fresh nonce, which Next.js puts on its own scripts.
 */
export function proxy(request: NextRequest) {
  const host = request.headers.get("host");
  if (!isAllowedHost(host, allowed)) {
    return new NextResponse(
      `Sift does not answer to the host "${host ?? ""}". Add it to SIFT_ALLOWED_HOSTS if this is its address.\n`,
      { status: 421, headers: { "Content-Type": "text/plain; charset=utf-8" } },
    );
  }
  if (isCrossSiteWrite(request, host as string)) {
    return new NextResponse("Cross-site request refused: this change must come from Sift's own pages.\n", {
      status: 403,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const nonce = Buffer.from(crypto.randomUUID()).toString("base64");
  const headers = securityHeaders(nonce, { development: process.env.NODE_ENV === "development" });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("Content-Security-Policy", headers["Content-Security-Policy"] as string);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

/**
 * A write (server action, form post, API call) that a browser sent from another site's page: its Origin
 * names another host. Next.js would refuse a server action too, but with a 500; this says what happened,
 * and covers the API routes. Requests without Origin (scripts, agents, curl) are not a browser's.
 */
function isCrossSiteWrite(request: NextRequest, host: string): boolean {
  if (request.method === "GET" || request.method === "HEAD" || request.method === "OPTIONS") return false;
  const origin = request.headers.get("origin");
  if (!origin) return false;
  try {
    return new URL(origin).host.toLowerCase() !== host.toLowerCase();
  } catch {
    return true; // "null" (a sandboxed or file: page) or garbage
  }
}

export const config = {
  // Static files carry no data and are the same for everyone.
  matcher: ["/((?!_next/static|_next/image|favicon.ico).*)"],
};
