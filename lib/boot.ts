import "server-only";
import { getDb } from "@/lib/db/client";
import { getEnv } from "@/lib/env";
import { AppError, isAppError } from "@/lib/errors";

/**
 * What the server checks before serving (instrumentation.ts): the environment, then the database —
 * opened, migrated, seeded and its interrupted runs recovered by getDb(), whose connection the requests
 * then reuse. Without this, a bad value or a data directory held by another process was only found by
 * the first request: the server said "Ready" and answered every page with a 500.
 */
export async function checkAtBoot(): Promise<void> {
  const env = getEnv();
  try {
    await getDb();
  } catch (error) {
    if (isAppError(error)) throw error;
    // Not the URL itself: it may carry a password.
    const where = env.DATABASE_URL ? "the PostgreSQL server in DATABASE_URL" : "the embedded database";
    throw new AppError("CONFIG", `Could not open ${where}: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
}

/** The lines printed when the server cannot start: the reason first, plainly; a stack only for surprises. */
export function describeBootFailure(error: unknown): string {
  const reason = error instanceof Error ? error.message : String(error);
  const lines = [`Sift cannot start. ${reason}`];
  const unexpected = isAppError(error) ? error.cause : error;
  if (unexpected instanceof Error && unexpected.stack) lines.push("", unexpected.stack);
  return lines.join("\n");
}

/**
 * Next.js 16 only logs an error thrown by register() and keeps serving, every request failing with a
 * 500 (seen with `next start`); a server that cannot work must stop, with a non-zero exit code.
 */
export async function checkAtBootOrExit(): Promise<void> {
  try {
    await checkAtBoot();
  } catch (error) {
    console.error(describeBootFailure(error));
    process.exit(1);
  }
}
