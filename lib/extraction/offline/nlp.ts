import winkNLP from "wink-nlp";
import model from "wink-eng-lite-web-model";

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

type Nlp = ReturnType<typeof winkNLP>;
let instance: Nlp | null = null;

/** Loading the model takes ~150 ms, so it happens once per process, on first use. */
function nlp(): Nlp {
  instance ??= winkNLP(model);
  return instance;
}

/**
 * Sentences with tokens and character offsets. Curly apostrophes are straightened first (same
 * length, so offsets still point into the original) because the model only splits "I'm" with "'".
 */
export function analyse(text: string): Sentence[] {
  const n = nlp();
  const its = n.its;
  const doc = n.readDoc(text.replace(/[\u2018\u2019]/g, "'"));
  const words: string[] = doc.tokens().out();
  const spaces: string[] = doc.tokens().out(its.precedingSpaces);
  const pos: string[] = doc.tokens().out(its.pos);
  // The typings give `its.lemma` a third (addons) parameter that `out` does not declare.
  const lemmas: string[] = doc.tokens().out(its.lemma as unknown as typeof its.pos);
  const negs = doc.tokens().out(its.negationFlag) as unknown as boolean[];
  const entityOf = new Map<number, string>();
  const entSpans = doc.entities().out(its.span) as unknown as [number, number][];
  const entTypes = doc.entities().out(its.type) as unknown as string[];
  entSpans.forEach(([from, to], k) => {
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
      const [, subj, rest] = contraction as unknown as [string, string, string];
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

  const spans = doc.sentences().out(its.span) as unknown as [number, number][];
  return spans
    .map(([from, to]) => byIndex.slice(from, to + 1).flat())
    .filter((s) => s.length > 0)
    .map((s) => ({ start: s[0]!.start, end: s[s.length - 1]!.end, toks: s }));
}

const AUX_LEMMA: Record<string, string> = {
  "'m": "be",
  "'re": "be",
  "'s": "be",
  "'ve": "have",
  "'ll": "will",
  "'d": "would",
};
