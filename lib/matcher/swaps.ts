import { findSwaps, isNoun, type Alignment } from "./align";
import type { Difference } from "./guards";
import { NEGATORS, type Analysis, type Token } from "./lexical";
import { changed } from "./reasons";
import { sameNameText } from "./names";
import { textValues } from "./values";
import { TITLES } from "./vocabulary";

/** A content word: not a function word, a negator or a number. */
const isWord = (t: Token) => !t.stop && !NEGATORS.has(t.text) && !/\d/.test(t.text);

/**
 * The swapped words as written (with any function words between them), with a neighbour both sides share
 * ("identity queue" / "backup queue").
 */
function swapPhrases(a: Analysis, x: Token[], b: Analysis, y: Token[]): [string, string] {
  const span = (an: Analysis, run: Token[], from = 0, to = 0) =>
    an.tokens
      .slice((run[0] as Token).index - from, (run[run.length - 1] as Token).index + 1 + to)
      .map((t) => (t.possessive ? `${t.original}'s` : t.original))
      .join(" ");
  const firstA = x[0] as Token;
  const firstB = y[0] as Token;
  const lastA = x[x.length - 1] as Token;
  const lastB = y[y.length - 1] as Token;
  const nextA = a.tokens[lastA.index + 1];
  const nextB = b.tokens[lastB.index + 1];
  if (nextA && nextB && isWord(nextA) && nextA.stem === nextB.stem) return [span(a, x, 0, 1), span(b, y, 0, 1)];
  const prevA = a.tokens[firstA.index - 1];
  const prevB = b.tokens[firstB.index - 1];
  if (prevA && prevB && isWord(prevA) && prevA.stem === prevB.stem) return [span(a, x, 1), span(b, y, 1)];
  return [span(a, x), span(b, y)];
}

const DETERMINERS = new Set(
  "a an the his her their my our your its this that these those some any each every another".split(" "),
);

const TIME_WORDS = new Set(
  (
    "monday tuesday wednesday thursday friday saturday sunday week weekend month year quarter morning " +
    "afternoon evening night today tomorrow yesterday january february march april may june july august " +
    "september october november december spring summer autumn fall winter"
  ).split(" "),
);
const placesTime = (an: Analysis, t: Token) => TIME_WORDS.has(an.tokens[t.index + 1]?.text ?? "");

/** A verb here: an -ing form or a past form WordNet mostly knows as a verb ("sitting" / "jumping"). */
const isVerb = (t: Token) =>
  !!t.senses &&
  /(ing|ed)$/.test(t.text) &&
  t.senses.posWeight[1] >= Math.max(t.senses.posWeight[0], t.senses.posWeight[2], t.senses.posWeight[3]);

/** Written capitalised and not an ordinary noun WordNet knows ("Alice", not "Customers"). */
const looksLikeName = (t: Token) => t.capitalized && !t.senses?.commonNoun;

/**
 * Likely a noun here: WordNet's commonest use of the word is as a noun, or a determiner precedes it
 * ("the study"). Words WordNet lacks are mostly names and jargon, so nouns too. Verbs and adjectives
 * are left out on purpose: STS-B paraphrases swap them freely for words WordNet does not relate
 * ("stabbing" / "puncturing", "powerful" / "prominent"), while a swapped noun names a different thing.
 * Part-of-speech tagging (wink-nlp) would cost ~0.3 ms per text and mis-tags headlines anyway.
 */
export function nounish(an: Analysis, t: Token, modifiesSharedWord: boolean): boolean {
  if (!t.senses || t.possessive) return true;
  const [noun, verb, adj, adv] = t.senses.posWeight;
  // An adjective is a quality ("large", "quick"), unless it modifies the same noun on both sides and can name a
  // thing itself: "the mobile budget" / "the travel budget" are two budgets, not one budget described two ways.
  if (adj > Math.max(noun, verb) && !(modifiesSharedWord && noun > 0)) return false;
  // In a noun phrase: a determiner right before, or before a modifier ("the invoicing cache").
  const prev = an.tokens[t.index - 1];
  const before = an.tokens[t.index - 2];
  const det =
    (prev !== undefined && DETERMINERS.has(prev.text)) ||
    (before !== undefined && prev !== undefined && !prev.stop && DETERMINERS.has(before.text));
  // A word modifying the same noun on both sides ("upload API" / "tracing API") names a different kind of it.
  return modifiesSharedWord || (noun > 0 && (noun >= Math.max(verb, adj, adv) || det));
}

/**
 * One name written two ways is no swap: "UN" / "United Nations", "DVD-CCA" / "DVD CCA", "O'Neill's" /
 * "ONeills", "Miss Volochkova" / "Ms Volochkova" (titles aside).
 */
function sameNameRun(xs: Token[], ys: Token[]): boolean {
  const initials = (ts: Token[]) => ts.map((t) => t.text[0]).join("");
  const [x, y] = [xs.at(-1) as Token, ys.at(-1) as Token];
  if ((xs.length === 1 && x.text === initials(ys)) || (ys.length === 1 && y.text === initials(xs))) return true;
  const letters = (ts: Token[]) =>
    ts
      .filter((t) => !TITLES.has(t.text))
      .map((t) => t.text.replace(/[^\p{L}\p{N}]/gu, ""))
      .join("")
      .replace(/(?<=\p{L}{3})s$/u, "");
  const [lx, ly] = [letters(xs), letters(ys)];
  if (lx === "" || ly === "") return lx === ly && xs.some((t) => TITLES.has(t.text));
  const capitals = (ts: Token[]) => ts.every((t) => t.capitalized);
  return lx === ly || (capitals(xs) && capitals(ys) && sameNameText(lx, ly));
}

/**
 * Nouns swapped for ones WordNet does not relate to them, between the same neighbours, are a different
 * thing ("identity queue" / "backup queue", "guitar" / "flute", "experiment model" / "support cache": a
 * run of swapped words counts by its last, the head of an English noun phrase); a word swapped for its
 * WordNet antonym is an opposite. Words another guard already settles are left to it; a name on one side
 * only is not settled ("John rated ..." / "Customers rated ..." fill the same slot).
 */
export function swapDifferences(a: Analysis, b: Analysis, al: Alignment, explained: Difference[]): Difference[] {
  const swaps = findSwaps(al);
  if (swaps.length === 0) return [];
  // What another guard found is its own ("Monday" / "this week" is a date, not a thing).
  const settled = explained.filter((d) => d.conflict || d.veto || d.tag !== undefined);
  // A value (a date, a number, an amount) is the value guards' to judge, settled or not: "Monday" is no thing.
  const seenA = new Set([...settled.flatMap((d) => d.tokensA), ...textValues(a).flatMap((v) => v.tokens)]);
  const seenB = new Set([...settled.flatMap((d) => d.tokensB), ...textValues(b).flatMap((v) => v.tokens)]);
  const out: Difference[] = [];
  for (const { a: xs, b: ys, antonym, adjectives } of swaps) {
    if (xs.some((x) => seenA.has(x.index)) || ys.some((y) => seenB.has(y.index))) continue;
    const x = xs[xs.length - 1] as Token;
    const y = ys[ys.length - 1] as Token;
    // "early Thursday" / "last Thursday": adjectives placing a time are the time guard's, not opposites.
    if (adjectives && (placesTime(a, x) || placesTime(b, y))) continue;
    const nextA = a.tokens[x.index + 1];
    const nextB = b.tokens[y.index + 1];
    // Modifying the same noun on both sides ("upload API" / "tracing API"); not "goes down" / "slides down".
    // A determiner before the swapped word on both sides ("the upload release" / "the payroll release") makes the
    // shared word a noun, whatever WordNet's commonest use of it ("release" is mostly a verb).
    const determined =
      DETERMINERS.has(a.tokens[x.index - 1]?.text ?? "") && DETERMINERS.has(b.tokens[y.index - 1]?.text ?? "");
    const compound =
      nextA !== undefined &&
      nextB !== undefined &&
      isWord(nextA) &&
      nextA.stem === nextB.stem &&
      (isNoun(nextA) || determined);
    const action = !antonym && !compound && xs.length === 1 && ys.length === 1 && isVerb(x) && isVerb(y);
    if (!antonym && !action && !(nounish(a, x, compound) && nounish(b, y, compound))) continue;
    // Longer runs: only a whole noun compound for another ("experiment model" / "support cache"). Runs
    // of other shapes are how STS-B paraphrases reword ("lawn" / "green grass", "cliff" / "rock face").
    if (xs.length > 1 || ys.length > 1) {
      const sameShape =
        xs.length === ys.length &&
        xs.slice(0, -1).every((t) => nounish(a, t, true)) &&
        ys.slice(0, -1).every((t) => nounish(b, t, true));
      // A person for a group in the same place ("Alice documented ..." / "The QA team documented ...").
      const nameForGroup =
        (xs.length === 1 && looksLikeName(x) && ys.every((t) => nounish(b, t, true))) ||
        (ys.length === 1 && looksLikeName(y) && xs.every((t) => nounish(a, t, true)));
      if (!sameShape && !nameForGroup) continue;
    }
    if (sameNameRun(xs, ys)) continue;
    const [pa, pb] = swapPhrases(a, xs, b, ys);
    out.push({
      kind: antonym ? "qualifier" : "thing",
      a: xs.map((t) => t.original),
      b: ys.map((t) => t.original),
      conflict: true,
      // An antonym is a value that truly differs; a swapped thing or action is for the model to weigh.
      veto: antonym,
      ...(antonym ? { tag: "opposite" as const } : action ? { tag: "action" as const } : {}),
      reason: changed(antonym ? "opposite" : action ? "action" : "thing", pa, pb),
      tokensA: xs.map((t) => t.index),
      tokensB: ys.map((t) => t.index),
    });
  }
  return out;
}

/**
 * A shared noun that another noun modifies on each side, once before it and once after ("the audit widget" /
 * "the chat audit"): two compounds, two things. The swap guard above sees only words between the same
 * neighbours; here the shared noun is the neighbour of both.
 */
export function compoundDifferences(a: Analysis, b: Analysis, al: Alignment, found: Difference[]): Difference[] {
  if (!al.wordnet) return [];
  const taken = (ts: number[], i: number) => ts.includes(i);
  const seenA = found.flatMap((d) => d.tokensA);
  const seenB = found.flatMap((d) => d.tokensB);
  const unpairedAt = (an: Analysis, words: Token[], partner: number[], index: number) => {
    const k = words.findIndex((t) => t.index === index);
    const t = an.tokens[index];
    return k >= 0 && partner[k] === -1 && t && nounish(an, t, true) && !looksLikeName(t) ? t : null;
  };
  for (let i = 0; i < al.wordsA.length; i++) {
    const j = al.partnerA[i] as number;
    const x = al.wordsA[i] as Token;
    if (j < 0 || al.relationA[i] !== "same" || !isNoun(x)) continue;
    const y = al.wordsB[j] as Token;
    for (const [da, db] of [
      [-1, 1],
      [1, -1],
    ] as const) {
      const ma = unpairedAt(a, al.wordsA, al.partnerA, x.index + da);
      const mb = unpairedAt(b, al.wordsB, al.partnerB, y.index + db);
      if (!ma || !mb || taken(seenA, ma.index) || taken(seenB, mb.index)) continue;
      const [pa, pb] = [
        [ma, x],
        [mb, y],
      ].map((pair) =>
        pair
          .sort((p, q) => p.index - q.index)
          .map((t) => t.original)
          .join(" "),
      ) as [string, string];
      return [
        {
          kind: "thing",
          a: [ma.original],
          b: [mb.original],
          conflict: true,
          veto: false,
          reason: changed("thing", pa, pb),
          tokensA: [ma.index],
          tokensB: [mb.index],
        },
      ];
    }
  }
  return [];
}
