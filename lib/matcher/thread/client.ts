/**
 * The matcher's lexical stage on its own thread, so a run's matching leaves the server's thread to the pages: a
 * PairScorer whose requests go to one persistent worker thread (./entry.ts), started on first use and shared by
 * every run of the process. A profile of a 5 MB run on `next start` had a fifth of the server thread's time in
 * lib/matcher. Scoring is a pure function of the texts, so a thread that dies (a crash, out of memory) costs
 * nothing but time: what it had been sent is scored on this thread instead, and the next request starts a new
 * thread. Without any way to start one (no bundle, no tsx), everything is scored on this thread.
 */
import path from "node:path";
import { Worker } from "node:worker_threads";
import { log } from "@/lib/log";
import { threadEntryUrl, type ThreadEntry } from "@/lib/runtime/thread-entry";
import { scorePairs, type PairScorer, type ScoreRequest } from "../match-candidate";
import type { PairResult } from "../matcher";
import type { FromMatcherThread, ToMatcherThread } from "./protocol";

/** Where `npm run build` writes the thread's bundle (scripts/build-threads.mjs). */
const BUNDLED_ENTRY = path.join(".next", "sift", "matcher-thread.mjs");
const SOURCE_ENTRY = path.join("lib", "matcher", "thread", "entry.ts");
/** WordNet, the word vectors and the analyses' cache: past this the thread alone stops, never the server. */
const THREAD_HEAP_MB = 1024;

interface Pending {
  requests: ScoreRequest[];
  resolve: (results: PairResult[][]) => void;
  reject: (error: unknown) => void;
}

interface Thread {
  worker: Worker;
  pending: Map<number, Pending>;
}

// On globalThis: Next bundles the routes apart from instrumentation.ts, and both may start runs.
const shared = globalThis as typeof globalThis & {
  __siftMatcherThreads?: Map<string, Thread>;
  __siftMatcherIds?: { request: number };
};
const threads = (shared.__siftMatcherThreads ??= new Map());
const ids = (shared.__siftMatcherIds ??= { request: 0 });

/** The matcher's lexical stage, run on the matcher thread (or here, when no thread can be started). */
export function createThreadedPairScorer(entry: ThreadEntry = {}): PairScorer {
  const url = threadEntryUrl({ ...entry, bundled: BUNDLED_ENTRY, source: SOURCE_ENTRY });
  if (!url) {
    log.warn("no matcher thread entry (run `npm run build`): the matcher runs in-process");
    return async (requests) => requests.map(scorePairs);
  }
  // Started now, when a run starts: it loads WordNet and the vectors while the first chunks are extracted.
  threadFor(url);
  return (requests) => score(threadFor(url), requests);
}

/** Stops the matcher threads (tests; a server simply exits). The next request starts a new one. */
export async function stopMatcherThreads(): Promise<void> {
  const stopping = [...threads.values()];
  threads.clear();
  await Promise.all(stopping.map((thread) => thread.worker.terminate()));
}

function score(thread: Thread, requests: ScoreRequest[]): Promise<PairResult[][]> {
  const requestId = ++ids.request;
  return new Promise<PairResult[][]>((resolve, reject) => {
    thread.pending.set(requestId, { requests, resolve, reject });
    thread.worker.ref();
    thread.worker.postMessage({ type: "score", requestId, requests } satisfies ToMatcherThread);
  });
}

function threadFor(url: URL): Thread {
  const current = threads.get(url.href);
  if (current) return current;
  const worker = new Worker(url, { resourceLimits: { maxOldGenerationSizeMb: THREAD_HEAP_MB } });
  const thread: Thread = { worker, pending: new Map() };
  threads.set(url.href, thread);
  worker.unref();
  worker.on("message", (message: FromMatcherThread) => {
    const waiting = thread.pending.get(message.requestId);
    if (!waiting) return;
    thread.pending.delete(message.requestId);
    if (thread.pending.size === 0) worker.unref();
    if (message.type === "result") waiting.resolve(message.results);
    else waiting.reject(new Error(message.message));
  });
  let died = false;
  const die = (why: string) => {
    if (died) return;
    died = true;
    if (threads.get(url.href) === thread) threads.delete(url.href);
    if (thread.pending.size > 0) {
      log.error({ why, batches: thread.pending.size }, "the matcher thread stopped; scoring its requests here");
    }
    // The same pure function on this thread: the run goes on, only slower while it lasts.
    for (const waiting of thread.pending.values()) {
      try {
        waiting.resolve(waiting.requests.map(scorePairs));
      } catch (error) {
        waiting.reject(error);
      }
    }
    thread.pending.clear();
  };
  worker.on("error", (error) => {
    log.error({ err: error }, "the matcher thread failed");
    die(error.message);
  });
  worker.on("exit", (code) => die(`exit code ${code}`));
  return thread;
}
