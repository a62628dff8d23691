const POSSESSIVE = "\u0001";
const CONTRACTIONS: ReadonlyArray<[RegExp, string]> = [
  [/\bcan't\b/gi, "can not"],
  [/\bcannot\b/gi, "can not"],
  [/\bwon't\b/gi, "will not"],
  [/\bshan't\b/gi, "shall not"],
  [/\bain't\b/gi, "is not"],
  [/n't\b/gi, " not"],
  [/'re\b/gi, " are"],
  [/'ll\b/gi, " will"],
  [/'ve\b/gi, " have"],
  [/'m\b/gi, " am"],
  [/'d\b/gi, " would"],
  // Written without the apostrophe, as news copy often is: "dont", "doesnt".
  [/\b(do|does|did|is|was|are|were|could|would|should|has|have|had)nt\b/gi, "$1 not"],
  [/\bcant\b/gi, "can not"],
  // A possessive's word is a noun (the swap guard reads it so): marked, then dropped.
  [/'s\b/gi, POSSESSIVE],
  [/s'(?=\s|$)/gi, "s"],
];

export interface RawToken {
  /** lower-cased surface form, contractions expanded */
  text: string;
  /** the word as written (after contraction expansion) */
  original: string;
  /** true when the original started with an upper-case letter */
  capitalized: boolean;
  /** position in the token list */
  index: number;
  /** written with a possessive 's ("legal's"): a noun */
  possessive: boolean;
  /** punctuation stands between it and the word before ("Armstrong, 31", "C$16.93", "NATO: 3"): no phrase spans it */
  afterPunctuation: boolean;
}

/**
 * Word tokens in order. Contractions are expanded first so "isn't" carries a visible "not" for the
 * negation guard; numbers keep their decimal point.
 */
export function rawTokens(text: string): RawToken[] {
  let s = text
    .normalize("NFKC")
    .replace(/[\u2018\u2019\u02bc`´]/g, "'")
    .replace(/(\d),(?=\d{3}\b)/g, "$1")
    // ".20 parts per million" is 0.20
    .replace(/(^|[^\w.])\.(\d)/g, "$10.$2")
    // "$US13.15" and "US$13.15" are $13.15 (not "us13" and "15"); other dollars keep their country.
    .replace(/\bUS\$(?=\d)|\$US(?=\d)/g, "$");
  if (s.includes("'") || /cannot|\w(nt)\b/i.test(s)) for (const [re, to] of CONTRACTIONS) s = s.replace(re, to);
  const out: RawToken[] = [];
  const re = /\d+(?:\.\d+)?(?:st|nd|rd|th|s|k|m|%)?|[\p{L}][\p{L}\p{M}\p{N}]*(?:[-'][\p{L}\p{N}]+)*/gu;
  let end = 0;
  for (const m of s.matchAll(re)) {
    const word = m[0];
    const at = m.index ?? 0;
    // "#" reads as "number" ("ticket #412"); any other mark between two words separates them.
    const afterPunctuation = out.length > 0 && /[^\s#]/u.test(s.slice(end, at));
    end = at + word.length;
    const first = word.charAt(0);
    out.push({
      text: word.toLowerCase(),
      original: word,
      capitalized: first !== first.toLowerCase(),
      index: out.length,
      possessive: s[at + word.length] === POSSESSIVE,
      afterPunctuation,
    });
  }
  return out;
}

/** Number words with their value, so "five" and "5" compare equal. */
export const NUMBER_WORDS: Record<string, string> = {
  zero: "0",
  one: "1",
  two: "2",
  three: "3",
  four: "4",
  five: "5",
  six: "6",
  seven: "7",
  eight: "8",
  nine: "9",
  ten: "10",
  eleven: "11",
  twelve: "12",
  thirteen: "13",
  fourteen: "14",
  fifteen: "15",
  sixteen: "16",
  seventeen: "17",
  eighteen: "18",
  nineteen: "19",
  twenty: "20",
  thirty: "30",
  forty: "40",
  fifty: "50",
  sixty: "60",
  seventy: "70",
  eighty: "80",
  ninety: "90",
  hundred: "100",
  thousand: "1000",
  million: "1e6",
  billion: "1e9",
  dozen: "12",
  half: "0.5",
  twice: "x2",
  triple: "x3",
  first: "1st",
  second: "2nd",
  third: "3rd",
  fourth: "4th",
  fifth: "5th",
  sixth: "6th",
  seventh: "7th",
  eighth: "8th",
  ninth: "9th",
  tenth: "10th",
  couple: "2",
};
