import { stemmer } from "stemmer";
import type { Alignment } from "./align";
import { NEGATORS, stemOf, type Analysis, type Token } from "./lexical";
import { NUMBER_WORDS } from "./tokens";
import {
  DATE_CLASSES,
  MODALS,
  MONTH_ABBREVIATIONS,
  OBLIGATION_VERBS,
  PERCENT_WORDS,
  QUALIFIER_CLASSES,
  QUANTIFIERS,
  SAME_VALUE,
  SCALES,
  TITLES,
} from "./vocabulary";

/**
 * Values a statement states: numbers, dates, names, qualifiers ("sister", "red"), amounts ("every",
 * "most") and modalities ("must", "may"). Two values of one group differ only when they fill the same
 * slot: the words around them pair up in the alignment ("five engineers" / "seven engineers"). A value
 * whose slot the other side does not fill is an added detail, never a contradiction.
 */
export type ValueKind = "number" | "date" | "name" | "qualifier" | "quantifier" | "modality";

export interface Value {
  kind: ValueKind;
  /** values of one group can fill one slot: "number", "date:weekday", "qualifier:color" */
  group: string;
  /** canonical value: "1500000000", "month:september 8", "quantifier:most" */
  key: string;
  /** token indexes, in order */
  tokens: number[];
  /** a number that names a thing rather than counts one ("feature 7", "wave two"): the index of the noun it names */
  names?: number;
}

const classOf = new Map<string, string>();
for (const [cls, ws] of Object.entries(DATE_CLASSES)) for (const w of ws) classOf.set(stemOf(w), `date:${cls}`);
for (const [cls, ws] of Object.entries(QUALIFIER_CLASSES))
  for (const w of ws) classOf.set(stemOf(w), `qualifier:${cls}`);

/** True for words the guards read as a closed-class value (a month, a colour): never a name. */
export const isClassWord = (t: Token) => classOf.has(t.stem) || !!MONTH_ABBREVIATIONS[t.text] || /^q\d$/.test(t.text);

const DIGITS = /^(\d+(?:\.\d+)?)(st|nd|rd|th|s|k|m|%)?$/;
const PERIODS = /^(day|week|weekend|month|quarter|year|sprint|release|cycle)s?$/;
const ORDINAL_QUARTER: Record<string, string> = { first: "q1", second: "q2", third: "q3", fourth: "q4" };
const canon = (x: number) => String(Number(x.toPrecision(12)));

/** The number starting at token i ("1.5 billion", "$1.5bn", "five", "11 percent"), or null. */
function numberAt(ts: Token[], i: number): { key: string; end: number } | null {
  const t = ts[i] as Token;
  let value: number;
  let suffix = "";
  const m = DIGITS.exec(t.text);
  if (m) {
    value = Number(m[1]);
    if (m[2] === "s") return { key: t.text, end: i }; // a decade: "1990s"
    if (m[2] === "k") value *= 1e3;
    if (m[2] === "m") value *= 1e6;
    if (m[2] === "%") suffix = "%";
  } else if (Object.hasOwn(NUMBER_WORDS, t.text)) {
    const prev = ts[i - 1]?.text;
    // "one of the", "no one", "this one": a pronoun, not a count.
    if (t.text === "one" && (ts[i + 1]?.text === "of" || /^(no|any|every|some|this|that|the)$/.test(prev ?? "")))
      return null;
    const word = NUMBER_WORDS[t.text] as string;
    if (!/^\d/.test(word)) return { key: word, end: i };
    value = Number.parseFloat(word);
  } else return null;
  let end = i;
  const scale = ts[end + 1] ? SCALES[(ts[end + 1] as Token).text] : undefined;
  if (scale && !suffix) {
    value *= scale;
    end++;
  }
  if (!suffix && ts[end + 1] && PERCENT_WORDS.has((ts[end + 1] as Token).text)) {
    suffix = "%";
    end++;
  }
  return { key: canon(value) + suffix, end };
}

/** Months as written: "might" is lemmatised to "may" and shares its stem, but it is no month. */
const MONTHS = new Set(DATE_CLASSES.month);

function monthOf(t: Token): string | null {
  if (classOf.get(t.stem) === "date:month" && MONTHS.has(t.text))
    return (t.text === "may" || t.text === "march") && !t.capitalized ? null : (MONTH_ABBREVIATIONS[t.text] ?? t.text);
  return t.capitalized ? (MONTH_ABBREVIATIONS[t.text] ?? null) : null;
}

const dayNumber = (t: Token | undefined) => {
  const m = t ? /^(\d{1,2})(st|nd|rd|th)?$/.exec(t.text) : null;
  return m && Number(m[1]) >= 1 && Number(m[1]) <= 31 ? String(Number(m[1])) : null;
};

/** The date at token i ("Friday", "Sept. 8", "next quarter", "third quarter"), or null. */
function dateAt(ts: Token[], i: number): { group: string; key: string; start: number; end: number } | null {
  const t = ts[i] as Token;
  const month = monthOf(t);
  if (month) {
    const after = dayNumber(ts[i + 1]);
    if (after) return { group: "date:month", key: `${month} ${after}`, start: i, end: i + 1 };
    const before = dayNumber(ts[i - 1]);
    if (before) return { group: "date:month", key: `${month} ${before}`, start: i - 1, end: i };
    return { group: "date:month", key: month, start: i, end: i };
  }
  const next = ts[i + 1];
  if (ORDINAL_QUARTER[t.text] && next?.text === "quarter")
    return { group: "date:quarter", key: ORDINAL_QUARTER[t.text] as string, start: i, end: i + 1 };
  // "Q5" is no quarter of a year, but it is a quarter-like date all the same: it differs from "Q3".
  const cls = /^q\d$/.test(t.text) ? "date:quarter" : classOf.get(t.stem);
  // Months were read above ("may" and "march" only when written as names); seasons are too vague.
  if (!cls?.startsWith("date:") || cls === "date:season" || cls === "date:month") return null;
  if (cls === "date:relative") {
    if (!next || !PERIODS.test(next.text)) return null;
    // "the previous year", "the past year" and "last year" are one year.
    const word = t.text === "previous" || t.text === "past" ? "last" : t.text;
    return { group: cls, key: `${word} ${next.text.replace(/s$/, "")}`, start: i, end: i + 1 };
  }
  // "weekends" / "weekend", "Mondays" / "Monday": one day of the week, said of one or of each.
  const key = cls === "date:weekday" ? t.text.replace(/s$/, "") : t.text;
  return { group: cls, key, start: i, end: i };
}

/** Nouns a number after them times or measures ("day 3", "year 2003", "week 12"): a date or an amount, no label. */
const TIME_NOUNS = /^(second|minute|hour|day|night|week|weekend|month|quarter|year|decade|century|season|time)$/;
const PLURAL = /(?<![siu])s$/;
/** Words a number before them counts or measures: units, people, times ("5 euros", "20 people", "two weeks"). */
const COUNTED = new RegExp(
  "^(?:(?:second|minute|hour|day|night|week|weekend|month|quarter|year|decade|time|point|share|dollar|euro|cent|" +
    "pound|mile|kilometer|kilometre|meter|metre|gram|kilo|ton|tonne|person|employee|member)s?|" +
    "centur(?:y|ies)|inch(?:es)?|people|men|women|children|staff|feet|foot|km|kg|yen|usd|eur|gbp)$",
);
const DETERMINERS = new Set("the a an this that these those our their your his her its my each every".split(" "));
/** Words before a number that bound, place or measure it ("at least 23", "bottom 10", "age 82", "latitude 15.7"). */
const NOT_A_LABEL = new Set(
  (
    "least most more less fewer than about around approximately nearly almost roughly only just exactly some " +
    "minus plus total top bottom over under up down age aged average latitude longitude"
  ).split(" "),
);
/** Words after which a noun-like word is a verb: "we need 7", "will release 2", "to issue 3". */
const VERB_BEFORE = new Set(
  "i we you he she they it who to will would shall should can could may might must do does did not never".split(" "),
);
const PREPOSITIONS = new Set(
  "of in on at for to from with by into onto about after before during until under over".split(" "),
);

/**
 * The noun a number names rather than counts, or null: "feature 7 ships", "wave two moves", "ticket 412",
 * "room 5", "version 2.1". The number follows a singular noun WordNet knows (not a name, a verb, a
 * preposition or a determiner: "has 5", "in 5", "the 5") and no unit or plural noun it counts follows it
 * ("moves 20 customers", "rose 10 points", "deal two weeks ago"). Two such labels that differ name two
 * things, like "compliance integration" / "media integration": never a duplicate, never a contradiction.
 */
function labelNoun(ts: Token[], i: number, num: { key: string; end: number }): Token | null {
  const t = ts[i] as Token;
  if (
    num.end !== i ||
    !/^\d+(\.\d+)?$/.test(num.key) ||
    !(/^\d+(\.\d+)?$/.test(t.text) || Object.hasOwn(NUMBER_WORDS, t.text))
  )
    return null;
  const noun = ts[i - 1];
  if (!noun?.senses || noun.stop || noun.possessive || t.afterPunctuation || isClassWord(noun)) return null;
  if (Object.hasOwn(QUANTIFIERS, noun.text)) return null;
  if (PLURAL.test(noun.text) || TIME_NOUNS.test(noun.text) || NOT_A_LABEL.has(noun.text)) return null;
  // Capitalised inside a sentence and not an ordinary noun: a name ("Newcastle 2", "America 2013").
  if (noun.capitalized && noun.index > 0 && !noun.senses.commonNoun) return null;
  const [n, v, adj, adv] = noun.senses.posWeight;
  // Mostly a verb ("won 2", "hired 3") unless a determiner, a preposition or nothing comes before it
  // ("the release 2", "in issue 28", "Sprint 14 ends"); never after a subject or an auxiliary ("we need 7").
  const before = ts[i - 2];
  const introduced = !before || DETERMINERS.has(before.text) || PREPOSITIONS.has(before.text);
  if (n === 0 || (n < Math.max(v, adj, adv) && !introduced) || VERB_BEFORE.has(before?.text ?? "")) return null;
  // What follows: a unit or a plural noun it counts ("20 customers"); a verb it heads is fine ("7 ships").
  const next = ts[num.end + 1];
  if (next && !next.stop) {
    if (COUNTED.test(next.text) || SCALES[next.text] || PERCENT_WORDS.has(next.text)) return null;
    if (next.senses && PLURAL.test(next.text) && next.senses.posWeight[1] === 0) return null;
    if (dateAt(ts, num.end + 1)) return null; // "deadline 7 March": a day of a month
  }
  return noun;
}

const isContent = (t: Token | undefined) => !!t && !t.stop && !NEGATORS.has(t.text) && !/\d/.test(t.text);
const NOT_AN_AMOUNT = new Set(["at", "the", "a"]);

/** "every customer", "most of the tickets", "always": an amount, not "the most beautiful" or "at all". */
function quantifierAt(ts: Token[], i: number): string | null {
  const t = ts[i] as Token;
  const amount = QUANTIFIERS[t.text];
  if (!amount) return null;
  if (/ly$|^always$|^often$|^sometimes$/.test(t.text)) return amount; // adverbs of frequency
  if (NOT_AN_AMOUNT.has(ts[i - 1]?.text ?? "")) return ts[i - 1]?.text === "a" && t.text === "few" ? "some" : null;
  let j = i + 1;
  while (j < ts.length && j <= i + 3 && /^(of|the|our|their|your|his|her|its|these|those)$/.test((ts[j] as Token).text))
    j++;
  const head = ts[j];
  // "every other Friday": every second one, not every one.
  if (t.text === "every" && head?.text === "other" && j === i + 1 && isContent(ts[j + 1])) return "alternate";
  if (!isContent(head) || (head as Token).text === "other") return null;
  // "most beautiful": an adjective makes a superlative, not an amount.
  const w = (head as Token).senses?.posWeight;
  if (t.text === "most" && w && w[2] > w[0]) return null;
  return amount;
}

/** "must ship", "may ship", "has to ship", "is required to": the modality and its tokens, or null. */
function modalityAt(ts: Token[], i: number): { key: string; end: number } | null {
  const t = ts[i] as Token;
  const next = ts[i + 1];
  if (OBLIGATION_VERBS.has(t.text) && next?.text === "to" && isContent(ts[i + 2])) return { key: "must", end: i + 1 };
  const m = MODALS[t.text];
  if (!m || !next) return null;
  if ((t.text === "ought" || t.text === "required") && next.text !== "to") return null;
  if (t.text === "may" && t.capitalized) return null; // the month, or a sentence opening on it
  if (/^(a|the)$/.test(ts[i - 1]?.text ?? "")) return null; // "a can of"
  return { key: m, end: t.text === "ought" || t.text === "required" ? i + 1 : i };
}

const valueCache = new WeakMap<Analysis, Value[]>();

/** Every number, date, qualifier, amount and modality of a text, computed once per analysis. */
export function textValues(an: Analysis): Value[] {
  const cached = valueCache.get(an);
  if (cached) return cached;
  const ts = an.tokens;
  const out: Value[] = [];
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, k) => from + k);
  for (let i = 0; i < ts.length; i++) {
    const t = ts[i] as Token;
    const date = dateAt(ts, i);
    if (date && date.start >= i - 1) {
      // A day number before its month was read as a number: it joins the date instead.
      if (date.start < i && out.at(-1)?.tokens[0] === date.start) out.pop();
      out.push({
        kind: "date",
        group: date.group,
        key: `${date.group}:${date.key}`,
        tokens: range(date.start, date.end),
      });
      i = date.end;
      continue;
    }
    const num = numberAt(ts, i);
    const noun = num && !out.at(-1)?.tokens.includes(i - 1) ? labelNoun(ts, i, num) : null;
    if (num && noun) {
      out.push({ kind: "number", group: "number", key: num.key, tokens: [i], names: noun.index });
      continue;
    }
    if (num) {
      // A share is no count: "0.71 percent" never fills the slot of "929.62".
      const group = num.key.endsWith("%") ? "percent" : "number";
      out.push({ kind: "number", group, key: num.key, tokens: range(i, num.end) });
      i = num.end;
      continue;
    }
    const cls = classOf.get(t.stem);
    if (cls?.startsWith("qualifier:")) {
      // plain Porter: "men" stays apart from "man"
      out.push({ kind: "qualifier", group: cls, key: `${cls}:${stemmer(SAME_VALUE[t.text] ?? t.text)}`, tokens: [i] });
      continue;
    }
    const amount = quantifierAt(ts, i);
    if (amount) {
      const tokens = amount === "alternate" ? [i, i + 1] : [i];
      out.push({ kind: "quantifier", group: "quantifier", key: `quantifier:${amount}`, tokens });
      i = tokens.at(-1) as number;
      continue;
    }
    const modal = modalityAt(ts, i);
    if (modal) {
      out.push({ kind: "modality", group: "modality", key: `modality:${modal.key}`, tokens: range(i, modal.end) });
      i = modal.end;
    }
  }
  valueCache.set(an, out);
  return out;
}

/** Names as runs of consecutive name tokens ("Hal Gehman", "United Nations"), titles ("Ms.") left out. */
export function nameValues(names: Token[]): Value[] {
  const out: Value[] = [];
  for (const t of names) {
    if (TITLES.has(t.text)) continue;
    const last = out.at(-1);
    if (last && last.tokens.at(-1) === t.index - 1) {
      last.tokens.push(t.index);
      last.key += t.text.replace(/[^\p{L}\p{N}]/gu, "");
    } else out.push({ kind: "name", group: "name", key: t.text.replace(/[^\p{L}\p{N}]/gu, ""), tokens: [t.index] });
  }
  return out;
}

/** The content words either side of a value, skipping other values: the slot it fills. */
export function anchors(an: Analysis, v: Value, skip: ReadonlySet<number>): [Token | undefined, Token | undefined] {
  const ok = (t: Token | undefined) => isContent(t) && !skip.has((t as Token).index);
  let left: Token | undefined;
  for (let i = (v.tokens[0] as number) - 1; i >= 0 && !left; i--) if (ok(an.tokens[i])) left = an.tokens[i];
  let right: Token | undefined;
  for (let i = (v.tokens.at(-1) as number) + 1; i < an.tokens.length && !right; i++)
    if (ok(an.tokens[i])) right = an.tokens[i];
  return [left, right];
}

export interface Slots {
  a: Analysis;
  b: Analysis;
  /** token indexes of every value on each side: never an anchor */
  skipA: ReadonlySet<number>;
  skipB: ReadonlySet<number>;
  al: Alignment;
}

/** Two tokens pair up: the same word, or partners in the alignment (a synonym, a derived form). */
export function paired(s: Slots, ta: Token, tb: Token): boolean {
  if (ta.stem === tb.stem) return true;
  const i = s.al.wordsA.indexOf(ta);
  return i >= 0 && s.al.partnerA[i] === s.al.wordsB.indexOf(tb) && s.al.partnerA[i] !== -1;
}

/**
 * Where two values sit in their statements, compared: "same" when the words on both sides of each pair
 * up (a missing neighbour, at the start or the end, pairs only with a missing one); "left" or "right"
 * when only one neighbour does; null otherwise.
 */
export function slotMatch(s: Slots, va: Value, vb: Value): { left: boolean; right: boolean } {
  const [la, ra] = anchors(s.a, va, s.skipA);
  const [lb, rb] = anchors(s.b, vb, s.skipB);
  const left = la && lb ? paired(s, la, lb) : !la && !lb;
  const right = ra && rb ? paired(s, ra, rb) : !ra && !rb;
  return { left, right };
}

export const sameSlot = (s: Slots, va: Value, vb: Value) => {
  const m = slotMatch(s, va, vb);
  return m.left && m.right;
};
