import type { Tok } from "@/lib/extraction/offline/nlp";

/**
 * Whether a clause says enough to be a fact at all: how much it names (informativeness), the amounts and dates
 * in it, and the shapes that only answer or echo something said around them (a fragment, an answer with no
 * subject). Read by the offline extractor before a clause becomes a candidate.
 */

/** Words at most in a verbless clause read as a fragment (a longer one lists facts: "Four cells per run, …"). */
const FRAGMENT_WORDS = 5;
export function isFragment(clause: Tok[]): boolean {
  const words = verbless(clause);
  return words !== null && words.length <= FRAGMENT_WORDS;
}

/** A clause's words when none is a verb; null when it has one. */
function verbless(clause: Tok[]): Tok[] | null {
  const words = clause.filter((t) => t.pos !== "PUNCT" && t.pos !== "SYM");
  return words.some((t) => t.pos === "VERB" || t.pos === "AUX") ? null : words;
}

/**
 * A short verbless clause opening on a preposition or an adverb that names no thing, only an amount or a date:
 * it has no subject, only a reply's words. "At most three vendors." names what it limits and stays.
 */
const ANSWER_WORDS = 8;
export function isAnswerOnly(clause: Tok[]): boolean {
  const words = verbless(clause);
  if (words === null || words.length > ANSWER_WORDS) return false;
  const thing = words.some((t) => t.pos === "NOUN" && t.entity === null);
  return !thing && /^(?:ADP|ADV|PART|SCONJ)$/.test(words[0]?.pos ?? "");
}

/** Entities that carry a quantity or a date: a price, a percentage, a deadline, a duration. */
const AMOUNT = new Set(["MONEY", "PERCENT", "DATE", "DURATION"]);

/** How many amounts and dates a clause holds (a run of tokens of one entity is one; a bare figure is one). */
export function amountsIn(clause: Tok[]): number {
  let n = 0;
  clause.forEach((t, i) => {
    const amount = (t.entity !== null && AMOUNT.has(t.entity)) || (t.pos === "NUM" && /\d/.test(t.text));
    const before = clause[i - 1];
    const sameRun =
      before !== undefined &&
      ((before.entity !== null && before.entity === t.entity) || (before.pos === "SYM" && t.pos === "NUM"));
    if (amount && !sameRun) n++;
  });
  return n;
}

/**
 * How much a clause tells about someone or something: the things it names, an explicit cue, the
 * speaker talking about themselves; reactions ("That was amazing!") and exclamations count against.
 */
export function informativeness(clause: Tok[], nouns: number, strong: boolean): number {
  const self = clause.some((t) => t.lower === "i" || t.lower === "my" || t.lower === "me");
  const startsWithSelf = /^(i|my|we|our)$/.test(clause[0]!.lower);
  const reaction = /^(it|that|this|these|those|they|there)$/.test(clause[0]!.lower);
  const exclaims = clause[clause.length - 1]!.text.includes("!");
  return (
    Math.min(nouns, 5) +
    (strong ? 2 : 0) +
    (self ? 1 : 0) +
    (startsWithSelf ? 0.5 : 0) -
    (reaction ? 1 : 0) -
    (exclaims ? 0.5 : 0)
  );
}
