import { isNoun, type Alignment } from "./align";
import type { Difference } from "./guards";
import type { Analysis, Token } from "./lexical";
import { changed } from "./reasons";

/** A passive voice swaps the order of doer and done-to without swapping the roles: "is played by a girl". */
const passive = (an: Analysis, from: number, to: number) =>
  an.tokens.slice(from, to).some((t) => t.text === "by") ||
  an.tokens.slice(from, to).some((t) => t.text === "being" || t.text === "been");

/**
 * Doer and done-to swapped around the same verb: "The woman is picking up the kangaroo" / "The kangaroo
 * is picking up the woman". Every word pairs, yet it is another statement: related, never a duplicate.
 */
export function roleDifferences(a: Analysis, b: Analysis, al: Alignment): Difference[] {
  const { wordsA, partnerA } = al;
  for (let i = 0; i < wordsA.length; i++) {
    const j = partnerA[i] as number;
    const x = wordsA[i] as Token;
    if (j < 0 || !isNoun(x) || al.relationA[i] !== "same") continue;
    // Noun, verb, noun, one content word after the other on both sides: a clause reordered around a
    // reporting verb ("X said Y" / "Y, X said") is no swap of roles.
    for (let k = i + 2; k <= i + 2 && k < wordsA.length; k++) {
      const l = partnerA[k] as number;
      const y = wordsA[k] as Token;
      if (l < 0 || l !== j - 2 || !isNoun(y) || y.stem === x.stem || al.relationA[k] !== "same") continue;
      // A verb between them on both sides, paired: the same action with its doer and done-to swapped.
      const verb = wordsA.slice(i + 1, k).find((v, d) => {
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
