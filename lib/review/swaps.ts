import { findSwaps, type Alignment } from "./align";
import type { Difference } from "./guards";
import type { Analysis, Token } from "./lexical";

/** Shows the swapped word with a neighbour both sides share ("identity queue" / "backup queue"). */
function swapPhrases(a: Analysis, x: Token, b: Analysis, y: Token): [string, string] {
  const nextA = a.tokens[x.index + 1];
  const nextB = b.tokens[y.index + 1];
  if (nextA && nextB && !nextA.stop && nextA.stem === nextB.stem) return [`${x.original} ${nextA.original}`, `${y.original} ${nextB.original}`];
  const prevA = a.tokens[x.index - 1];
  const prevB = b.tokens[y.index - 1];
  if (prevA && prevB && !prevA.stop && prevA.stem === prevB.stem) return [`${prevA.original} ${x.original}`, `${prevB.original} ${y.original}`];
  return [x.original, y.original];
}

const DETERMINERS = new Set("a an the his her their my our your its this that these those some any each every another".split(" "));

/**
 * Likely a noun here: WordNet's commonest use of the word is as a noun, or a determiner precedes it
 * ("the study"). Words WordNet lacks are mostly names and jargon, so nouns too. Verbs and adjectives
 * are left out on purpose: STS-B paraphrases swap them freely for words WordNet does not relate
 * ("stabbing" / "puncturing", "powerful" / "prominent"), while a swapped noun names a different thing.
 * Part-of-speech tagging (wink-nlp) would cost ~0.3 ms per text and mis-tags headlines anyway.
 */
function nounish(an: Analysis, t: Token, modifiesSharedWord: boolean): boolean {
  if (!t.senses) return true;
  const [noun, verb, adj, adv] = t.senses.posWeight;
  if (adj > Math.max(noun, verb)) return false;
  // In a noun phrase: a determiner right before, or before a modifier ("the invoicing cache").
  const prev = an.tokens[t.index - 1];
  const before = an.tokens[t.index - 2];
  const det = (prev !== undefined && DETERMINERS.has(prev.text)) || (before !== undefined && prev !== undefined && !prev.stop && DETERMINERS.has(before.text));
  // A word modifying the same noun on both sides ("upload API" / "tracing API") names a different kind of it.
  return modifiesSharedWord || (noun > 0 && (noun >= Math.max(verb, adj, adv) || det));
}

/**
 * A noun swapped for one WordNet does not relate to it, between the same neighbours, is a different
 * thing ("identity queue" / "backup queue", "guitar" / "flute"); a word swapped for its WordNet
 * antonym is an opposite. Words another guard already settles are left to it; a name on one side
 * only is not settled ("John rated ..." / "Customers rated ..." fill the same slot).
 */
export function swapDifferences(a: Analysis, b: Analysis, al: Alignment, explained: Difference[]): Difference[] {
  const swaps = findSwaps(al);
  if (swaps.length === 0) return [];
  // A date on one side already blocks "duplicate" without being a conflict ("Monday" / "this week").
  const settled = explained.filter((d) => d.conflict || d.kind === "date");
  const seenA = new Set(settled.flatMap((d) => d.tokensA));
  const seenB = new Set(settled.flatMap((d) => d.tokensB));
  const out: Difference[] = [];
  for (const { a: x, b: y, antonym } of swaps) {
    if (seenA.has(x.index) || seenB.has(y.index)) continue;
    const nextA = a.tokens[x.index + 1];
    const nextB = b.tokens[y.index + 1];
    const compound = nextA !== undefined && nextB !== undefined && !nextA.stop && nextA.stem === nextB.stem;
    if (!antonym && !(nounish(a, x, compound) && nounish(b, y, compound))) continue;
    const [pa, pb] = swapPhrases(a, x, b, y);
    const kind = antonym ? "qualifier" : "thing";
    out.push({ kind, a: [x.original], b: [y.original], conflict: true, reason: `'${pa}' vs '${pb}'`, tokensA: [x.index], tokensB: [y.index] });
  }
  return out;
}
