import "server-only";
import type { MatchedChunk } from "@/lib/chain/match";
import { getServingModel } from "@/lib/db/learned-models";
import type { Db } from "@/lib/db/types";
import type { Candidate, LearnedConfidence } from "@/lib/extraction/schema";
import { scorer } from "@/lib/learning/model";
import type { Settings } from "@/lib/settings/schema";

/**
 * The learning stage, between match and gate: when the run's space has a learned model serving (lib/learning) and
 * Settings let it, each candidate carries its learned confidence, which the gate and the rank read. Without one
 * the chain is as shipped.
 */
export type LearnedScorer = (
  candidate: Pick<Candidate, "content" | "quote" | "kind" | "speaker" | "confidence">,
) => LearnedConfidence;

export async function* scoreChunks(
  source: AsyncIterable<MatchedChunk>,
  { score }: { score: LearnedScorer | null },
): AsyncGenerator<MatchedChunk> {
  for await (const chunk of source) {
    if (!score) {
      yield chunk;
      continue;
    }
    yield {
      ...chunk,
      candidates: chunk.candidates.map((m) => ({ ...m, candidate: { ...m.candidate, learned: score(m.candidate) } })),
    };
  }
}

/**
 * The space's serving model as a scorer for the chain, or null (learning off, or nothing serving: the shipped one).
 */
export async function loadLearnedScorer({
  db,
  spaceId,
  learning,
}: {
  db: Db;
  spaceId: string;
  learning: Settings["learning"];
}): Promise<((format: string) => LearnedScorer) | null> {
  if (!learning.enabled) return null;
  const model = await getServingModel({ db, spaceId });
  if (!model) return null;
  const score = scorer(model.weights, model.decisions);
  return (format) => (c) => ({
    ...score({ ...c, speaker: c.speaker ?? null, sourceFormat: format }),
    approves: learning.autoApprove,
  });
}
