import { wordCosine, type Alignment } from "./align";
import { pairFeatures, type Features } from "./features";
import { compareStatements, type Difference } from "./guards";
import { analyze, type Analysis, type IdfTable } from "./lexical";
import { duplicateProbability, MODELS, type PairModel } from "./model";
import { addsDetail, RELATED, SAME, UNRELATED } from "./reasons";
import { similarity, similarityWithout, type SimilarityParts } from "./similarity";
import { ThresholdsSchema, type Thresholds, type ThresholdsInput } from "./thresholds";
import type { WordNet } from "./wordnet";
import type { Stage, Verdict } from "./schema";
import { loadWordVectors, type WordVectors } from "./wordvectors";

export interface PairResult {
  /** the duplicate model's P(duplicate) (1 for the same text) */
  score: number;
  verdict: Verdict;
  stage: Stage;
  reason: string;
  differences: Difference[];
  /** what the model read, kept so the sentence encoder can rescore the pair without comparing it again */
  features?: Features;
}

export interface ScoreContext {
  thresholds?: ThresholdsInput;
  /** word weights from the fact base; without it, weights come from general English word frequency */
  idf?: IdfTable;
  /** null turns word vectors off (lexical only) */
  vectors?: WordVectors | null;
  /** null turns WordNet off (no synonyms, no swapped-noun guard) */
  wordnet?: WordNet | null;
  /** the duplicate model; default: the one fitted on public pairs (model-weights.ts) */
  model?: PairModel;
}

/** Everything compared about a pair, before any model or threshold decides: reusable across both. */
export interface PairEvidence {
  a: Analysis;
  b: Analysis;
  alignment: Alignment;
  differences: Difference[];
  parts: SimilarityParts;
  features: Features;
  vectors: WordVectors | null;
}

/** Aligns the pair, runs the guards and computes the model's features. */
export function examinePair(a: Analysis, b: Analysis, vectors: WordVectors | null): PairEvidence {
  const { alignment, differences } = compareStatements(a, b);
  const parts = similarity(a, b, vectors, alignment);
  const features = pairFeatures(a, b, alignment, parts, differences, vectors);
  return { a, b, alignment, differences, parts, features, vectors };
}

// Lexical similarity (similarity.ts) a vetoed pair needs before it can contradict or be shown as related:
// the old calibration's related cut-off on STS-B; the rest, once the values are set aside, must then reach
// thresholds.contradicts.
const WORDING_RELATED = 0.45;

/** A veto: a value that truly differs. No model score, encoder, embedding or judge may merge it away. */
export const isVetoed = (r: { differences: Difference[] }) => r.differences.some((d) => d.veto);

const restCache = new WeakMap<PairEvidence, number>();
/** Similarity of what is left once every difference's words are set aside: "the same statement but for these". */
function restScore(ev: PairEvidence): number {
  let rest = restCache.get(ev);
  if (rest === undefined) {
    const drop = {
      a: new Set(ev.differences.flatMap((d) => d.tokensA)),
      b: new Set(ev.differences.flatMap((d) => d.tokensB)),
    };
    rest = similarityWithout(ev.a, ev.b, drop, ev.alignment, ev.vectors).score;
    restCache.set(ev, rest);
  }
  return rest;
}

// "Otherwise the same": what is left once the findings are set aside is near word for word.
// Chosen on the pool's out-of-fold figures (scripts/fit-matcher.ts): 0.85 cost MRPC train 0.03 of accuracy.
const SOLE_REST = 0.92;

// Swapped words this close in use are more often a rewording WordNet misses ("announced" / "unveiled" 0.71,
// "jail" / "prison" 0.94) than another thing ("guitar" / "flute" 0.65, "identity" / "backup" queue 0.19).
const NEAR_SYNONYM = 0.7;
function nearSynonym(ev: PairEvidence, d: Difference): boolean {
  const [x, y] = [ev.a.tokens[d.tokensA.at(-1) ?? -1], ev.b.tokens[d.tokensB.at(-1) ?? -1]];
  return !!x && !!y && (wordCosine(ev.a, x, y) ?? 0) >= NEAR_SYNONYM;
}

/**
 * A finding the model weighs (a swapped thing, action or doer, another source, a deadline, a partial amount or a
 * strong modality on one side) vetoes when it is the one thing that differs: "Customers rated the identity
 * queue" / "the backup queue", "We ship" / "We may ship". Amid a rewording it is evidence, not a verdict.
 */
function soleFindings(ev: PairEvidence): Difference[] {
  const tagged = ev.differences.filter(
    (d) => !d.veto && (d.tag === "roles" || (d.kind === "thing" ? !nearSynonym(ev, d) : d.tag !== undefined)),
  );
  if (tagged.length === 0) return [];
  // Another object, action or doer is another fact, reworded around it or not ("the localisation database" /
  // "the localisation queue"); the model still weighs how close the rest is, for the score.
  const things = tagged.filter((d) => d.kind === "thing" && d.tag !== "source");
  if (restScore(ev) < SOLE_REST) return things.map((d) => ({ ...d, veto: true }));
  return tagged.map((d) => ({ ...d, veto: true }));
}

/** How a difference reads beside "Same statement, reworded": what the other side adds ("Adds detail: 'must'"). */
function asDetail(d: Difference): string {
  if (d.kind !== "modality" && d.kind !== "quantifier") return d.reason;
  return addsDetail([[...d.a, ...d.b].join(" ")]);
}

/**
 * The verdict from the evidence: the model's P(duplicate) decides duplicate, related or new when no guard
 * vetoes; a veto makes it a contradiction when the rest of the two statements is the same, else related.
 */
export function decidePair(
  ev: PairEvidence,
  t: Thresholds,
  model: PairModel = MODELS.lexical,
  duplicateAt = t.duplicate,
): PairResult {
  const { a, b, parts, features } = ev;
  const score = duplicateProbability(model, features);
  const sole = soleFindings(ev);
  const differences =
    sole.length === 0
      ? ev.differences
      : ev.differences.map((d) => sole.find((x) => x.reason === d.reason && x.kind === d.kind) ?? d);
  const base = { score, stage: "lexical" as const, differences, features };
  if (differences.length === 0 && a.normalized === b.normalized) {
    return {
      ...base,
      score: 1,
      verdict: "duplicate",
      stage: "normalized",
      reason: "Same words after normalizing case, punctuation and spacing",
    };
  }
  if (!differences.some((d) => d.veto)) {
    if (score >= duplicateAt)
      return { ...base, verdict: "duplicate", reason: [SAME, ...differences.map(asDetail)].join("; ") };
    if (score < t.related) return { ...base, verdict: "new", reason: UNRELATED };
    // What the model weighed against a duplicate, things first; else only the wording differs.
    const ordered = [
      ...differences.filter((d) => d.kind === "thing"),
      ...differences.filter((d) => d.kind !== "thing"),
    ];
    const named = ordered.filter((d) => d.conflict || d.tag !== undefined);
    const reason =
      named.length > 0
        ? ordered.map((d) => d.reason).join("; ")
        : [RELATED, ...ordered.map((d) => d.reason)].join("; ");
    return { ...base, verdict: "related", reason };
  }
  const conflicts = differences.filter((d) => d.conflict);
  // A swapped thing ("identity queue" / "backup queue") is usually a second fact, not a correction of
  // the first: it never makes a contradiction that gates the candidate and offers to supersede a true fact.
  const opposing = conflicts.filter((d) => d.veto && d.kind !== "thing" && !sole.includes(d));
  // Two different things with different dates ("ship offline mode by Q3" / "ship the kiosk app by Q4")
  // are two plans, not a correction: no contradiction once a thing differs.
  const sameThing = !conflicts.some((d) => d.kind === "thing");
  // Setting values aside can only help pairs that already share most of their words. Contradiction only
  // when the statements are otherwise the same: what is left once every differing value is set aside.
  if (opposing.length > 0 && sameThing && parts.score >= WORDING_RELATED && restScore(ev) >= t.contradicts)
    return { ...base, verdict: "contradicts", reason: opposing.map((d) => d.reason).join("; ") };
  const ordered = [...differences.filter((d) => d.kind === "thing"), ...differences.filter((d) => d.kind !== "thing")];
  if (score >= t.related || parts.score >= WORDING_RELATED)
    return { ...base, verdict: "related", reason: ordered.map((d) => d.reason).join("; ") };
  return { ...base, verdict: "new", reason: UNRELATED };
}

/** Scores two analysed texts; the cascade's hash, normalized and lexical stages. */
export function scoreAnalyses(
  a: Analysis,
  b: Analysis,
  thresholds: Thresholds,
  vectors: WordVectors | null,
  model?: PairModel,
): PairResult {
  if (a.hash === b.hash) return { score: 1, verdict: "duplicate", stage: "hash", reason: "Same text", differences: [] };
  return decidePair(examinePair(a, b, vectors), thresholds, model);
}

/** Compare two statements: score in [0, 1], verdict and a readable reason. */
export function scorePair(a: string, b: string, ctx: ScoreContext = {}): PairResult {
  const vectors = ctx.vectors === undefined ? loadWordVectors() : ctx.vectors;
  const thresholds = ThresholdsSchema.parse(ctx.thresholds ?? {});
  const opts = { idf: ctx.idf, vectors, wordnet: ctx.wordnet };
  return scoreAnalyses(analyze(a, opts), analyze(b, opts), thresholds, vectors, ctx.model);
}

/** Whether the sentence encoder rescores this pair: a lexical verdict a reviewer would see (related or closer). */
export function encoderRescores(r: PairResult, t: Thresholds): boolean {
  return r.stage === "lexical" && r.score >= t.related && r.features !== undefined;
}

/**
 * The pair scored again by the model that also reads the sentence encoder's cosine: rewordings the words
 * miss merge, and pairs that share words but not meaning stay apart. A veto still stands.
 */
export function withEncoder(
  r: PairResult,
  cosine: number,
  t: Thresholds,
  model: PairModel = MODELS.encoder,
): PairResult {
  if (!encoderRescores(r, t) || !r.features) return r;
  const features = { ...r.features, encoder: cosine };
  const score = duplicateProbability(model, features);
  if (isVetoed(r)) return { ...r, score, features };
  const duplicate = score >= t.encoderDuplicate;
  const verdict = duplicate ? "duplicate" : r.verdict === "duplicate" ? "related" : r.verdict;
  if (verdict === r.verdict) return { ...r, score, features };
  const reason = duplicate
    ? [SAME, ...r.differences.map(asDetail)].join("; ")
    : [RELATED, ...r.differences.map((d) => d.reason)].join("; ");
  return { ...r, score, features, verdict, stage: "embedding", reason };
}
