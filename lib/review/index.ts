// Public surface of the matcher: pure functions, no database. The lead's DB retrieval calls these.
export { normalizeText, contentHash } from "./normalize";
export { analyze, buildIdf, type Analysis, type IdfTable } from "./lexical";
export { findDifferences, type Difference, type DifferenceKind } from "./guards";
export {
  scorePair,
  scoreAnalyses,
  VERDICTS,
  STAGES,
  type PairResult,
  type ScoreContext,
  type Stage,
  type Verdict,
} from "./matcher";
export {
  matchCandidate,
  type Embedder,
  type Judge,
  type Match,
  type MatchInput,
  type MatchResult,
} from "./match-candidate";
export { cosineSimilarity } from "./vectors";
export { ThresholdsSchema, DEFAULT_THRESHOLDS, type Thresholds, type ThresholdsInput } from "./thresholds";
export {
  GatePolicySchema,
  decideGate,
  type GatePolicy,
  type GateDecision,
  type GateInput,
  type GateStatus,
} from "./gating";
