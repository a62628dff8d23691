import type { ViewedSource } from "@/lib/chain/view";
import { chunkInput } from "@/lib/extraction/chunking";
import type { Chunk } from "@/lib/extraction/types";

/**
 * The chunk stage: the view cut at turn boundaries into pieces of at most `tokenBudget` estimated tokens
 * (lib/extraction/chunking.ts), minus the chunks a resumed run saved before.
 */
export interface ChunkPlan {
  /** Every chunk of the source: the run's progress counts these. */
  total: number;
  /** The chunks to run now, in source order (offsets into the view). */
  chunks: Chunk[];
}

export function planChunks({
  viewed,
  tokenBudget,
  skip = new Set(),
}: {
  viewed: ViewedSource;
  tokenBudget: number;
  /** Indexes already saved (a resumed run's log). */
  skip?: ReadonlySet<number>;
}): ChunkPlan {
  const all = chunkInput({ text: viewed.view.text, segments: viewed.view.segments, tokenBudget });
  return { total: all.length, chunks: all.filter((c) => !skip.has(c.index)) };
}
