import type { Segment } from "@/lib/sources/schema";
import type { ExtractedFact } from "@/lib/extraction/schema";

/** A kind in the taxonomy: slug plus the one-line definition used in prompts and shown in the UI. */
export interface KindDefinition {
  id: string;
  label: string;
  definition: string;
}

export interface ExtractionInput {
  /**
   * The whole stored source text; segment offsets and candidate spans point into it. The chain hands extractors
   * the source's readable view instead (lib/chain/view.ts, lib/sources/view.ts) and maps their spans back.
   */
  text: string;
  segments: Segment[];
  /** The source's format (`Source.format`); subtitles and chats are read through their view. Default "text". */
  format?: string;
  kinds: KindDefinition[];
  contextHints?: string;
  maxFacts?: number;
  /**
   * Already-approved facts: the LLM prompt lists up to N so the model does not extract them again; the offline
   * extractor proposes a repeat all the same, and the matcher calls it their duplicate.
   */
  knownFacts?: string[];
  /**
   * Candidates this fact base's reviewers decided, newest first: the LLM prompt shows the few most like each chunk,
   * so the model proposes what this team approves and not what it rejects (with the reason).
   */
  examples?: ReviewedExample[];
  /** ISO date (yyyy-mm-dd) of the meeting, to resolve "next Friday" and the like. */
  sourceDate?: string;
  signal?: AbortSignal;
}

/** A reviewer's decision on an earlier candidate, as the LLM prompt shows it. */
export interface ReviewedExample {
  content: string;
  kind: string;
  outcome: "approved" | "rejected";
  /** Why it was rejected, when the reviewer said. */
  reason: string | null;
}

/**
 * A model's tokens (lib/extraction/usage.ts adds them up). `inputTokens` is every prompt token, cached ones
 * included; `cacheReadTokens` / `cacheWriteTokens` are the part the provider reported as read from / written to
 * its prompt cache (priced apart, lib/models/cost.ts). `estimated`: some of these tokens were counted by us for a
 * request the provider bills but never reported on (a timeout, a broken body; docs/configuration.md).
 */
export interface TokenUsage {
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens?: number;
  cacheWriteTokens?: number;
  /** Tokens sent to the embedding model (priced at SIFT_EMBEDDING_PRICE_PER_MTOK). */
  embeddingTokens?: number;
  estimated?: boolean;
}

/** One piece of the input handled by one extractor call (one model request for the LLM). */
export interface Chunk {
  index: number;
  /** Offsets of this chunk in ExtractionInput.text */
  start: number;
  end: number;
  segments: Segment[];
}

export interface ChunkResult {
  facts: ExtractedFact[];
  /** Where each fact's quote is in ExtractionInput.text, when the extractor knows (offline does). */
  spans?: { start: number; end: number }[];
  usage?: TokenUsage;
  /** Requests made for this chunk, retries included (the LLM extractor sets it). */
  attempts?: number;
  /** Items of the reply not kept, one reason each ("kind 'risk' is not in the taxonomy"), shown on the run. */
  refused?: string[];
  /** Candidates found but ranked under the extractor's floor, so not proposed: counted and shown on the run. */
  belowFloor?: { count: number; floor: number };
  /** Closing-summary items joined to the earlier candidates they repeat, counted: shown on the run. */
  joined?: number;
  /** The provider's rate limit met on the way: 429s waited out and the time spent waiting (the LLM sets it). */
  rateLimit?: RateLimitMet;
}

export interface RateLimitMet {
  hits: number;
  waitedMs: number;
}

/**
 * An extractor turns a chunk of source into facts. It never touches the database: the chain (lib/chain)
 * grounds its output into candidates and the caller decides what to persist.
 */
export interface Extractor {
  /** "offline" | "llm" */
  readonly name: string;
  /** Model id for provenance (null for offline). */
  readonly modelId: string | null;
  readonly promptVersion: string | null;
  extractChunk(input: ExtractionInput, chunk: Chunk): Promise<ChunkResult>;
}
