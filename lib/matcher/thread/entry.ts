/**
 * The matcher thread (a worker_threads worker, started by ./client.ts): runs the matcher's lexical stage for the
 * candidates of a run, so analysing and comparing their texts (WordNet, word vectors, the guards) never holds
 * the server's thread. It loads the word vectors and WordNet at start and keeps them, with its own cache of
 * analyses. Pure: it gets texts and answers with verdicts; it never touches the database.
 */
import { parentPort } from "node:worker_threads";
import { scorePairs } from "../match-candidate";
import { loadWordNet } from "../wordnet";
import { loadWordVectors } from "../wordvectors";
import type { FromMatcherThread, ToMatcherThread } from "./protocol";

const port = parentPort;
if (!port) throw new Error("lib/matcher/thread/entry.ts runs as a worker thread only");
// Loaded before the first candidate arrives: the client starts the thread when a run starts matching.
loadWordVectors();
loadWordNet();

port.on("message", ({ requestId, requests }: ToMatcherThread) => {
  let reply: FromMatcherThread;
  try {
    reply = { type: "result", requestId, results: requests.map(scorePairs) };
  } catch (error) {
    reply = { type: "error", requestId, message: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(reply);
});
