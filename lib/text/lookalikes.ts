/**
 * Look-alike letters (homoglyphs): a Cyrillic "а" or a Greek "ο" inside a Latin word reads as the Latin letter
 * but is another word to search, to the matcher and to anyone copying it ("pаypal.com"). A word that mixes
 * scripts, or a word written only in look-alikes amid Latin text, is flagged; a Russian or Greek sentence is not.
 */
const LOOKALIKE = new Map<string, string>(
  Object.entries({
    а: "a",
    в: "B",
    е: "e",
    к: "K",
    м: "M",
    н: "H",
    о: "o",
    р: "p",
    с: "c",
    т: "T",
    у: "y",
    х: "x",
    і: "i",
    ј: "j",
    ѕ: "s",
    ԁ: "d",
    һ: "h",
    ӏ: "l",
    ԛ: "q",
    ԝ: "w",
    ё: "ë",
    А: "A",
    В: "B",
    Е: "E",
    К: "K",
    М: "M",
    Н: "H",
    О: "O",
    Р: "P",
    С: "C",
    Т: "T",
    Х: "X",
    І: "I",
    Ј: "J",
    Ѕ: "S",
    α: "a",
    ο: "o",
    ι: "i",
    ν: "v",
    ρ: "p",
    τ: "t",
    υ: "u",
    χ: "x",
    κ: "k",
    Α: "A",
    Β: "B",
    Ε: "E",
    Ζ: "Z",
    Η: "H",
    Ι: "I",
    Κ: "K",
    Μ: "M",
    Ν: "N",
    Ο: "O",
    Ρ: "P",
    Τ: "T",
    Υ: "Y",
    Χ: "X",
  }),
);
const WORD = /[\p{L}\p{M}]+/gu;
const LATIN = /\p{Script=Latin}/u;
const OTHER = /[\p{Script=Cyrillic}\p{Script=Greek}\p{Script=Armenian}\p{Script=Cherokee}]/u;

export interface Lookalike {
  index: number;
  char: string;
  /** The Latin letter it passes for. */
  looksLike: string;
}

/** Each look-alike letter of a suspicious word, with its position (UTF-16 offset). */
export function findLookalikes(text: string): Lookalike[] {
  const words = [...text.matchAll(WORD)];
  const latinWords = words.filter((w) => LATIN.test(w[0]) && !OTHER.test(w[0])).length;
  const found: Lookalike[] = [];
  for (const w of words) {
    const word = w[0];
    const mixed = LATIN.test(word) && OTHER.test(word);
    // A word made only of look-alikes ("раураl" in Cyrillic) in text that is otherwise Latin.
    const disguised =
      !mixed && word.length > 1 && latinWords > words.length / 2 && [...word].every((c) => LOOKALIKE.has(c));
    if (!mixed && !disguised) continue;
    let offset = 0;
    for (const char of word) {
      if (OTHER.test(char)) found.push({ index: w.index + offset, char, looksLike: LOOKALIKE.get(char) ?? "?" });
      offset += char.length;
    }
  }
  return found;
}

/** "Cyrillic а, о in "pаypаl"": which words hide look-alikes, for a gate reason; null when none does. */
export function describeLookalikes(text: string): string | null {
  const found = findLookalikes(text);
  if (found.length === 0) return null;
  const words = new Set<string>();
  for (const f of found) {
    const start = text.slice(0, f.index).search(/[\p{L}\p{M}]*$/u);
    const end = f.index + (text.slice(f.index).match(/^[\p{L}\p{M}]*/u)?.[0].length ?? 1);
    words.add(text.slice(start, end));
  }
  const chars = [...new Set(found.map((f) => `${f.char} for ${f.looksLike}`))];
  return `${chars.slice(0, 4).join(", ")} in ${[...words]
    .slice(0, 3)
    .map((w) => `"${w}"`)
    .join(", ")}`;
}
