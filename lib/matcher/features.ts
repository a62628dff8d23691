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
  "crossing",
  "verbsBoth",
  "coverMinLong",
  "vectorAlignMinLong",
] as const;
export type FeatureName = (typeof FEATURE_NAMES)[number] | "encoder";
export type Features = Record<FeatureName, number>;

/**
 * Weighted mean, over each side's content words, of each word's best cosine with a word of the other side
 * (the same word counts 1): both directions from one pass over the pairs of words.
 */
function alignBoth(xs: Token[], ys: Token[], vectors: WordVectors): [number, number] {
  const dim = vectors.dim;
  const data = vectors.data;
  const bestY = new Float64Array(ys.length);
  let sumX = 0;
  let totalX = 0;
  for (const x of xs) {
    totalX += x.weight;
    let best = 0;
    for (let j = 0; j < ys.length; j++) {
      const y = ys[j] as Token;
      let c: number;
      if (y.stem === x.stem) c = 1;
      else if (x.row < 0 || y.row < 0) continue;
      else {
        c = 0;
        const ox = x.row * dim;
        const oy = y.row * dim;
        for (let i = 0; i < dim; i++) c += (data[ox + i] as number) * (data[oy + i] as number);
      }
      if (c > best) best = c;
      if (c > (bestY[j] as number)) bestY[j] = c;
    }
    sumX += x.weight * best;
  }
  let sumY = 0;
  let totalY = 0;
  ys.forEach((y, j) => {
    totalY += y.weight;
    sumY += y.weight * (bestY[j] as number);
  });
  return [totalX === 0 ? 1 : sumX / totalX, totalY === 0 ? 1 : sumY / totalY];
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

type FindingName = Exclude<
  (typeof FEATURE_NAMES)[number],
  "overlap" | "embedding" | "order" | "crossing" | "verbsBoth"
>;

/** Which count a guard's finding adds to (each finding to one). */
function findingOf(d: Difference): FindingName | null {
  if (d.tag === "opposite") return "opposite";
  if (d.tag === "action") return "action";
  if (d.tag === "roles") return "roles";
  if (d.tag === "source") return "source";
  if (d.tag === "deadline" || d.tag === "undated") return "deadlineOneSide";
  if (d.tag === "strong") return "strongModalityOneSide";
  if (d.tag === "partial") return "partialAmountOneSide";
  if (d.kind === "time") return "stateChange";
  if (d.kind === "thing") return "thing";
  if (d.kind === "negation") return d.conflict ? "negation" : "negationOneSide";
  if (d.conflict) return d.kind === "quantifier" || d.kind === "modality" ? "amountConflict" : "valueConflict";
  const oneSide: Record<string, FindingName> = {
    date: "dateOneSide",
    name: "nameOneSide",
    number: "numberOneSide",
    qualifier: "qualifierOneSide",
    modality: "modalityOneSide",
    quantifier: "amountOneSide",
  };
  return oneSide[d.kind] ?? null;
}

const unpairedCount = (partner: number[]) => {
  let n = 0;
  for (const p of partner) if (p < 0) n++;
  return n;
};

/**
 * Share of the paired words' pairs that come in the other order on the other side: "A nude lady is walking in
 * front of a crowd" / "A nude crowd is walking in front of a lady" pairs every word, in another arrangement.
 * Counted over WordNet relatives too, which the stem-only sequence below misses.
 */
function crossing(partner: number[]): number {
  const js = partner.filter((j) => j >= 0);
  let pairs = 0;
  let crossed = 0;
  for (let p = 0; p < js.length; p++)
    for (let q = p + 1; q < js.length; q++) {
      pairs++;
      if ((js[p] as number) > (js[q] as number)) crossed++;
    }
  return pairs === 0 ? 0 : crossed / pairs;
}

/** WordNet mostly knows the word as a verb. */
const verbish = (t: Token) =>
  !!t.senses && t.senses.posWeight[1] > Math.max(t.senses.posWeight[0], t.senses.posWeight[2], t.senses.posWeight[3]);

/**
 * Verbs on both sides left unpaired or paired only as a kind of the other (the fewer of the two, at most 2):
 * another action in the same scene ("is sitting in shallow water" / "is trotting through shallow water"),
 * where one side's extra verb is more often an added clause.
 */
function verbsBoth(al: Alignment): number {
  const loose = (i: number) => i < 0 || al.relationA[i] === "hypernym";
  const a = al.wordsA.filter((t, i) => verbish(t) && ((al.partnerA[i] as number) < 0 || loose(i))).length;
  const b = al.wordsB.filter((t, j) => verbish(t) && loose(al.partnerB[j] as number)).length;
  return Math.min(2, a, b);
}

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

const trigramCache = new WeakMap<Analysis, Set<string>>();

/** Dice of the word trigrams as written (lower case): phrases kept whole. */
function trigrams(a: Analysis, b: Analysis): number {
  const grams = (an: Analysis) => {
    let out = trigramCache.get(an);
    if (out) return out;
    out = new Set<string>();
    for (let i = 2; i < an.tokens.length; i++)
      out.add(`${an.tokens[i - 2]?.stem} ${an.tokens[i - 1]?.stem} ${an.tokens[i]?.stem}`);
    trigramCache.set(an, out);
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
  const [forward, backward] = vectors ? alignBoth(al.wordsA, al.wordsB, vectors) : [parts.overlap, parts.overlap];
  const ca = cover(al.wordsA, al.partnerA);
  const cb = cover(al.wordsB, al.partnerB);
  const na = al.wordsA.length;
  const nb = al.wordsB.length;
  const counts: Partial<Record<FindingName, number>> = {};
  // How far apart the swapped heads are in use: "jail" / "prison" (0.94) is a rewording, "queue" / "database" not.
  let swapFar = 0;
  for (const d of ds) {
    const f = findingOf(d);
    if (f) counts[f] = Math.min(2, (counts[f] ?? 0) + 1);
    if (f !== "thing") continue;
    const [x, y] = [a.tokens[d.tokensA.at(-1) ?? -1], b.tokens[d.tokensB.at(-1) ?? -1]];
    const cos = x && y ? wordCosine(a, x, y) : null;
    swapFar = Math.max(swapFar, cos === null ? 1 : 1 - Math.max(0, cos));
  }
  const n = (f: FindingName) => counts[f] ?? 0;
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
    unpaired: Math.log1p(Math.max(unpairedCount(al.partnerA), unpairedCount(al.partnerB))),
    valueConflict: n("valueConflict"),
    negation: n("negation"),
    amountConflict: n("amountConflict"),
    opposite: n("opposite"),
    stateChange: n("stateChange"),
    thing: n("thing"),
    // A swap in statements otherwise worded alike is another thing; amid a rewording, often a synonym WordNet lacks.
    thingParallel: n("thing") > 0 ? parts.overlap : 0,
    swapFar,
    action: n("action"),
    roles: n("roles"),
    source: n("source"),
    deadlineOneSide: n("deadlineOneSide"),
    dateOneSide: n("dateOneSide"),
    nameOneSide: n("nameOneSide"),
    numberOneSide: n("numberOneSide"),
    qualifierOneSide: n("qualifierOneSide"),
    modalityOneSide: n("modalityOneSide"),
    strongModalityOneSide: n("strongModalityOneSide"),
    amountOneSide: n("amountOneSide"),
    partialAmountOneSide: n("partialAmountOneSide"),
    negationOneSide: n("negationOneSide"),
    crossing: crossing(al.partnerA),
    verbsBoth: verbsBoth(al),
    // How much an unpaired word counts depends on length: in a short statement every word is the fact, a long
    // one (a news sentence) can carry a clause of its own and still say the same.
    coverMinLong: Math.min(ca, cb) * Math.log1p((na + nb) / 2),
    vectorAlignMinLong: Math.min(forward, backward) * Math.log1p((na + nb) / 2),
    encoder,
  };
}
