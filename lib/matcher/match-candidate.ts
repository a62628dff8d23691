import { analyze, type Analysis, type IdfTable } from "./lexical";
import { encoderRescores, isVetoed, scoreAnalyses, withEncoder, type PairResult } from "./matcher";
import type { Match, MatchResult, Verdict } from "./schema";
import type { SentenceEncoder } from "./sentence-encoder";
import { ThresholdsSchema, type Thresholds, type ThresholdsInput } from "./thresholds";
import { loadWordVectors, type WordVectors } from "./wordvectors";
import { cosineSimilarity } from "./vectors";

/** The AI SDK `embedMany` result shape: `(values) => embedMany({ model, values })` fits. */
export type Embedder = (values: string[]) => Promise<{ embeddings: number[][] }>;
/** Optional LLM judge, asked only about pairs in the ambiguous band; null when it could not answer. */
export type Judge = (a: string, b: string) => Promise<{ verdict: Verdict; reason: string } | null>;

export interface MatchInput {
  candidate: { content: string };
  facts: Array<{ id: string; content: string }>;
  pendingCandidates?: Array<{ id: string; content: string }>;
  thresholds?: ThresholdsInput;
  embed?: Embedder;
  /**
   * Cosine similarity of the candidate to a fact or pending candidate, from vectors computed and stored
   * beforehand (lib/chain/match-vectors.ts); undefined when there is none. Used instead of `embed`.
   */
  embeddingSimilarity?: (other: { factId?: string; candidateId?: string }) => number | undefined;
  judge?: Judge;
  /** The local sentence encoder (lib/matcher/sentence-encoder.ts), blended with the lexical score. */
  encoder?: SentenceEncoder | null;
  idf?: IdfTable;
  vectors?: WordVectors | null;
  /** how many matches to return (default 5) */
  limit?: number;
}

// Facts recur across the candidates of one review batch: analyse each text once. Only default
// settings are cached (an idf table or explicit vectors change the analysis).
const analysisCache = new Map<string, Analysis>();
function cachedAnalysis(
  text: string,
  custom: boolean,
  opts: { idf?: IdfTable; vectors: WordVectors | null },
): Analysis {
  if (custom) return analyze(text, opts);
  let an = analysisCache.get(text);
  if (!an) {
    if (analysisCache.size >= 50_000) analysisCache.clear();
    an = analyze(text, opts);
    analysisCache.set(text, an);
  }
  return an;
}

// Which verdict speaks for the candidate when several facts match.
const PRIORITY: Record<Verdict, number> = { duplicate: 0, contradicts: 1, related: 2, new: 3 };

/** How many matches a candidate keeps, at most (its card shows them; the verdict is the first one's). */
export const MATCH_LIMIT = 5;

/** The order matches are kept in: the verdict that speaks for the candidate first, then by score. */
export function byPriority(x: { verdict: Verdict; score: number }, y: { verdict: Verdict; score: number }): number {
  return PRIORITY[x.verdict] - PRIORITY[y.verdict] || y.score - x.score;
}

/** The lexical stage's question for one candidate: its text, the texts it is compared with, the cut-offs. */
export interface ScoreRequest {
  candidate: string;
  others: string[];
  thresholds: Thresholds;
}

/**
 * Runs the lexical stage for a batch of candidates (the CPU-heavy part of matching: analysing each text and
 * comparing each pair). In-process by default; a server's run sends the batch to the matcher thread
 * (lib/matcher/thread) in one message, so the pages keep the server's thread and the run waits for one answer,
 * not one per candidate. Whichever runs it, the results are the same: the same pure function.
 */
export type PairScorer = (requests: ScoreRequest[]) => Promise<PairResult[][]>;

/** The lexical stage on this thread, with the default word weights and vectors (the analyses cached). */
export function scorePairs({ candidate, others, thresholds }: ScoreRequest): PairResult[] {
  return lexicalStage(candidate, others, thresholds, {});
}

function lexicalStage(
  candidate: string,
  others: string[],
  thresholds: Thresholds,
  custom: { idf?: IdfTable; vectors?: WordVectors | null },
): PairResult[] {
  const isCustom = custom.idf !== undefined || custom.vectors !== undefined;
  const vectors = custom.vectors === undefined ? loadWordVectors() : custom.vectors;
  const opts = { idf: custom.idf, vectors };
  const cand = cachedAnalysis(candidate, isCustom, opts);
  return others.map((other) => scoreAnalyses(cand, cachedAnalysis(other, isCustom, opts), thresholds, vectors));
}

/** The lexical stage of one candidate, done: pass it to matchCandidate as `scored`. */
export interface ScoredPairs {
  results: PairResult[];
}

/**
 * The lexical stage of matchCandidate for each input, on `scorer` when given (all in one request) and no
 * custom word weights or vectors ask for this thread; else here.
 */
export async function scoreCandidates(inputs: MatchInput[], scorer?: PairScorer): Promise<ScoredPairs[]> {
  const custom = (input: MatchInput) => input.idf !== undefined || input.vectors !== undefined;
  const requests = inputs.map((input) => ({
    candidate: input.candidate.content,
    others: otherTexts(input).map((o) => o.content),
    thresholds: ThresholdsSchema.parse(input.thresholds ?? {}),
  }));
  if (scorer && inputs.length > 0 && !inputs.some(custom)) {
    return (await scorer(requests)).map((results) => ({ results }));
  }
  return requests.map((r, i) => ({ results: lexicalStage(r.candidate, r.others, r.thresholds, inputs[i]!) }));
}

function otherTexts(input: MatchInput): Array<{ factId?: string; candidateId?: string; content: string }> {
  return [
    ...input.facts.map((f) => ({ factId: f.id, content: f.content })),
    ...(input.pendingCandidates ?? []).map((c) => ({ candidateId: c.id, content: c.content })),
  ];
}

/**
 * Compares one candidate with the facts (and other pending candidates) retrieved for it. The
 * cascade is explainable: content hash, normalized text, lexical score with guards, then, only when
 * supplied, an embedder and an LLM judge for the ambiguous middle band. `scored` is the lexical stage
 * already run for this input (scoreCandidates); without it, it runs here.
 */
export async function matchCandidate(input: MatchInput, scored?: ScoredPairs): Promise<MatchResult> {
  const thresholds = ThresholdsSchema.parse(input.thresholds ?? {});
  const others = otherTexts(input);
  const lexical = (scored ?? (await scoreCandidates([input]))[0]!).results;
  const results: Array<{ other: (typeof others)[number]; r: PairResult }> = others.map((other, i) => ({
    other,
    r: lexical[i] as PairResult,
  }));

  const encoder = input.encoder;
  const encode = encoder ? results.filter((x) => encoderRescores(x.r, thresholds)) : [];
  if (encoder && encode.length > 0) {
    const [base, ...vectors] = await encoder([input.candidate.content, ...encode.map((x) => x.other.content)]);
    encode.forEach((x, i) => {
      const v = vectors[i];
      if (base?.length && v?.length) x.r = withEncoder(x.r, cosineSimilarity(base, v), thresholds);
    });
  }

  if (input.embed || input.embeddingSimilarity) {
    // Only pairs the cheap stages left open, and never over a guard: embeddings blur numbers and names.
    const open = results.filter(
      (x) =>
        x.r.stage === "lexical" &&
        x.r.verdict !== "duplicate" &&
        // an amount or a modality written on one side only ("each quarter") is no value an embedding blurs
        x.r.differences.every((d) => !d.veto && (d.kind === "quantifier" || d.kind === "modality")),
    );
    let similarities: Array<number | undefined> = [];
    if (open.length > 0 && input.embeddingSimilarity) {
      similarities = open.map((x) => input.embeddingSimilarity?.(x.other));
    } else if (open.length > 0 && input.embed) {
      const { embeddings } = await input.embed([input.candidate.content, ...open.map((x) => x.other.content)]);
      const base = embeddings[0];
      similarities = open.map((_, i) => {
        const e = embeddings[i + 1];
        return base && e ? cosineSimilarity(base, e) : undefined;
      });
    }
    open.forEach((x, i) => {
      const cos = similarities[i];
      if (cos === undefined) return;
      if (cos >= thresholds.embeddingDuplicate) {
        x.r = {
          ...x.r,
          score: Math.max(x.r.score, cos),
          verdict: "duplicate",
          stage: "embedding",
          reason: `Same meaning: embedding similarity ${cos.toFixed(2)}`,
        };
      } else if (cos >= thresholds.embeddingRelated && x.r.verdict === "new") {
        x.r = {
          ...x.r,
          score: Math.max(x.r.score, cos),
          verdict: "related",
          stage: "embedding",
          reason: `Related: embedding similarity ${cos.toFixed(2)}`,
        };
      }
    });
  }

  const limit = input.limit ?? MATCH_LIMIT;
  const ranked = results
    .filter((x) => x.r.verdict !== "new")
    .sort((x, y) => byPriority(x.r, y.r))
    .slice(0, limit);

  if (input.judge) {
    const judge = input.judge;
    // What the guards vetoed (a value that truly differs) no model may merge away.
    const asked = ranked.filter(
      (x) =>
        x.r.stage === "lexical" &&
        x.r.score >= thresholds.ambiguousLow &&
        x.r.score < thresholds.ambiguousHigh &&
        !isVetoed(x.r),
    );
    // The pairs are independent: asked at once, so a candidate waits for one model answer, not one per pair.
    const answers = await Promise.all(asked.map((x) => judge(input.candidate.content, x.other.content)));
    asked.forEach((x, i) => {
      const j = answers[i];
      x.r = j
        ? { ...x.r, verdict: j.verdict, stage: "llm", reason: j.reason }
        : { ...x.r, reason: `${x.r.reason} (the LLM judge could not answer; this is the lexical verdict)` };
    });
  }

  const matches: Match[] = ranked
    .filter((x) => x.r.verdict !== "new")
    .sort((x, y) => byPriority(x.r, y.r))
    .map(({ other, r }) => ({
      ...other,
      score: Math.round(r.score * 1000) / 1000,
      verdict: r.verdict,
      stage: r.stage,
      reason: r.reason,
      // Recorded so the team's learned cut-off (lib/learning/threshold.ts) learns only from pairs it decides.
      ...(r.stage === "lexical" ? { vetoed: isVetoed(r) } : {}),
    }));
  const top = matches[0];
  return top ? { verdict: top.verdict, stage: top.stage, matches } : { verdict: "new", stage: "lexical", matches: [] };
}
