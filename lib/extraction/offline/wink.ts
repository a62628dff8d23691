import winkNLP from "wink-nlp";
import model from "wink-eng-lite-web-model";

/**
 * The wink-nlp typings shim: the one place that reads wink's documents, so the casts its typings
 * force stay here. `out(its.x)` is declared as returning strings for every `its` helper, while
 * negationFlag gives booleans, span gives [from, to] pairs, and `its.lemma` takes a third (addons)
 * parameter that `out` does not declare.
 */

type Nlp = ReturnType<typeof winkNLP>;
let instance: Nlp | null = null;

/** Loading the model takes ~150 ms, so it happens once per process, on first use. */
function nlp(): Nlp {
  instance ??= winkNLP(model);
  return instance;
}

export interface WinkDocument {
  words: string[];
  /** Whitespace before each word. */
  spaces: string[];
  pos: string[];
  lemmas: string[];
  negated: boolean[];
  /** Entities as [first, last] token indexes, with their types. */
  entitySpans: [number, number][];
  entityTypes: string[];
  /** Sentences as [first, last] token indexes. */
  sentenceSpans: [number, number][];
}

export function readWinkDocument(text: string): WinkDocument {
  const n = nlp();
  const its = n.its;
  const doc = n.readDoc(text);
  const tokens = doc.tokens();
  return {
    words: tokens.out(),
    spaces: tokens.out(its.precedingSpaces),
    pos: tokens.out(its.pos),
    lemmas: tokens.out(its.lemma as unknown as typeof its.pos),
    negated: tokens.out(its.negationFlag) as unknown as boolean[],
    entitySpans: doc.entities().out(its.span) as unknown as [number, number][],
    entityTypes: doc.entities().out(its.type) as unknown as string[],
    sentenceSpans: doc.sentences().out(its.span) as unknown as [number, number][],
  };
}
