import { readWinkDocument } from "@/lib/extraction/offline/wink";

/** One analysed token; offsets are relative to the text given to `analyse`. */
export interface Tok {
  text: string;
  lower: string;
  pos: string;
  lemma: string;
  negated: boolean;
  start: number;
  end: number;
  entity: string | null;
}

export interface Sentence {
  start: number;
  end: number;
  toks: Tok[];
}

/**
 * Sentences with tokens and character offsets. Curly apostrophes are straightened first (same
 * length, so offsets still point into the original) because the model only splits "I'm" with "'".
 */
export function analyse(text: string): Sentence[] {
  const doc = readWinkDocument(text.replace(/[\u2018\u2019]/g, "'"));
  const { words, spaces, pos, lemmas, negated: negs, entityTypes: entTypes } = doc;
  const entityOf = new Map<number, string>();
  doc.entitySpans.forEach(([from, to], k) => {
    for (let i = from; i <= to; i++) entityOf.set(i, entTypes[k] ?? "ENTITY");
  });

  const byIndex: Tok[][] = [];
  let at = 0;
  words.forEach((w, i) => {
    at += (spaces[i] ?? "").length;
    const base = { negated: negs[i] === true, entity: entityOf.get(i) ?? null };
    const contraction = /^(i|you|we|they|he|she|it|that|there)('(?:m|re|ve|ll|d|s))$/i.exec(w);
    if (contraction) {
      // The model sometimes leaves "I'm" whole (tagged as a proper noun): split it like "I" + "'m".
      const subj = contraction[1] ?? "";
      const rest = contraction[2] ?? "";
      byIndex.push([
        {
          ...base,
          text: subj,
          lower: subj.toLowerCase(),
          pos: "PRON",
          lemma: subj.toLowerCase(),
          start: at,
          end: at + subj.length,
        },
        {
          ...base,
          text: rest,
          lower: rest.toLowerCase(),
          pos: "AUX",
          lemma: AUX_LEMMA[rest.toLowerCase()] ?? rest,
          start: at + subj.length,
          end: at + w.length,
        },
      ]);
    } else {
      const lemma = lemmas[i] ?? w.toLowerCase();
      byIndex.push([
        { ...base, text: w, lower: w.toLowerCase(), pos: pos[i] ?? "X", lemma, start: at, end: at + w.length },
      ]);
    }
    at += w.length;
  });

  return doc.sentenceSpans
    .flatMap(([from, to]) => capped(byIndex.slice(from, to + 1).flat()))
    .filter((s) => s.length > 0)
    .map((s) => ({ start: s[0]!.start, end: s[s.length - 1]!.end, toks: s }));
}

/**
 * A sentence longer than this many tokens is cut into runs of it: words without punctuation (a 2 MB line,
 * a pasted log) read as one sentence, and clause splitting and matching are not linear in its length.
 * No spoken fact is 200 words long; the cost per character stays bounded.
 */
const MAX_SENTENCE_TOKENS = 200;

function capped(toks: Tok[]): Tok[][] {
  if (toks.length <= MAX_SENTENCE_TOKENS) return [toks];
  const runs: Tok[][] = [];
  for (let i = 0; i < toks.length; i += MAX_SENTENCE_TOKENS) runs.push(toks.slice(i, i + MAX_SENTENCE_TOKENS));
  return runs;
}

const AUX_LEMMA: Record<string, string> = {
  "'m": "be",
  "'re": "be",
  "'s": "be",
  "'ve": "have",
  "'ll": "will",
  "'d": "would",
};
