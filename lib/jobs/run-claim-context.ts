import "server-only";
import { randomUUID } from "node:crypto";
import os from "node:os";

// On globalThis: the server bundles instrumentation.ts (which starts the worker) apart from the routes
// (which start runs), so this module may exist twice in one process; both copies must be one worker.
const globalForWorker = globalThis as typeof globalThis & {
  __siftWorkerId?: string;
  __siftRunsInFlight?: Set<string>;
};

/** This process's name as a run's claimer: host and pid for people reading the table, a nonce for pid reuse. */
export function processWorkerId(): string {
  globalForWorker.__siftWorkerId ??= `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  return globalForWorker.__siftWorkerId;
}

/** Runs this process is executing now, however they were started (the worker loop or an ingest). */
export function runsInFlight(): Set<string> {
  globalForWorker.__siftRunsInFlight ??= new Set();
  return globalForWorker.__siftRunsInFlight;
}
