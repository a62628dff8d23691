import { compareStatements, type Difference } from "./guards";
import { analyze, type Analysis, type IdfTable } from "./lexical";
import { RELATED, SAME, UNRELATED } from "./reasons";
import { similarity, similarityWithout } from "./similarity";
import { ThresholdsSchema, type Thresholds, type ThresholdsInput } from "./thresholds";
import type { WordNet } from "./wordnet";
import type { Stage, Verdict } from "./schema";
import { loadWordVectors, type WordVectors } from "./wordvectors";

export interface PairResult {
  score: number;
  verdict: Verdict;
  stage: Stage;
  reason: string;
  differences: Difference[];
}

export interface ScoreContext {
  thresholds?: ThresholdsInput;
  /** word weights from the fact base; without it, weights come from general English word frequency */
  idf?: IdfTable;
  /** null turns word vectors off (lexical only) */
  vectors?: WordVectors | null;
  /** null turns WordNet off (no synonyms, no swapped-noun guard) */
  wordnet?: WordNet | null;
}

// A differing value costs similarity too, so the score ranks "same but for Q3/Q4" below true
// paraphrases. A value on one side only is an elaboration ("playing a guitar" / "... on stage"):
// it costs a little (STS-B grades added detail below "equivalent") but never blocks "duplicate".
const PENALTY = { conflict: 0.9, oneSided: 0.97 };

/** Scores two analysed texts; the cascade's hash, normalized and lexical stages. */
export function scoreAnalyses(
  a: Analysis,
  b: Analysis,
  thresholds: Thresholds,
  vectors: WordVectors | null,
): PairResult {
  if (a.hash === b.hash) return { score: 1, verdict: "duplicate", stage: "hash", reason: "Same text", differences: [] };
  const { alignment, differences } = compareStatements(a, b);
  const parts = similarity(a, b, vectors, alignment);
  let score = parts.score;
  for (const d of differences) score *= d.conflict ? PENALTY.conflict : PENALTY.oneSided;
  if (differences.length === 0 && a.normalized === b.normalized) {
    return {
      score: 1,
      verdict: "duplicate",
      stage: "normalized",
      reason: "Same words after normalizing case, punctuation and spacing",
      differences,
    };
  }
  const conflicts = differences.filter((d) => d.conflict);
  const details = differences.filter((d) => !d.conflict).map((d) => d.reason);
  const withDetails = (head: string) => [head, ...details].join("; ");
  // A time on one side only still changes a commitment ("ships" vs "ships by Q3"): never a duplicate.
  if (!differences.some((d) => d.conflict || d.blocks)) {
    // Only elaborations (or nothing) differ: the score alone decides, and the reason names the extras.
    if (score >= thresholds.duplicate)
      return { score, verdict: "duplicate", stage: "lexical", reason: withDetails(SAME), differences };
    if (score >= thresholds.related)
      return { score, verdict: "related", stage: "lexical", reason: withDetails(RELATED), differences };
    return { score, verdict: "new", stage: "lexical", reason: UNRELATED, differences };
  }
  // A swapped thing ("identity queue" / "backup queue") is usually a second fact, not a correction of
  // the first: it blocks "duplicate" but never makes a contradiction that gates the candidate and
  // offers to supersede a true fact. The reviewer sees both words named.
  const opposing = conflicts.filter((d) => d.kind !== "thing");
  // Two different things with different dates ("ship offline mode by Q3" / "ship the kiosk app by Q4")
  // are two plans, not a correction: no contradiction once a thing differs.
  const sameThing = !conflicts.some((d) => d.kind === "thing");
  // Setting values aside can only help pairs that already share most of their words.
  if (opposing.length > 0 && sameThing && parts.score >= thresholds.related) {
    // Contradiction only when the statements are otherwise the same: compare what is left once
    // every differing value (conflicting or one-sided) is set aside.
    const rest = similarityWithout(
      a,
      b,
      { a: new Set(differences.flatMap((d) => d.tokensA)), b: new Set(differences.flatMap((d) => d.tokensB)) },
      alignment,
      vectors,
    );
    if (rest.score >= thresholds.contradicts) {
      return {
        score,
        verdict: "contradicts",
        stage: "lexical",
        reason: opposing.map((d) => d.reason).join("; "),
        differences,
      };
    }
  }
  // Things first: the thing a statement is about matters more than its values.
  const ordered = [...differences.filter((d) => d.kind === "thing"), ...differences.filter((d) => d.kind !== "thing")];
  const diffText = ordered.map((d) => d.reason).join("; ");
  if (score >= thresholds.related || parts.score >= thresholds.duplicate) {
    return { score, verdict: "related", stage: "lexical", reason: diffText, differences };
  }
  return { score, verdict: "new", stage: "lexical", reason: UNRELATED, differences };
}

/** Compare two statements: score in [0, 1], verdict and a readable reason. */
export function scorePair(a: string, b: string, ctx: ScoreContext = {}): PairResult {
  const vectors = ctx.vectors === undefined ? loadWordVectors() : ctx.vectors;
  const thresholds = ThresholdsSchema.parse(ctx.thresholds ?? {});
  const opts = { idf: ctx.idf, vectors, wordnet: ctx.wordnet };
  return scoreAnalyses(analyze(a, opts), analyze(b, opts), thresholds, vectors);
}

const freeOfGuards = (r: PairResult) => !r.differences.some((d) => d.conflict || d.blocks);

/** Whether the sentence encoder rescores this pair: a lexical verdict a reviewer would see (related or closer). */
export function encoderRescores(r: PairResult, t: Thresholds): boolean {
  return r.stage === "lexical" && r.score >= t.related;
}

/**
 * The lexical score blended with the sentence encoder's cosine ranks the matches a reviewer sees and, for a
 * pair no guard objects to, decides duplicate or related: rewordings the words miss merge, and pairs that
 * share words but not meaning stay apart. A verdict a guard settled (a differing value, a deadline on one
 * side) the encoder never changes.
 */
export function withEncoder(r: PairResult, cosine: number, t: Thresholds): PairResult {
  if (!encoderRescores(r, t)) return r;
  const score = (1 - t.encoderWeight) * r.score + t.encoderWeight * cosine;
  if (!freeOfGuards(r)) return { ...r, score };
  const duplicate = score >= t.encoderDuplicate;
  const verdict = duplicate ? "duplicate" : r.verdict === "duplicate" ? "related" : r.verdict;
  if (verdict === r.verdict) return { ...r, score };
  const details = r.differences.map((d) => d.reason);
  return { ...r, score, verdict, stage: "embedding", reason: [duplicate ? SAME : RELATED, ...details].join("; ") };
}
