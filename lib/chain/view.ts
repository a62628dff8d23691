import { factsCapFor } from "@/lib/extraction/llm/prompt";
import type { RunPayload } from "@/lib/chain/payload";
import type { ExtractionInput } from "@/lib/extraction/types";
import type { Segment } from "@/lib/sources/schema";
import { readableView, type SourceView } from "@/lib/sources/view";

/**
 * The chain's first stage: what the extractor reads of a stored source. Plain text and Markdown read as
 * stored; subtitles and chats as one "Speaker: text" line per turn, their markup read away
 * (lib/sources/view.ts). Extractors only ever see the view; the ground stage maps what they find back.
 */

/** A stored source as the chain reads it. */
export interface StoredSource {
  text: string;
  segments: Segment[];
  /** `Source.format`; default "text". */
  format?: string;
}

export interface ViewedSource {
  /** The stored text: candidates' offsets point into it. */
  stored: string;
  view: SourceView;
  /** Whether the view differs from the stored text (offsets must then be mapped back). */
  mapped: boolean;
}

export function viewSource(source: StoredSource): ViewedSource {
  const view = readableView({ format: source.format ?? "text", text: source.text, segments: source.segments });
  return { stored: source.text, view, mapped: view.text !== source.text };
}

/** The extractor's input: the view's text and turns, with what the run's payload says to extract. */
export function extractorInput(viewed: ViewedSource, payload: RunPayload, signal?: AbortSignal): ExtractionInput {
  return {
    text: viewed.view.text,
    segments: viewed.view.segments,
    kinds: payload.kinds,
    knownFacts: payload.knownFacts,
    examples: payload.examples,
    ...(payload.contextHints ? { contextHints: payload.contextHints } : {}),
    ...(payload.meetingDate ? { sourceDate: payload.meetingDate } : {}),
    // An LLM's cap grows with its chunk (a larger model's 12k chunk); the offline extractor has its own floor.
    ...(payload.maxFacts !== null
      ? { maxFacts: payload.maxFacts }
      : payload.extractor.mode === "llm"
        ? { maxFacts: factsCapFor(payload.chunkTokens) }
        : {}),
    ...(signal ? { signal } : {}),
  };
}
