import { planChunks } from "@/lib/chain/chunk";
import { dedupeChunks } from "@/lib/chain/dedupe";
import { extractChunks, type ChunkOutcome } from "@/lib/chain/extract";
import { groundChunks } from "@/lib/chain/ground";
import { viewSource } from "@/lib/chain/view";
import type { Candidate } from "@/lib/extraction/schema";
import type { ExtractionInput, Extractor, TokenUsage } from "@/lib/extraction/types";
import { addUsage } from "@/lib/extraction/usage";

/**
 * The chain's stages before the store (view → chunk → extract → ground → de-duplicate), collected: what a
 * run would propose for a text, for tests of the extractors and the spans. Shipped code runs the whole
 * chain (lib/chain/run.ts); this is the same stages without a database.
 */
export async function proposeCandidates({
  extractor,
  input,
  tokenBudget,
  concurrency,
  skipChunks,
  seed,
}: {
  extractor: Extractor;
  /** The stored text and turns; the stages read them through the view. */
  input: ExtractionInput;
  tokenBudget: number;
  concurrency: number;
  skipChunks?: ReadonlySet<number>;
  seed?: Candidate[];
}): Promise<{ candidates: Candidate[]; chunks: ChunkOutcome[]; usage: TokenUsage; status: string; total: number }> {
  const viewed = viewSource({ text: input.text, segments: input.segments, format: input.format });
  const plan = planChunks({ viewed, tokenBudget, skip: skipChunks });
  const extracted = extractChunks({
    chunks: plan.chunks,
    extractor,
    input: { ...input, text: viewed.view.text, segments: viewed.view.segments },
    concurrency,
  });
  const candidates: Candidate[] = [];
  const chunks: ChunkOutcome[] = [];
  const usage: TokenUsage = { inputTokens: 0, outputTokens: 0 };
  for await (const chunk of dedupeChunks(groundChunks(extracted, { viewed }), { seed })) {
    candidates.push(...chunk.candidates);
    chunks.push(chunk.outcome);
    addUsage(usage, chunk.outcome.usage);
  }
  const failures = chunks.filter((c) => c.status === "failed").length;
  const status = failures === 0 ? "succeeded" : failures === chunks.length ? "failed" : "partial";
  return { candidates, chunks, usage, status, total: plan.total };
}
