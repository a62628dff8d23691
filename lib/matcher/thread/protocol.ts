import type { ScoreRequest } from "../match-candidate";
import type { PairResult } from "../matcher";

/** Messages to the matcher thread: a batch's lexical stages, one request per candidate. */
export type ToMatcherThread = { type: "score"; requestId: number; requests: ScoreRequest[] };

export type FromMatcherThread =
  | { type: "result"; requestId: number; results: PairResult[][] }
  | { type: "error"; requestId: number; message: string };
