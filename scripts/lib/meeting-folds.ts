import type { Evidence } from "@/lib/extraction/offline/evidence";
import { importanceOf, type ImportanceModel } from "@/lib/extraction/offline/importance";
import type { ScoreFeatures } from "@/lib/extraction/schema";
import { fitImportance, type ImportanceRow } from "./fit-importance";

/** A candidate as the written meetings' evaluation keeps it: what it says, how it ranked, what it was scored on. */
export interface FoldCandidate {
  content: string;
  quote: string;
  kind: string;
  confidence: number;
  importance: number;
  rank: number;
  gateReason?: string | null;
  /** Stored with the candidate (Candidate.features): the clause's, the transcript's and the evidence. */
  features: ScoreFeatures;
}

/** The evidence and the cue's importance a candidate was stored with (0 for any missing). */
function storedEvidence(f: ScoreFeatures): { evidence: Evidence; cueImportance: number } {
  const e = (name: keyof Evidence) => f[name] ?? 0;
  const evidence: Evidence = {
    value: e("value"),
    dated: e("dated"),
    due: e("due"),
    owner: e("owner"),
    team: e("team"),
    obligation: e("obligation"),
    negation: e("negation"),
    opinion: e("opinion"),
    repeats: e("repeats"),
    corrected: e("corrected"),
    position: e("position"),
  };
  return { evidence, cueImportance: f.cueImportance ?? f.importance ?? 0.5 };
}

/**
 * The ranking a model gives: importance from the model (or the cue's own when there is none: the ranking before
 * the model existed), rank = confidence × importance, as the extractor computes them.
 */
export function rerank<T extends FoldCandidate>(candidates: T[], model: ImportanceModel | null): T[] {
  return candidates.map((c) => {
    const { evidence, cueImportance } = storedEvidence(c.features);
    const importance = model ? importanceOf(c.kind, cueImportance, evidence, model) : cueImportance;
    return { ...c, importance, rank: c.confidence * importance };
  });
}

/** Fits the importance model on some meetings' candidates, each labelled by whether it carries a gold fact. */
export function fitOn(rows: { candidate: FoldCandidate; positive: boolean }[], l2: number): ImportanceModel {
  const data: ImportanceRow[] = rows.map(({ candidate: c, positive }) => ({
    kind: c.kind,
    confidence: c.confidence,
    positive,
    ...storedEvidence(c.features),
  }));
  return fitImportance(data, { l2 });
}

/** The model as a TypeScript module (lib/extraction/offline/importance-model.ts). */
export function importanceModule(model: ImportanceModel, note: string): string {
  return `import type { ImportanceModel } from "@/lib/extraction/offline/importance";

// Written by \`SIFT_EVAL_DIR=… npx tsx scripts/eval-meetings.ts --write-importance\`.

/** Work meetings' importance: ${note} */
export const IMPORTANCE_MODEL: ImportanceModel = ${JSON.stringify(model, null, 2)};
`;
}
