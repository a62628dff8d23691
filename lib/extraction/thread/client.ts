import { log } from "@/lib/log";
/**
 * The offline extractor on its own thread, so a long run leaves the server's thread to the pages: an
 * Extractor whose chunks go to one persistent worker thread (./entry.ts), started on first use and
 * shared by every run of the process. The main thread only grounds, reviews and saves what comes back.
 * A thread that dies (a crash, out of memory) fails the chunks it was working on with `fatal` set, which
 * ends the run (the chain's extract stage, lib/chain/extract.ts); the next request starts a new thread. The
 * server is not affected.
 */
import path from "node:path";
import { Worker } from "node:worker_threads";
import { AppError, ERROR_CODES, type ErrorCode } from "@/lib/errors";
import { createOfflineExtractor, OFFLINE_PROMPT_VERSION } from "@/lib/extraction/offline";
import type { Chunk, ChunkResult, ExtractionInput, Extractor } from "@/lib/extraction/types";
import type { FromThread, ThreadError, ToThread } from "@/lib/extraction/thread/protocol";
import { threadEntryUrl, type ThreadEntry } from "@/lib/runtime/thread-entry";

/** Where `npm run build` writes the thread's bundle (scripts/build-threads.mjs). */
export const BUNDLED_ENTRY = path.join(".next", "sift", "extraction-thread.mjs");
const SOURCE_ENTRY = path.join("lib", "extraction", "thread", "entry.ts");
/** The thread's heap: past it the thread alone stops (ERR_WORKER_OUT_OF_MEMORY), never the server. */
const THREAD_HEAP_MB = 1536;
/** A 5 MB transcript's 70k segments cloned in one message held this thread ~0.5 s: they go in slices. */
const SEGMENTS_PER_MESSAGE = 5_000;

interface Pending {
  resolve: (result: ChunkResult) => void;
  reject: (error: unknown) => void;
}

interface Thread {
  worker: Worker;
  pending: Map<number, Pending>;
  /** Inputs sent to this thread (or being sent), by id. */
  opened: Map<number, Promise<void>>;
  /** Set once the thread has died: what it was sent is lost. */
  died?: Error;
}

// On globalThis: Next bundles the routes apart from instrumentation.ts, and both start runs; one thread
// per entry (the app has one; tests start others).
const shared = globalThis as typeof globalThis & {
  __siftExtractionThreads?: Map<string, Thread>;
  __siftExtractionIds?: { request: number; input: number };
};
const threads = (shared.__siftExtractionThreads ??= new Map());
const ids = (shared.__siftExtractionIds ??= { request: 0, input: 0 });
const inputIds = new WeakMap<ExtractionInput, number>();
// A run's input is dropped from the thread once the run is done with it (and the thread keeps only a few).
const released = new FinalizationRegistry<number>((inputId) => {
  for (const thread of threads.values()) {
    if (thread.opened.delete(inputId)) thread.worker.postMessage({ type: "close", inputId } satisfies ToThread);
  }
});

/** The offline extractor, run on the extraction thread. Without any way to start it, on this thread. */
export function createThreadedOfflineExtractor(entry: ThreadEntry = {}): Extractor {
  const url = threadEntryUrl({ ...entry, bundled: BUNDLED_ENTRY, source: SOURCE_ENTRY });
  if (!url) {
    log.warn("no extraction thread entry (run `npm run build`): the offline extractor runs in-process");
    return createOfflineExtractor();
  }
  return {
    name: "offline",
    modelId: null,
    promptVersion: OFFLINE_PROMPT_VERSION,
    async extractChunk(input: ExtractionInput, chunk: Chunk): Promise<ChunkResult> {
      input.signal?.throwIfAborted();
      try {
        return await request(url, input, chunk);
      } catch (error) {
        // The thread dropped the input (it keeps a few): send it again, once.
        if (!isUnknownInput(error)) throw error;
        inputIds.delete(input);
        return request(url, input, chunk);
      }
    },
  };
}

/** Stops the extraction threads (tests; a server simply exits). The next chunk starts a new one. */
export async function stopExtractionThreads(): Promise<void> {
  const stopping = [...threads.values()];
  threads.clear();
  await Promise.all(stopping.map((thread) => thread.worker.terminate()));
}

async function request(url: URL, input: ExtractionInput, chunk: Chunk): Promise<ChunkResult> {
  const thread = threadFor(url);
  let inputId = inputIds.get(input);
  if (inputId === undefined) {
    inputId = ++ids.input;
    inputIds.set(input, inputId);
    released.register(input, inputId);
  }
  let opening = thread.opened.get(inputId);
  if (!opening) {
    opening = sendInput(thread, inputId, input);
    thread.opened.set(inputId, opening);
  }
  await opening;
  if (thread.died) throw thread.died;
  const requestId = ++ids.request;
  return new Promise<ChunkResult>((resolve, reject) => {
    thread.pending.set(requestId, { resolve, reject });
    thread.worker.ref();
    thread.worker.postMessage({ type: "chunk", requestId, inputId, chunk } satisfies ToThread);
  });
}

/** The input without its segments, then the segments in slices, a turn of the event loop between two. */
async function sendInput(thread: Thread, inputId: number, input: ExtractionInput): Promise<void> {
  const { signal: _signal, segments, ...rest } = input;
  thread.worker.postMessage({ type: "open", inputId, input: { ...rest, segments: [] } } satisfies ToThread);
  for (let at = 0; at < segments.length; at += SEGMENTS_PER_MESSAGE) {
    await new Promise((resolve) => setImmediate(resolve));
    const slice = segments.slice(at, at + SEGMENTS_PER_MESSAGE);
    thread.worker.postMessage({ type: "segments", inputId, segments: slice } satisfies ToThread);
  }
}

function threadFor(url: URL): Thread {
  const current = threads.get(url.href);
  if (current) return current;
  const worker = new Worker(url, { resourceLimits: { maxOldGenerationSizeMb: THREAD_HEAP_MB } });
  const thread: Thread = { worker, pending: new Map(), opened: new Map() };
  threads.set(url.href, thread);
  worker.unref();
  worker.on("message", (message: FromThread) => {
    const waiting = thread.pending.get(message.requestId);
    if (!waiting) return;
    thread.pending.delete(message.requestId);
    if (thread.pending.size === 0) worker.unref();
    if (message.type === "result") waiting.resolve(message.result);
    else waiting.reject(fromThreadError(message.error));
  });
  const die = (why: string) => {
    if (threads.get(url.href) === thread) threads.delete(url.href);
    const error = new AppError(
      "INTERNAL",
      `The extraction thread stopped unexpectedly (${why}). What was extracted so far is kept; Retry to run the rest.`,
    );
    thread.died ??= Object.assign(error, { fatal: true });
    for (const waiting of thread.pending.values()) waiting.reject(thread.died);
    thread.pending.clear();
  };
  worker.on("error", (error) => {
    log.error({ err: error }, "the extraction thread failed");
    die(error.message);
  });
  worker.on("exit", (code) => die(`exit code ${code}`));
  return thread;
}

function fromThreadError(error: ThreadError): Error {
  if (error.unknownInput) return Object.assign(new Error(error.message), { unknownInput: true });
  const code = ERROR_CODES.find((c) => c === error.appCode) as ErrorCode | undefined;
  return code ? new AppError(code, error.message) : new Error(error.message);
}

function isUnknownInput(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { unknownInput?: unknown }).unknownInput === true;
}
