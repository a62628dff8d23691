import { wordCosine, type Alignment } from "./align";
import type { Difference } from "./guards";
import type { Analysis, Token } from "./lexical";
import type { SimilarityParts } from "./similarity";
import type { WordVectors } from "./wordvectors";

/**
 * What the duplicate model reads about a pair, each a number the fitting script (scripts/fit-matcher.ts)
 * weighs: how much of the wording the two statements share (by rarity, WordNet relatives, word vectors, word
 * order, length) and what every guard found, as counts. A guard's finding is evidence here, not a verdict:
 * the vetoes (a value that truly differs) are applied apart from the model (matcher.ts).
 */
export const FEATURE_NAMES = [
  "overlap",
  "embedding",
  "order",
  "vectorAlign",
  "vectorAlignMin",
  "coverMin",
  "coverMax",
  "lengthRatio",
  "logLength",
  "lengthGap",
  "sequence",
  "trigrams",
  "unpaired",
  "valueConflict",
  "negation",
  "amountConflict",
  "opposite",
  "stateChange",
  "thing",
  "thingParallel",
  "swapFar",
  "action",
  "roles",
  "source",
  "deadlineOneSide",
  "dateOneSide",
  "nameOneSide",
  "numberOneSide",
  "qualifierOneSide",
  "modalityOneSide",
  "strongModalityOneSide",
  "amountOneSide",
  "partialAmountOneSide",
  "negationOneSide",
] as const;
export type FeatureName = (typeof FEATURE_NAMES)[number] | "encoder";
export type Features = Record<FeatureName, number>;

/** Weighted mean, over one side's content words, of each word's best cosine with a word of the other side. */
function alignDirection(from: Token[], to: Token[], vectors: WordVectors): number {
  let sum = 0;
  let total = 0;
  const dim = vectors.dim;
  for (const x of from) {
    total += x.weight;
    if (x.row < 0) continue;
    let best = 0;
    for (const y of to) {
      if (y.row < 0) continue;
      if (y.stem === x.stem) {
        best = 1;
        break;
      }
      let dot = 0;
      const ox = x.row * dim;
      const oy = y.row * dim;
      for (let i = 0; i < dim; i++) dot += (vectors.data[ox + i] as number) * (vectors.data[oy + i] as number);
      if (dot > best) best = dot;
    }
    sum += x.weight * best;
  }
  return total === 0 ? 1 : sum / total;
}

/** Weighted share of one side's content words that have a partner (the same word or a WordNet relative). */
function cover(words: Token[], partner: number[]): number {
  let paired = 0;
  let total = 0;
  words.forEach((t, i) => {
    total += t.weight;
    if ((partner[i] as number) >= 0) paired += t.weight;
  });
  return total === 0 ? 1 : paired / total;
}

const count = (ds: Difference[], test: (d: Difference) => boolean) => Math.min(2, ds.filter(test).length);

/** Longest common subsequence of the content words (by stem), over the longer side: word order kept. */
function sequence(x: Token[], y: Token[]): number {
  if (x.length === 0 || y.length === 0) return x.length === y.length ? 1 : 0;
  let prev = new Array<number>(y.length + 1).fill(0);
  for (const t of x) {
    const row = new Array<number>(y.length + 1).fill(0);
    for (let j = 0; j < y.length; j++)
      row[j + 1] = t.stem === y[j]?.stem ? (prev[j] as number) + 1 : Math.max(prev[j + 1] as number, row[j] as number);
    prev = row;
  }
  return (prev[y.length] as number) / Math.max(x.length, y.length);
}

/** Dice of the word trigrams as written (lower case): phrases kept whole. */
function trigrams(a: Analysis, b: Analysis): number {
  const grams = (an: Analysis) => {
    const out = new Set<string>();
    for (let i = 2; i < an.tokens.length; i++)
      out.add(`${an.tokens[i - 2]?.stem} ${an.tokens[i - 1]?.stem} ${an.tokens[i]?.stem}`);
    return out;
  };
  const [ga, gb] = [grams(a), grams(b)];
  if (ga.size + gb.size === 0) return 1;
  let shared = 0;
  for (const g of ga) if (gb.has(g)) shared++;
  return (2 * shared) / (ga.size + gb.size);
}

/** The pair's features; `encoder` is the sentence encoder's cosine when it has been computed. */
export function pairFeatures(
  a: Analysis,
  b: Analysis,
  al: Alignment,
  parts: SimilarityParts,
  ds: Difference[],
  vectors: WordVectors | null,
  encoder = 0,
): Features {
  const forward = vectors ? alignDirection(al.wordsA, al.wordsB, vectors) : parts.overlap;
  const backward = vectors ? alignDirection(al.wordsB, al.wordsA, vectors) : parts.overlap;
  const ca = cover(al.wordsA, al.partnerA);
  const cb = cover(al.wordsB, al.partnerB);
  const na = al.wordsA.length;
  const nb = al.wordsB.length;
  const oneSided = (kind: Difference["kind"]) => (d: Difference) => d.kind === kind && !d.conflict && !d.tag;
  const things = ds.filter((d) => d.kind === "thing" && d.tag === undefined);
  // How far apart the swapped heads are in use: "jail" / "prison" (0.94) is a rewording, "queue" / "database" not.
  let swapFar = 0;
  for (const d of things) {
    const [x, y] = [a.tokens[d.tokensA.at(-1) ?? -1], b.tokens[d.tokensB.at(-1) ?? -1]];
    const cos = x && y ? wordCosine(a, x, y) : null;
    swapFar = Math.max(swapFar, cos === null ? 1 : 1 - Math.max(0, cos));
  }
  return {
    overlap: parts.overlap,
    embedding: parts.embedding,
    order: parts.order,
    vectorAlign: (forward + backward) / 2,
    vectorAlignMin: Math.min(forward, backward),
    coverMin: Math.min(ca, cb),
    coverMax: Math.max(ca, cb),
    lengthRatio: Math.max(na, nb) === 0 ? 1 : Math.min(na, nb) / Math.max(na, nb),
    logLength: Math.log1p((na + nb) / 2),
    lengthGap: Math.log1p(Math.abs(na - nb)),
    sequence: sequence(al.wordsA, al.wordsB),
    trigrams: trigrams(a, b),
    // Words of their own on the side with more of them: an extra clause, not a reworded word.
    unpaired: Math.log1p(Math.max(al.partnerA.filter((p) => p < 0).length, al.partnerB.filter((p) => p < 0).length)),
    valueConflict: count(
      ds,
      (d) =>
        d.conflict &&
        d.tag !== "opposite" &&
        (d.kind === "number" || d.kind === "date" || d.kind === "name" || d.kind === "qualifier"),
    ),
    negation: count(ds, (d) => d.kind === "negation" && d.conflict),
    amountConflict: count(ds, (d) => d.conflict && (d.kind === "quantifier" || d.kind === "modality")),
    opposite: count(ds, (d) => d.tag === "opposite"),
    stateChange: count(ds, (d) => d.kind === "time"),
    thing: Math.min(2, things.length),
    // A swap in statements otherwise worded alike is another thing; amid a rewording, often a synonym WordNet lacks.
    thingParallel: things.length > 0 ? parts.overlap : 0,
    swapFar,
    action: count(ds, (d) => d.tag === "action"),
    roles: count(ds, (d) => d.tag === "roles"),
    source: count(ds, (d) => d.tag === "source"),
    deadlineOneSide: count(ds, (d) => d.tag === "deadline" || d.tag === "undated"),
    dateOneSide: count(ds, (d) => d.kind === "date" && !d.conflict && d.tag === undefined),
    nameOneSide: count(ds, oneSided("name")),
    numberOneSide: count(ds, oneSided("number")),
    qualifierOneSide: count(ds, oneSided("qualifier")),
    modalityOneSide: count(ds, oneSided("modality")),
    strongModalityOneSide: count(ds, (d) => d.tag === "strong"),
    amountOneSide: count(ds, oneSided("quantifier")),
    partialAmountOneSide: count(ds, (d) => d.tag === "partial"),
    negationOneSide: count(ds, oneSided("negation")),
    encoder,
  };
}
