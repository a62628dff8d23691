// A stand-in for the extraction thread's entry that dies on its first chunk, as a thread out of memory or hit
// by a native fault would (tests/integration/extraction-thread.test.ts).
import { parentPort } from "node:worker_threads";

parentPort.on("message", (message) => {
  if (message.type === "chunk") process.exit(7);
});
