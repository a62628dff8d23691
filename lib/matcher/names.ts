import { STOPWORDS } from "@/lib/text/stopwords";
import { NEGATORS, type Analysis, type Token } from "./lexical";
import { NUMBER_WORDS } from "./tokens";
import { isClassWord, type Value } from "./values";
import { MODALS, QUANTIFIERS } from "./vocabulary";

/**
 * Names: which capitalised words are names, and when two names are one ("Tim" / "Timothy", "UN" /
 * "United Nations", "Extremadura" / "Extramadura", "Mr. Bush" / "Bush").
 */
export function mayBeName(t: Token): boolean {
  if (!t.capitalized || t.text === "i" || STOPWORDS.has(t.text) || NEGATORS.has(t.text)) return false;
  if (Object.hasOwn(QUANTIFIERS, t.text) || Object.hasOwn(MODALS, t.text)) return false;
  return !(isClassWord(t) || Object.hasOwn(NUMBER_WORDS, t.text) || /^\d/.test(t.text));
}

/** `t` is a capital of `all` (mayBeName). */
export function isName(t: Token, all: Token[], other: Analysis): boolean {
  if (all[0] !== t) return true;
  // Capitalised only because it opens the sentence: "Customers ..." is no name, "John ..." may be.
  if (t.senses?.commonNoun) return false;
  // A capitalised first word may be an ordinary word: count it only when the other side also
  // opens with a capitalised content word that this side lacks ("Alice likes tea" / "Bob likes tea").
  const first = other.tokens[0];
  return (
    !!first && first.capitalized && !STOPWORDS.has(first.text) && !hasWord(all, first) && !hasWord(other.tokens, t)
  );
}

function sharedPrefix(x: string, y: string): number {
  let i = 0;
  while (i < x.length && i < y.length && x[i] === y[i]) i++;
  return i;
}

export function hasWord(tokens: Token[], t: Token): boolean {
  // A long shared prefix lets "Guatemala" find "Guatemalan" and "Mexico" find "Mexican".
  return tokens.some(
    (u) =>
      u.stem === t.stem ||
      (Math.min(t.stem.length, u.stem.length) >= 5 &&
        sharedPrefix(t.text, u.text) >= Math.max(5, Math.min(t.text.length, u.text.length) - 2)),
  );
}

/** The names of a statement, read against the other statement (a capitalised first word may be no name). */
export function namesOf(an: Analysis, other: Analysis): Token[] {
  return an.tokens.filter((t) => mayBeName(t) && isName(t, an.tokens, other));
}

const CONNECTORS = new Set(["of", "and", "at", "the", "for", "&"]);

/** Initials of each run of capitalised words, connectors skipped ("University of California at Los Angeles": ucla). */
function acronyms(an: Analysis): Map<string, number[]> {
  const out = new Map<string, number[]>();
  const ts = an.tokens;
  for (let i = 0; i < ts.length; i++) {
    if (!ts[i]?.capitalized) continue;
    let initials = "";
    const covered: number[] = [];
    for (let j = i; j < ts.length && j < i + 8; j++) {
      const t = ts[j] as Token;
      if (t.capitalized) {
        initials += t.text[0];
        covered.push(j);
        if (initials.length >= 2) out.set(initials, [...covered]);
      } else if (!CONNECTORS.has(t.text)) break;
    }
  }
  return out;
}

/**
 * Names of `an` that the other side also has, written another way: a word it has ("Bush"), an acronym of
 * its words ("SEC" / "Securities and Exchange Commission"), or words its acronym stands for.
 */
export function presentNames(an: Analysis, names: Token[], other: Analysis): Set<number> {
  const present = new Set<number>();
  const theirs = acronyms(other);
  const otherWords = new Set(other.tokens.map((t) => t.text));
  for (const [initials, covered] of acronyms(an)) if (otherWords.has(initials)) for (const i of covered) present.add(i);
  for (const t of names) if (hasWord(other.tokens, t) || theirs.has(t.text)) present.add(t.index);
  return present;
}

function withinOneEdit(x: string, y: string): boolean {
  if (Math.abs(x.length - y.length) > 1) return false;
  let i = 0;
  while (i < x.length && x[i] === y[i]) i++;
  const rest = (dx: number, dy: number) => x.slice(i + dx) === y.slice(i + dy);
  return rest(1, 1) || rest(1, 0) || rest(0, 1);
}

const DEMONYMS: Record<string, string> = {
  american: "us",
  americans: "us",
  usa: "us",
  british: "uk",
  britain: "uk",
};

/** Two names, letters only, lower-cased, written alike: "al-fallujah" / "falluja", "american" / "us". */
export function sameNameText(x: string, y: string): boolean {
  // "Al-Fallujah" is "Falluja"; "American" is "U.S.", "British" is "UK".
  const plain = (k: string) => DEMONYMS[k] ?? k.replace(/^al(?=\p{L}{4})/u, "");
  const [kx, ky] = [plain(x), plain(y)];
  const [short, long] = kx.length <= ky.length ? [kx, ky] : [ky, kx];
  if (short === long || (short.length >= 3 && long.startsWith(short))) return true;
  return short.length >= 5 && withinOneEdit(short, long);
}

/** One name written two ways: equal, one a prefix of the other ("Tim" / "Timothy"), or one letter apart. */
export function sameName(an: Analysis, x: Value, y: Value, other: Analysis): boolean {
  if (sameNameText(x.key, y.key)) return true;
  const initials = (a: Analysis, v: Value) => v.tokens.map((i) => a.tokens[i]?.text[0] ?? "").join("");
  return x.key === initials(other, y) || y.key === initials(an, x);
}
