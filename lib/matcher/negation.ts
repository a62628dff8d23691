import type { Difference } from "./guards";
import { NEGATORS, type Analysis, type Token } from "./lexical";
import { addsDetail, changed, verbPhrase } from "./reasons";
import { paired, type Slots } from "./values";
import { NEGATING_VERBS, OBLIGATION_VERBS } from "./vocabulary";

// "No, it is not a good idea": a leading "No" before a comma answers, it does not negate.
const ANSWER_NO = /^\W*no\s*[,.!;:]/i;

/**
 * Negating words: "not", "never", "no", and "failed to" / "has yet to" before a verb; not "no longer", "not
 * only" or "nothing but".
 */
function negators(an: Analysis): Token[] {
  const skipFirst = ANSWER_NO.test(an.text);
  return an.tokens.filter(
    (t, i) =>
      (NEGATORS.has(t.text) || (NEGATING_VERBS.has(t.text) && an.tokens[i + 1]?.text === "to")) &&
      !(skipFirst && i === 0) &&
      // "no longer" says a state ended: the time guard reads it.
      !(t.text === "no" && an.tokens[i + 1]?.text === "longer") &&
      // "not only X but Y" and "nothing but praise" affirm.
      !(t.text === "not" && an.tokens[i + 1]?.text === "only") &&
      !(t.text === "nothing" && an.tokens[i + 1]?.text === "but"),
  );
}

/**
 * The word a negator negates: the next content word ("no one banging" negates "banging"), or the one after
 * when that word recurs in the statement ("No motorcycle rider ... of a motorcycle" negates "rider").
 */
function governed(an: Analysis, neg: Token, negs: ReadonlySet<number>): Token | undefined {
  const next = an.tokens.filter(
    (t) => t.index > neg.index && !t.stop && !negs.has(t.index) && !(t.text === "one" && t.index === neg.index + 1),
  );
  const unique = (t: Token) => an.tokens.filter((u) => u.stem === t.stem).length === 1;
  return next.slice(0, 2).find(unique) ?? next[0];
}

/**
 * A word and its partner sit in the same place: a content word within four of each pairs up, or one of
 * them has no content word near it ("John has never been to Paris").
 */
function near(s: Slots, ta: Token, tb: Token): boolean {
  const around = (an: Analysis, t: Token) =>
    an.tokens
      .slice(Math.max(0, t.index - 4), t.index + 5)
      .filter((u) => u !== t && !u.stop && !NEGATORS.has(u.text) && !/\d/.test(u.text));
  const na = around(s.a, ta);
  const nb = around(s.b, tb);
  if (na.length === 0 || nb.length === 0 || na.some((x) => nb.some((y) => paired(s, x, y)))) return true;
  // One short clause each: the other voice ("The budget was approved" / "They did not approve the budget", "No
  // snake is being fed a mouse by a man" / "The man is feeding a mouse to the snake") or a phrase of its own
  // ("Two people in a race are flipping …") moves the word's neighbours out of reach of the window; in one
  // short clause a neighbour paired anywhere is the same place.
  if (!short(s.a) || !short(s.b)) return false;
  const all = (an: Analysis) => an.tokens.filter((u) => !u.stop && !NEGATORS.has(u.text));
  const [wa, wb] = [all(s.a), all(s.b)];
  return na.some((x) => wb.some((y) => paired(s, x, y))) || nb.some((y) => wa.some((x) => paired(s, x, y)));
}

/** At most seven content words: one clause, where the words can only fill one set of slots. */
const short = (an: Analysis) => an.tokens.filter((t) => !t.stop).length <= 7;

/** An obligation: "must", "should", "has to", "needs to". */
const obligation = (an: Analysis, t: Token) =>
  t.text === "must" || t.text === "should" || (OBLIGATION_VERBS.has(t.text) && an.tokens[t.index + 1]?.text === "to");

/** A negator just before or after the word ("is not smiling", "no man is", "man is not") negates it. */
const negatedNear = (negs: Token[], at: number) => negs.some((n) => n.index >= at - 3 && n.index <= at + 2);

/**
 * A negated word whose partner on the other side is said plainly: "will not ship" / "will ship", "There
 * is no man smiling" / "The man is smiling". Read word by word, not by counting negators, so "is not
 * walking ... is not putting" against "is walking ... is putting" is seen. A negated word the other side
 * does not have ("... but gave no details") is an added detail.
 */
export function negationDifferences(s: Slots): Difference[] {
  const out: Difference[] = [];
  for (const negIsA of [true, false]) {
    const [negAn, plainAn] = negIsA ? [s.a, s.b] : [s.b, s.a];
    const negs = negators(negAn);
    if (negs.length === 0) continue;
    const plainNegs = negators(plainAn);
    const negSet = new Set(negs.map((t) => t.index));
    const conflicts: Array<{ neg: Token; word: Token; match: Token }> = [];
    const details: string[] = [];
    const ownNegated = new Set(negs.map((n) => governed(negAn, n, negSet)?.index));
    // What the other side negates too ("No one has been killed" on both sides) is no difference.
    const plainSet = new Set(plainNegs.map((t) => t.index));
    const otherNegated = new Set(plainNegs.map((n) => governed(plainAn, n, plainSet)?.index));
    for (const neg of negs) {
      const word = governed(negAn, neg, negSet);
      if (!word) continue;
      // The same word said plainly on this side too ("what he said happened didn't happen"): no telling which.
      if (negAn.tokens.some((t) => t.stem === word.stem && t.index !== word.index && !ownNegated.has(t.index)))
        continue;
      const matches = plainAn.tokens.filter((t) => (negIsA ? paired(s, word, t) : paired(s, t, word)));
      // "does not need to support" / "must support": no obligation against one, however each is written.
      const duty = obligation(negAn, word) ? plainAn.tokens.find((t) => obligation(plainAn, t)) : undefined;
      // What the plain side obliges reads as its match: "must support".
      const obliged = duty && plainAn.tokens.slice(duty.index + 1, duty.index + 4).find((u) => !u.stop);
      if (matches.length === 0 && duty && !negatedNear(plainNegs, duty.index))
        conflicts.push({ neg, word, match: obliged ?? duty });
      else if (matches.length === 0) details.push(verbPhrase(negAn, word.index, negSet));
      // Negated where the other side says it plainly, in the same place (a neighbour pairs up).
      else if (!matches.some((m) => otherNegated.has(m.index) || negatedNear(plainNegs, m.index))) {
        const match = matches.find((m) => (negIsA ? near(s, word, m) : near(s, m, word)));
        if (match) conflicts.push({ neg, word, match });
      }
    }
    const first = conflicts[0];
    if (first) {
      // A negated noun ("no man") reads with what it does: "no man smiling" / "The man is smiling".
      const extend = (an: Analysis, t: Token) => {
        // An obligation reads with what it obliges: "must support", "does not need to support".
        const duty = obligation(an, t) ? an.tokens.slice(t.index + 1, t.index + 4).find((u) => !u.stop) : undefined;
        if (duty) return duty.index;
        const after = an.tokens.slice(t.index + 1, t.index + 3).find((u) => !u.stop);
        return first.neg.text === "no" && after && !NEGATORS.has(after.text) ? after.index : t.index;
      };
      const negPhrase = verbPhrase(negAn, first.word.index, negSet, extend(negAn, first.word));
      const plainPhrase = verbPhrase(plainAn, first.match.index, new Set(), extend(plainAn, first.match));
      const idx = conflicts.map((c) => c.neg.index);
      out.push({
        kind: "negation",
        a: negIsA ? conflicts.map((c) => c.neg.text) : [],
        b: negIsA ? [] : conflicts.map((c) => c.neg.text),
        conflict: true,
        veto: true,
        reason: negIsA ? changed("negation", negPhrase, plainPhrase) : changed("negation", plainPhrase, negPhrase),
        tokensA: negIsA ? idx : [],
        tokensB: negIsA ? [] : idx,
      });
    } else if (details.length > 0) {
      const idx = negs.map((t) => t.index);
      out.push({
        kind: "negation",
        a: negIsA ? negs.map((t) => t.text) : [],
        b: negIsA ? [] : negs.map((t) => t.text),
        conflict: false,
        veto: false,
        reason: addsDetail(details),
        tokensA: negIsA ? idx : [],
        tokensB: negIsA ? [] : idx,
      });
    }
  }
  return out;
}
