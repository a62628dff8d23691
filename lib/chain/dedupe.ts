import type { ChunkOutcome } from "@/lib/chain/extract";
import type { GroundedChunk } from "@/lib/chain/ground";
import type { Candidate } from "@/lib/extraction/schema";
import { normalizeText } from "@/lib/text/normalize";

/**
 * The run's one de-duplication: a candidate whose content, normalized (lib/text), a chunk before it in the
 * run already proposed is dropped, and counted. Within one chunk, of candidates saying the same thing the
 * best is kept (grounded first, then confidence, then importance); across chunks the first one stays,
 * since it is stored (and may be approved) before the next chunk is read. A resumed run is seeded with the
 * candidates its saved chunks stored, so it keeps what one uninterrupted run would have.
 */
export interface DedupedChunk {
  outcome: ChunkOutcome;
  /** New to the run, in source order (unsupported ones last). */
  candidates: Candidate[];
  /** Candidates dropped because an earlier chunk (or the same chunk, better) said the same thing. */
  repeats: number;
}

export function createDeduper(seed: readonly Pick<Candidate, "content">[] = []) {
  const seen = new Set(seed.map((c) => normalizeText(c.content)));
  return ({ outcome, candidates }: GroundedChunk): DedupedChunk => {
    const best = new Map<string, Candidate>();
    for (const candidate of candidates) {
      const key = normalizeText(candidate.content);
      if (seen.has(key)) continue;
      const kept = best.get(key);
      if (!kept || rank(candidate) > rank(kept)) best.set(key, candidate);
    }
    for (const key of best.keys()) seen.add(key);
    const fresh = [...best.values()].sort(
      (a, b) => (a.start ?? Number.MAX_SAFE_INTEGER) - (b.start ?? Number.MAX_SAFE_INTEGER),
    );
    return { outcome, candidates: fresh, repeats: candidates.length - fresh.length };
  };
}

export async function* dedupeChunks(
  source: AsyncIterable<GroundedChunk>,
  { seed }: { seed?: readonly Pick<Candidate, "content">[] } = {},
): AsyncGenerator<DedupedChunk> {
  const dedupe = createDeduper(seed);
  for await (const grounded of source) yield dedupe(grounded);
}

/** A grounded fact beats an ungrounded one; then confidence, then importance. */
function rank(c: Candidate): number {
  return (c.supported ? 10 : 0) + c.confidence + c.importance / 100;
}
