import type { ScoreRequest } from "../match-candidate";
import type { PairResult } from "../matcher";

/** Messages to the matcher thread: one candidate's lexical stage each. */
export type ToMatcherThread = { type: "score"; requestId: number; request: ScoreRequest };

export type FromMatcherThread =
  { type: "result"; requestId: number; results: PairResult[] } | { type: "error"; requestId: number; message: string };
