import { EVIDENCE_NAMES, type Evidence } from "@/lib/extraction/offline/evidence";
import { IMPORTANCE_MODEL } from "@/lib/extraction/offline/importance-model";

/**
 * How much a work meeting's candidate matters: the chance that, if it is correct, it is a fact the meeting's
 * notes should hold. Its rank (confidence × importance, lib/extraction/rank.ts) is then the chance it is a fact
 * worth keeping. A logistic model over the kind (calibrated per kind: a meeting's context is as often a durable
 * fact as its action items), the cue's own importance (what the cue rules and a summary's repeat say) and the
 * evidence (evidence.ts: a value, a date, a negation, where it was said, …), which spreads importance within a
 * kind. Fitted by `scripts/eval-meetings.ts --write-importance` on the written meetings (the product
 * confidence × importance against "carries a gold fact"); the script reports the leave-one-meeting-out folds.
 */
export interface ImportanceModel {
  bias: number;
  /** Per kind, added to the bias; a kind the model never saw adds nothing. */
  kinds: Record<string, number>;
  /** The weight of the cue's importance, as log-odds. */
  cue: number;
  weights: Record<(typeof EVIDENCE_NAMES)[number], number>;
}

/** The log-odds of a probability kept inside (0, 1). */
function logit(p: number): number {
  const q = Math.min(0.99, Math.max(0.01, p));
  return Math.log(q / (1 - q));
}

/** The model's input for one candidate, in a fixed order: kind indicators are not here (`kinds` holds them). */
export function importanceInputs(cueImportance: number, evidence: Evidence): number[] {
  return [logit(cueImportance), ...EVIDENCE_NAMES.map((name) => evidence[name])];
}

/** The importance, rounded to two decimals as candidates show it. */
export function importanceOf(
  kind: string,
  cueImportance: number,
  evidence: Evidence,
  model: ImportanceModel = IMPORTANCE_MODEL,
): number {
  const [cue, ...x] = importanceInputs(cueImportance, evidence);
  let z = model.bias + (model.kinds[kind] ?? 0) + model.cue * cue!;
  EVIDENCE_NAMES.forEach((name, i) => (z += model.weights[name] * x[i]!));
  const p = z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z));
  return Math.round(p * 100) / 100;
}
