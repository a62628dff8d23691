import { stemmer } from "stemmer";
import { alignWords, type Alignment } from "./align";
import { NEGATORS, STOP_WORDS, stemOf, type Analysis, type Token } from "./lexical";
import { NUMBER_WORDS } from "./tokens";
import { swapDifferences } from "./swaps";

/**
 * What must never merge: two statements that differ in a number, a date, a name, a negation, a
 * qualifier or a thing ("identity queue" / "backup queue") are never duplicates, however many words
 * they share.
 */
export type DifferenceKind = "number" | "date" | "name" | "negation" | "qualifier" | "thing";

export interface Difference {
  kind: DifferenceKind;
  /** values only on the first side / only on the second side */
  a: string[];
  b: string[];
  /** both sides fill the same slot with different values (or one side negates): a contradiction if all else is equal */
  conflict: boolean;
  /** e.g. "'ship by end of Q3' vs 'ship by end of Q4'" */
  reason: string;
  /** token indexes holding the differing values, to compare what is left */
  tokensA: number[];
  tokensB: number[];
}

/** Closed classes: two different members on the two sides fill the same slot differently. */
const DATE_CLASSES: Record<string, string[]> = {
  weekday: ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "weekend"],
  month: [
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
  ],
  quarter: ["q1", "q2", "q3", "q4", "h1", "h2"],
  day: ["today", "tomorrow", "yesterday", "tonight"],
  season: ["spring", "summer", "autumn", "fall", "winter"],
  relative: ["next", "last", "this", "previous"],
};
const QUALIFIER_CLASSES: Record<string, string[]> = {
  kin: [
    "sister",
    "brother",
    "mother",
    "father",
    "mom",
    "dad",
    "son",
    "daughter",
    "husband",
    "wife",
    "aunt",
    "uncle",
    "niece",
    "nephew",
    "grandmother",
    "grandfather",
    "boyfriend",
    "girlfriend",
    "grandson",
    "granddaughter",
  ],
  gender: [
    "man",
    "woman",
    "boy",
    "girl",
    "male",
    "female",
    "men",
    "women",
    "lady",
    "ladies",
    "gentleman",
    "gentlemen",
    "guy",
    "guys",
  ],
  color: ["red", "blue", "green", "yellow", "black", "white", "brown", "orange", "purple", "pink", "gray", "grey"],
  direction: ["north", "south", "east", "west"],
  side: ["left", "right"],
};
/** Antonym-ish pairs: one word on each side flips the meaning. */
const OPPOSITES: Array<[string, string]> = [
  ["younger", "older"],
  ["younger", "elder"],
  ["youngest", "oldest"],
  ["before", "after"],
  ["increase", "decrease"],
  ["increase", "reduce"],
  ["rise", "fall"],
  ["grow", "shrink"],
  ["more", "less"],
  ["more", "fewer"],
  ["higher", "lower"],
  ["above", "below"],
  ["early", "late"],
  ["earlier", "later"],
  ["start", "stop"],
  ["open", "close"],
  ["accept", "reject"],
  ["approve", "reject"],
  ["win", "lose"],
  ["won", "lost"],
  ["buy", "sell"],
  ["like", "dislike"],
  ["love", "hate"],
  ["agree", "disagree"],
  ["pass", "fail"],
  ["success", "failure"],
  ["enable", "disable"],
  ["add", "remove"],
  ["include", "exclude"],
  ["always", "never"],
  ["minimum", "maximum"],
  ["first", "last"],
  ["internal", "external"],
  ["public", "private"],
  ["import", "export"],
  ["input", "output"],
  ["true", "false"],
  ["cheap", "expensive"],
  ["big", "small"],
  ["large", "small"],
  ["long", "short"],
  ["hot", "cold"],
  ["fast", "slow"],
  ["old", "new"],
  ["same", "different"],
  ["easy", "hard"],
  ["easy", "difficult"],
  ["good", "bad"],
  ["happy", "sad"],
  ["up", "down"],
  ["in", "out"],
  ["on", "off"],
  ["with", "without"],
  ["inside", "outside"],
  ["allow", "forbid"],
  ["allow", "block"],
  ["online", "offline"],
  ["remote", "onsite"],
  ["full-time", "part-time"],
  ["senior", "junior"],
  ["over", "under"],
];
/** Synonyms that fill a slot with the same value: "a lady" is "a woman", "grey" is "gray". */
const SAME_VALUE: Record<string, string> = {
  lady: "woman",
  ladies: "women",
  gentleman: "man",
  gentlemen: "men",
  guy: "man",
  guys: "men",
  male: "man",
  female: "woman",
  grey: "gray",
  mom: "mother",
  mum: "mother",
  dad: "father",
};

const classOf = new Map<string, string>();
for (const [cls, words] of Object.entries({ ...DATE_CLASSES, ...QUALIFIER_CLASSES }))
  for (const w of words) classOf.set(stemOf(w), cls);
const oppositeStems = OPPOSITES.map(([x, y]) => [stemOf(x), stemOf(y)] as const);
/** stem -> the opposite pairs it belongs to, as [pair, side] */
const oppositesOf = new Map<string, Array<[number, 0 | 1]>>();
oppositeStems.forEach((pair, k) =>
  pair.forEach((s, side) => oppositesOf.set(s, [...(oppositesOf.get(s) ?? []), [k, side as 0 | 1]])),
);
const isDateClass = (cls: string) => cls in DATE_CLASSES;

function numberValue(t: Token): string | null {
  if (/^\d/.test(t.text)) return t.text.replace(/(?<=\d)(st|nd|rd|th)$/, (m) => m).replace(/^0+(?=\d)/, "");
  return Object.hasOwn(NUMBER_WORDS, t.text) ? (NUMBER_WORDS[t.text] as string) : null;
}

function phrase(tokens: Token[], index: number): string {
  const pos = tokens.findIndex((t) => t.index === index);
  return tokens
    .slice(Math.max(0, pos - 3), pos + 3)
    .map((t) => t.original)
    .join(" ");
}

function describe(ta: Token[], ia: number[], tb: Token[], ib: number[], fallbackA: string, fallbackB: string): string {
  const pa = ia[0] !== undefined ? phrase(ta, ia[0]) : fallbackA;
  const pb = ib[0] !== undefined ? phrase(tb, ib[0]) : fallbackB;
  return `'${pa}' vs '${pb}'`;
}

type SlotMap = Map<string, number[]>;
/** What the guards need from one text: computed once per analysis, not once per pair. */
interface Info {
  number: SlotMap;
  date: SlotMap;
  qualifier: SlotMap;
  stems: Set<string>;
  /** tokens holding one side of an opposite pair, with the pair */
  opposites: Array<{ stem: string; pair: number; side: 0 | 1 }>;
  negators: Token[];
  /** capitalised words that are names if not sentence-initial (see isName) */
  capitals: Token[];
}
const infoCache = new WeakMap<Analysis, Info>();

function infoOf(an: Analysis): Info {
  let s = infoCache.get(an);
  if (s) return s;
  s = {
    number: new Map(),
    date: new Map(),
    qualifier: new Map(),
    stems: new Set(),
    opposites: [],
    negators: negators(an),
    capitals: [],
  };
  const add = (m: SlotMap, v: string | null, i: number) => {
    if (!v) return;
    const list = m.get(v);
    if (list) list.push(i);
    else m.set(v, [i]);
  };
  for (const t of an.tokens) {
    add(s.number, numberSlot(t, an.tokens), t.index);
    add(s.date, dateSlot(t, an.tokens), t.index);
    add(s.qualifier, qualifierSlot(t, an.tokens), t.index);
    if (!s.stems.has(t.stem))
      for (const [pair, side] of oppositesOf.get(t.stem) ?? []) s.opposites.push({ stem: t.stem, pair, side });
    s.stems.add(t.stem);
    if (mayBeName(t)) s.capitals.push(t);
  }
  infoCache.set(an, s);
  return s;
}

function slotDifference(
  kind: "number" | "date" | "qualifier",
  a: Analysis,
  b: Analysis,
  groupOf: (v: string) => string,
): Difference[] {
  const valuesA = infoOf(a)[kind];
  const valuesB = infoOf(b)[kind];
  if (valuesA.size === 0 && valuesB.size === 0) return [];
  const onlyA = [...valuesA.keys()].filter((v) => !valuesB.has(v));
  const onlyB = [...valuesB.keys()].filter((v) => !valuesA.has(v));
  if (onlyA.length === 0 && onlyB.length === 0) return [];
  // Group the differing values by slot (a weekday never conflicts with a colour).
  const groups = new Set([...onlyA, ...onlyB].map(groupOf));
  const out: Difference[] = [];
  for (const g of groups) {
    const ga = onlyA.filter((v) => groupOf(v) === g);
    const gb = onlyB.filter((v) => groupOf(v) === g);
    // Numbers on both sides that differ at all conflict, even when one side only adds one:
    // "rated it 5 out of 5" vs "rated it 6 out of 5" is a different claim, not an elaboration.
    const inGroupA = [...valuesA.keys()].filter((v) => groupOf(v) === g);
    const inGroupB = [...valuesB.keys()].filter((v) => groupOf(v) === g);
    const numbersOnBothSides = kind === "number" && inGroupA.length > 0 && inGroupB.length > 0;
    const conflict = (ga.length > 0 && gb.length > 0) || numbersOnBothSides;
    const shownA = ga.length > 0 || !numbersOnBothSides ? ga : inGroupA;
    const shownB = gb.length > 0 || !numbersOnBothSides ? gb : inGroupB;
    const tokensA = shownA.flatMap((v) => valuesA.get(v) ?? []);
    const tokensB = shownB.flatMap((v) => valuesB.get(v) ?? []);
    const reason = describe(
      a.tokens,
      tokensA,
      b.tokens,
      tokensB,
      shownA.length ? "" : `no ${kind}`,
      shownB.length ? "" : `no ${kind}`,
    );
    out.push({
      kind,
      a: shownA,
      b: shownB,
      conflict,
      reason: conflict ? reason : `${kind} only on one side: ${reason}`,
      tokensA,
      tokensB,
    });
  }
  return out;
}

function mayBeName(t: Token): boolean {
  if (!t.capitalized || t.text === "i" || STOP_WORDS.has(t.text) || NEGATORS.has(t.text)) return false;
  return !(classOf.has(t.stem) || Object.hasOwn(NUMBER_WORDS, t.text) || /^\d/.test(t.text));
}

/** `t` is one of `all`'s capitals (mayBeName). */
function isName(t: Token, all: Token[], other: Analysis): boolean {
  if (all[0] !== t) return true;
  // Capitalised only because it opens the sentence: "Customers ..." is no name, "John ..." may be.
  if (t.senses?.commonNoun) return false;
  // A capitalised first word may be an ordinary word: count it only when the other side also
  // opens with a capitalised content word that this side lacks ("Alice likes tea" / "Bob likes tea").
  const first = other.tokens[0];
  return (
    !!first && first.capitalized && !STOP_WORDS.has(first.text) && !hasWord(all, first) && !hasWord(other.tokens, t)
  );
}

function sharedPrefix(x: string, y: string): number {
  let i = 0;
  while (i < x.length && i < y.length && x[i] === y[i]) i++;
  return i;
}

function hasWord(tokens: Token[], t: Token): boolean {
  // A long shared prefix lets "Guatemala" find "Guatemalan" and "Mexico" find "Mexican".
  return tokens.some(
    (u) =>
      u.stem === t.stem ||
      (Math.min(t.stem.length, u.stem.length) >= 5 &&
        sharedPrefix(t.text, u.text) >= Math.max(5, Math.min(t.text.length, u.text.length) - 2)),
  );
}

function nameDifference(a: Analysis, b: Analysis, namesA: Token[], namesB: Token[]): Difference[] {
  const missA = namesA.filter((t) => !hasWord(b.tokens, t));
  const missB = namesB.filter((t) => !hasWord(a.tokens, t));
  if (missA.length === 0 && missB.length === 0) return [];
  const conflict = missA.length > 0 && missB.length > 0;
  const tokensA = missA.map((t) => t.index);
  const tokensB = missB.map((t) => t.index);
  const reason = describe(a.tokens, tokensA, b.tokens, tokensB, "no name", "no name");
  return [
    {
      kind: "name",
      a: missA.map((t) => t.original),
      b: missB.map((t) => t.original),
      conflict,
      reason: conflict ? reason : `name only on one side: ${reason}`,
      tokensA,
      tokensB,
    },
  ];
}

// "No, it is not a good idea": a leading "No" before a comma answers, it does not negate.
const ANSWER_NO = /^\W*no\s*[,.!;:]/i;
function negators(an: Analysis): Token[] {
  const skipFirst = ANSWER_NO.test(an.text);
  return an.tokens.filter((t, i) => NEGATORS.has(t.text) && !(skipFirst && i === 0));
}

function negationDifference(a: Analysis, b: Analysis): Difference[] {
  const na = infoOf(a).negators;
  const nb = infoOf(b).negators;
  if (na.length % 2 === nb.length % 2) return [];
  const [neg, plain, negIsA] = na.length % 2 === 1 ? [na, b, true] : [nb, a, false];
  const negTokens = negIsA ? a.tokens : b.tokens;
  const first = neg[0] as Token;
  // Show the negated words and the same words on the other side.
  const next = negTokens.find((t) => t.index > first.index && !STOP_WORDS.has(t.text) && !NEGATORS.has(t.text));
  const match = next ? plain.tokens.find((t) => t.stem === next.stem) : undefined;
  const negPhrase = phrase(negTokens, next?.index ?? first.index);
  const plainPhrase = match
    ? phrase(plain.tokens, match.index)
    : plain.tokens
        .slice(0, 6)
        .map((t) => t.original)
        .join(" ");
  const reason = negIsA ? `'${negPhrase}' vs '${plainPhrase}'` : `'${plainPhrase}' vs '${negPhrase}'`;
  const idx = neg.map((t) => t.index);
  return [
    {
      kind: "negation",
      a: negIsA ? neg.map((t) => t.text) : [],
      b: negIsA ? [] : neg.map((t) => t.text),
      conflict: true,
      reason,
      tokensA: negIsA ? idx : [],
      tokensB: negIsA ? [] : idx,
    },
  ];
}

function numberSlot(t: Token, _all: Token[]): string | null {
  return numberValue(t);
}
// "next quarter", "last sprint": a relative word is a date only before one of these.
const PERIODS = /^(day|week|weekend|month|quarter|year|sprint|release|cycle)s?$/;
function dateSlot(t: Token, all: Token[]): string | null {
  const cls = classOf.get(t.stem);
  if (!cls || !isDateClass(cls)) return null;
  // "may" and "march" are months only when written as names.
  if ((t.text === "may" || t.text === "march") && !t.capitalized) return null;
  if (cls === "relative") {
    const period = all[t.index + 1];
    return period && PERIODS.test(period.text) ? `relative:${t.text} ${period.text.replace(/s$/, "")}` : null;
  }
  if (cls === "season") return null;
  return `${cls}:${t.text}`;
}
function qualifierSlot(t: Token, _all: Token[]): string | null {
  const cls = classOf.get(t.stem);
  // plain Porter: "men" stays apart from "man"
  if (cls && !isDateClass(cls)) return `${cls}:${stemmer(SAME_VALUE[t.text] ?? t.text)}`;
  return null;
}

function qualifierGroup(v: string): string {
  return v.split(":")[0] as string;
}

/** "before" on one side and "after" on the other, each missing from the other side. */
function oppositeDifferences(a: Analysis, b: Analysis): Difference[] {
  const out: Difference[] = [];
  const ia = infoOf(a);
  const ib = infoOf(b);
  for (const { stem: p, pair, side } of ia.opposites) {
    const q = oppositeStems[pair]?.[1 - side] as string;
    if (!ib.stems.has(q) || ib.stems.has(p) || ia.stems.has(q)) continue;
    const tokensA = a.tokens.filter((t) => t.stem === p).map((t) => t.index);
    const tokensB = b.tokens.filter((t) => t.stem === q).map((t) => t.index);
    if (out.some((d) => d.tokensA[0] === tokensA[0] && d.tokensB[0] === tokensB[0])) continue;
    out.push({
      kind: "qualifier",
      a: [p],
      b: [q],
      conflict: true,
      reason: describe(a.tokens, tokensA, b.tokens, tokensB, "", ""),
      tokensA,
      tokensB,
    });
  }
  return out;
}

/**
 * Aligns the two statements (names only pair with names or synonyms, see align.ts) and lists every
 * way they differ in a value that must never be merged away. The matcher scores with the same alignment.
 */
export function compareStatements(a: Analysis, b: Analysis): { alignment: Alignment; differences: Difference[] } {
  const namesA = infoOf(a).capitals.filter((t) => isName(t, a.tokens, b));
  const namesB = infoOf(b).capitals.filter((t) => isName(t, b.tokens, a));
  // Headlines capitalise ordinary nouns too ("Car Bomb Hits ..."): those still pair with relatives.
  const pairable = (ts: Token[]) => new Set(ts.filter((t) => !t.senses?.commonNoun).map((t) => t.index));
  const names = namesA.length + namesB.length > 0 ? { a: pairable(namesA), b: pairable(namesB) } : undefined;
  const alignment = alignWords(a, b, names);
  const found = [
    ...slotDifference("number", a, b, () => "number"),
    ...slotDifference("date", a, b, (v) => v.split(":")[0] as string),
    ...nameDifference(a, b, namesA, namesB),
    ...negationDifference(a, b),
    ...slotDifference("qualifier", a, b, qualifierGroup),
    ...oppositeDifferences(a, b),
  ];
  return { alignment, differences: [...found, ...swapDifferences(a, b, alignment, found)] };
}
