import "server-only";
import { log } from "@/lib/log";
import { getDb } from "@/lib/db/client";
import { getEnv } from "@/lib/env";
import { AppError, isAppError } from "@/lib/errors";

/**
 * What the server checks before serving (instrumentation.ts): the environment, then the database —
 * opened, migrated, seeded and its orphaned runs queued again by getDb(), whose connection the requests
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
    // A message for the person starting the server, not a log line: plain text on stderr.
    process.stderr.write(`${describeBootFailure(error)}\n`);
    process.exit(1);
  }
}

/**
 * What the server runs at start (instrumentation.ts). The environment is checked at once: a bad value
 * stops the server before it listens. The database is opened, migrated and recovered in the background,
 * so Next.js listens and loads its pages meanwhile, and the first request only waits for what is still
 * opening (getDb() hands every caller the one opening); a database that cannot be opened still stops the
 * server with the reason. Once it is open, the run worker starts (it resumes runs a crash left behind)
 * and the NLP models are loaded, so the first extraction and the first review do not pay for them.
 */
export function bootInBackground(): void {
  try {
    getEnv();
  } catch (error) {
    // A message for the person starting the server, not a log line: plain text on stderr.
    process.stderr.write(`${describeBootFailure(error)}\n`);
    process.exit(1);
  }
  void checkAtBootOrExit()
    .then(startRunWorkerUntilShutdown)
    .then(() => setTimeout(() => void warmModels(), 0));
}

/**
 * The run worker lives as long as the server: on SIGTERM or SIGINT it hands its runs back to the queue,
 * so another instance (or the next start) resumes them without waiting for their heartbeat to go stale.
 */
async function startRunWorkerUntilShutdown(): Promise<void> {
  try {
    // Imported here: the extraction modules are not needed before the server listens.
    const { startRunWorker } = await import("@/lib/jobs/run-worker");
    const worker = startRunWorker({ db: await getDb(), env: getEnv() });
    const stop = () =>
      void worker.stop().catch((error: unknown) => log.error({ err: error }, "stopping the run worker failed"));
    process.once("SIGTERM", stop);
    process.once("SIGINT", stop);
  } catch (error) {
    // Queued runs then wait for a restart; every other page still works.
    log.error({ err: error }, "the extraction run worker could not start");
  }
}

/** Loads the offline extractor's (on its thread) and the matcher's models (~1 s of CPU) by using each once. */
export async function warmModels(): Promise<void> {
  try {
    const [{ createThreadedOfflineExtractor }, { loadWordVectors, scorePair, loadSentenceEncoder }] = await Promise.all(
      [import("@/lib/extraction/thread/client"), import("@/lib/matcher")],
    );
    // The offline extractor's model loads on the extraction thread, where runs use it, not on this one.
    const text = "Priya: We decided to ship offline mode on Friday.";
    const chunk = { index: 0, start: 0, end: text.length, segments: [] };
    const kinds = [{ id: "decision", label: "Decision", definition: "What was decided" }];
    await createThreadedOfflineExtractor().extractChunk({ text, segments: [], kinds }, chunk);
    loadWordVectors();
    scorePair("The team ships offline mode on Friday.", "The team will ship offline mode by Monday.");
    // The sentence encoder, when SIFT_SENTENCE_ENCODER=on (~0.5 s, ~150 MB), last: reviews run lexical only
    // until it has loaded.
    const encoder = await loadSentenceEncoder();
    await encoder?.(["The team ships offline mode on Friday."]);
  } catch (error) {
    // Not fatal: the first extraction loads them, and reports a failure where it happens.
    log.error({ err: error }, "loading the NLP models at start failed");
  }
}
