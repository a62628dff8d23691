// A stand-in for the matcher thread's entry that dies on its first request, as a thread out of memory or hit by
// a native fault would (tests/integration/matcher-thread.test.ts).
import { parentPort } from "node:worker_threads";

parentPort.on("message", () => process.exit(9));
