import { isNoun, type Alignment } from "./align";
import type { Difference } from "./guards";
import type { Analysis, Token } from "./lexical";
import { changed } from "./reasons";
import { nounish } from "./swaps";

/**
 * A doer or done-to: a noun, or a word after a determiner ("the log", though WordNet mostly knows a verb).
 * A possessive counts only as a noun WordNet knows ("a dog's tail"): nounish takes every possessive for a
 * noun, and "the Fed's next meeting" would make "Fed" a done-to.
 */
const isThing = (an: Analysis, t: Token) => isNoun(t) || (!t.possessive && nounish(an, t, false));

const BE = new Set(["is", "are", "was", "were", "be", "been", "being", "get", "got", "gets"]);

/** A passive voice swaps the order of doer and done-to without swapping the roles: "is played by a girl". */
const passive = (an: Analysis, from: number, to: number) =>
  an.tokens.slice(from, to).some(
    (t, d) =>
      t.text === "by" ||
      t.text === "being" ||
      t.text === "been" ||
      // "are expected to move": a form of "be" before a past participle.
      (BE.has(t.text) && /(ed|en|wn)$/.test(an.tokens[from + d + 1]?.text ?? "")),
  );

/**
 * Doer and done-to swapped around the same verb: "The woman is picking up the kangaroo" / "The kangaroo
 * is picking up the woman". Every word pairs, yet it is another statement: related, never a duplicate.
 */
export function roleDifferences(a: Analysis, b: Analysis, al: Alignment): Difference[] {
  const { wordsA, partnerA } = al;
  for (let i = 0; i < wordsA.length; i++) {
    const j = partnerA[i] as number;
    const x = wordsA[i] as Token;
    if (j < 0 || !isThing(a, x) || al.relationA[i] !== "same") continue;
    // Noun, verb, noun, in a row or with up to two more words between ("is quickly running behind"), on both
    // sides: a clause reordered around a reporting verb ("X said Y" / "Y, X said") is no swap of roles.
    for (let k = i + 2; k <= i + 4 && k < wordsA.length; k++) {
      const l = partnerA[k] as number;
      const y = wordsA[k] as Token;
      if (l < 0 || l >= j || j - l > 4 || !isThing(a, y) || y.stem === x.stem || al.relationA[k] !== "same") continue;
      // No other thing between them on either side, except the rest of y's compound ("the panda bear").
      const betweenA = wordsA.slice(i + 1, k);
      const betweenB = al.wordsB.slice(l + 1, j);
      if (betweenA.some(isNoun)) break;
      // y's compound goes on right after it on both sides ("panda bear"): its rest pairs in order.
      const compound = (d: number) => al.partnerB[l + 1 + d] === k + 1 + d;
      if (betweenB.some((t, d) => isNoun(t) && !compound(d))) continue;
      // A verb between them on both sides, paired: the same action with its doer and done-to swapped.
      const verb = betweenA.find((v, d) => {
        const p = partnerA[i + 1 + d] as number;
        return p > l && p < j && !isNoun(v);
      });
      if (!verb) continue;
      const xb = al.wordsB[j] as Token;
      const yb = al.wordsB[l] as Token;
      if (passive(a, x.index, y.index) || passive(b, yb.index, xb.index)) continue;
      return [
        {
          kind: "thing",
          a: [x.original, y.original],
          b: [yb.original, xb.original],
          conflict: true,
          veto: false,
          tag: "roles",
          reason: changed("roles", `${x.original} … ${y.original}`, `${yb.original} … ${xb.original}`),
          tokensA: [],
          tokensB: [],
        },
      ];
    }
  }
  return [];
}
