/**
 * Runs once when the server starts (`next start`, `next dev`): stops it at once, with a message that
 * names the problem, when the environment is invalid or the database cannot be opened.
 */
export async function register() {
  // The database lives in the Node.js server; the edge runtime has neither it nor the Node APIs.
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // Next.js 16 already skips register() while building (it sets NEXT_PHASE before starting the build
  // workers); checked here too because build workers must never open the database.
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  const { checkAtBootOrExit } = await import("@/lib/boot");
  await checkAtBootOrExit();
}
