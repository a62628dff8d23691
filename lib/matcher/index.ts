// The matcher's public surface: pure functions, no database. Code outside lib/matcher imports from here,
// except modules a client component can reach (lib/settings/schema.ts), which import the schema files.
export { normalizeText, contentHash } from "@/lib/text/normalize";
export { analyze, buildIdf } from "./lexical";
export { scorePair, scoreAnalyses } from "./matcher";
export { loadSentenceEncoder, sentenceEncoderIfLoaded, type SentenceEncoder } from "./sentence-encoder";
export {
  byPriority,
  matchCandidate,
  scoreCandidates,
  MATCH_LIMIT,
  type Embedder,
  type Judge,
  type MatchInput,
  type PairScorer,
} from "./match-candidate";
export { MatchesSchema, type Match, type MatchResult, type Stage, type Verdict } from "./schema";
export { cosineSimilarity } from "./vectors";
export { loadWordVectors } from "./wordvectors";
export { loadWordNet } from "./wordnet";
export { ThresholdsSchema, DEFAULT_THRESHOLDS, type ThresholdsInput } from "./thresholds";
export { decideGate, exactDuplicateOfFact, type GateDecision, type GatePolicyInput, type GateStatus } from "./gating";
