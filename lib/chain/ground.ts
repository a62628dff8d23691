import type { ExtractedChunk, ChunkOutcome } from "@/lib/chain/extract";
import type { ViewedSource } from "@/lib/chain/view";
import { groundFacts } from "@/lib/extraction/grounding";
import type { Candidate } from "@/lib/extraction/schema";

/**
 * The ground stage: each fact's quote found in the view (lib/extraction/grounding.ts), near where the
 * extractor said it was, or else near the chunk's middle (any occurrence inside the chunk is nearer to it
 * than any outside); then placed in the stored text, its quote the stored slice there. `supported` says
 * whether it was found.
 */
export interface GroundedChunk {
  outcome: ChunkOutcome;
  /** Offsets into the stored text. */
  candidates: Candidate[];
}

export function groundChunk(extracted: ExtractedChunk, viewed: ViewedSource, sourceDate?: string): GroundedChunk {
  const { chunk, facts, spans, outcome } = extracted;
  const middle = Math.floor((chunk.start + chunk.end) / 2);
  const grounded = groundFacts(
    viewed.view.text,
    facts,
    facts.map((_, i) => spans[i] ?? { start: middle, end: middle }),
    sourceDate,
  );
  return { outcome, candidates: viewed.mapped ? grounded.map((c) => toStored(viewed, c)) : grounded };
}

export async function* groundChunks(
  source: AsyncIterable<ExtractedChunk>,
  { viewed, sourceDate }: { viewed: ViewedSource; sourceDate?: string | null },
): AsyncGenerator<GroundedChunk> {
  for await (const extracted of source) yield groundChunk(extracted, viewed, sourceDate ?? undefined);
}

/** A candidate found in the view, placed in the stored text: its quote is the stored slice at its offsets. */
function toStored({ view, stored }: ViewedSource, c: Candidate): Candidate {
  if (c.start === null || c.end === null) return c;
  const start = view.toStored(c.start, "start");
  const end = Math.max(start, view.toStored(c.end, "end"));
  return { ...c, start, end, quote: stored.slice(start, end) };
}
