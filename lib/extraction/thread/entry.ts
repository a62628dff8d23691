/**
 * The extraction thread (a worker_threads worker, started by ./client.ts): runs the offline extractor on
 * the chunks it is sent, so its CPU work (wink-nlp, cleaning, rewriting) never holds the server's thread.
 * It loads the NLP model on its first chunk and keeps it. It never touches the database: it gets text and
 * answers with facts and spans.
 */
import { parentPort } from "node:worker_threads";
import { isAppError } from "@/lib/errors";
import { createOfflineExtractor } from "@/lib/extraction/offline";
import type { ExtractionInput } from "@/lib/extraction/types";
import type { FromThread, ThreadError, ToThread } from "@/lib/extraction/thread/protocol";

/** Inputs kept at once: the runs in flight (two from the queue, ingests besides); older ones are sent again. */
const KEEP_INPUTS = 4;

const port = parentPort;
if (!port) throw new Error("lib/extraction/thread/entry.ts runs as a worker thread only");
const extractor = createOfflineExtractor();
const inputs = new Map<number, ExtractionInput>();

port.on("message", (message: ToThread) => {
  if (message.type === "open") {
    inputs.set(message.inputId, message.input);
    for (const id of inputs.keys()) if (inputs.size > KEEP_INPUTS) inputs.delete(id);
  } else if (message.type === "segments") {
    inputs.get(message.inputId)?.segments.push(...message.segments);
  } else if (message.type === "close") {
    inputs.delete(message.inputId);
  } else {
    void answer(message.requestId, message.inputId, message.chunk);
  }
});

async function answer(requestId: number, inputId: number, chunk: Extract<ToThread, { type: "chunk" }>["chunk"]) {
  const input = inputs.get(inputId);
  let reply: FromThread;
  if (!input) {
    reply = { type: "error", requestId, error: { message: "unknown input", unknownInput: true } };
  } else {
    try {
      reply = { type: "result", requestId, result: await extractor.extractChunk(input, chunk) };
    } catch (error) {
      reply = { type: "error", requestId, error: toThreadError(error) };
    }
  }
  port!.postMessage(reply);
}

function toThreadError(error: unknown): ThreadError {
  if (isAppError(error)) return { message: error.message, appCode: error.code };
  return { message: error instanceof Error ? error.message : String(error) };
}
