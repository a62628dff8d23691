/**
 * Runs once when the server starts (`next start`, `next dev`): stops it, with a message that names the
 * problem, when the environment is invalid (before it listens) or the database cannot be opened (as soon
 * as that is known); the database and the NLP models load in the background (lib/boot.ts).
 */
export async function register() {
  // The database lives in the Node.js server; the edge runtime has neither it nor the Node APIs.
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // Next.js 16 already skips register() while building (it sets NEXT_PHASE before starting the build
  // workers); checked here too because build workers must never open the database.
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  // Before the first request: each one carries its socket's address, signed (the rate limit's client address).
  const { installPeerAddressHook } = await import("@/lib/security/peer");
  installPeerAddressHook();
  const { bootInBackground } = await import("@/lib/boot");
  bootInBackground();
}
