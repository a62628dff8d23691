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
  /** Already-approved facts the extractor should not extract again (the LLM prompt lists up to N). */
  knownFacts?: string[];
  /** ISO date (yyyy-mm-dd) of the meeting, to resolve "next Friday" and the like. */
  sourceDate?: string;
  signal?: AbortSignal;
}

export interface TokenUsage {
  inputTokens: number;
  outputTokens: number;
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
  /** Facts dropped from the reply (unknown kind, malformed item), for the run log. */
  warnings?: string[];
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
