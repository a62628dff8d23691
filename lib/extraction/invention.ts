import { analyse } from "@/lib/extraction/offline/nlp";
import { loadWordNet } from "@/lib/matcher/wordnet";

/**
 * Facts a model invents keep the look of a real one: a quote close to a real line, or a real quote under
 * content that adds a date or an amount nobody said. Two checks, each a gate note (never a refusal: a
 * reviewer decides): a quote found only fuzzily shows both texts, and every number, amount, date and name in the
 * content must be in the quote or its turn. A relative date in the turn ("next Wednesday") exempts the
 * absolute date the prompt asks the model to resolve it to, when that date is one the phrase can mean on the
 * source's date (a Wednesday 1–14 days on); with no source date, any resolution is let through.
 */

const MONTHS = "january|february|march|april|may|june|july|august|september|october|november|december";
const SHORT_MONTHS = "jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec";
const DAY = String.raw`\d{1,2}(?:st|nd|rd|th)?`;
const DATE_OR_NUMBER = new RegExp(
  [
    String.raw`\b(?:${MONTHS}|${SHORT_MONTHS})\.?\s+${DAY}`,
    String.raw`\b${DAY}\s+(?:${MONTHS})`,
    String.raw`\b\d{4}-\d{2}-\d{2}`,
    String.raw`[$€£]?\b\d[\d,.:/]*%?`,
  ].join("|"),
  "gi",
);
const WHEN = "week|month|quarter|year|monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekend";
const RELATIVE_DATE = new RegExp(
  String.raw`\b(?:next|last|this|coming|end of|by)\s+(?:the\s+)?(?:${WHEN})\b|\b(?:today|tomorrow|yesterday|tonight)\b`,
  "i",
);
const DATE_LIKE = new RegExp(
  String.raw`^(?:${MONTHS}|${SHORT_MONTHS}|\d{1,2}(?:st|nd|rd|th)?\s)|^\d{4}-\d{2}-\d{2}$`,
  "i",
);

/** What in the content is a date, number, amount or name that neither the quote nor its turn says. */
export function unsupportedSpecifics(
  content: string,
  quote: string,
  turn: string,
  sourceDate?: string,
  speaker?: string | null,
): string[] {
  const said = fold(`${quote}\n${turn}`);
  const relative = RELATIVE_DATE.test(turn) || RELATIVE_DATE.test(quote);
  const resolves = (found: string) => !sourceDate || resolvesRelative(found, `${quote}\n${turn}`, sourceDate);
  const missing: string[] = [];
  for (const match of content.matchAll(DATE_OR_NUMBER)) {
    const found = match[0].replace(/[.,:/]+$/, "");
    if (found.length === 0 || !/\d/.test(found)) continue;
    if (relative && DATE_LIKE.test(found) && resolves(found)) continue;
    const bare = fold(found)
      .replace(/^[$€£]/, "")
      .replace(/(st|nd|rd|th)$/, "");
    if (!said.includes(bare) && !missing.includes(found)) missing.push(found);
  }
  for (const name of unsaidNames(content, said, speaker)) if (!missing.includes(name)) missing.push(name);
  return missing;
}

/**
 * Names in the content (a capitalized word: a person, a product, a place, "SEPA") that the quote and its turn never
 * say: the model put someone or something into the fact that the line does not hold. A name the turn says in any
 * case or inside a longer word ("Lin's") is said; so is the speaker the fact is attributed to (the turn's label,
 * or the speaker field itself); a weekday or month is the date check's.
 */
function unsaidNames(content: string, said: string, speaker?: string | null): string[] {
  const known = new Set(
    (speaker ?? "")
      .toLowerCase()
      .split(/\s+/)
      .filter((w) => w.length > 0),
  );
  const words = new Set(said.split(/[^\p{L}\p{N}]+/u));
  const names: string[] = [];
  let opening: Set<number> | null = null;
  for (const match of content.matchAll(NAME)) {
    const word = match[0].replace(/['’]s$/, ""); // "Dana's" is Dana
    const lower = word.toLowerCase();
    if (word === "I" || known.has(lower) || CALENDAR.test(lower)) continue;
    if (words.has(lower) || said.includes(lower)) continue;
    const first = match.index === 0 || /[.!?:;]\s*$/.test(content.slice(0, match.index));
    // A sentence's first word is capitalized anyway: a name only when the tagger reads it as one ("Marcus owns
    // …", not "Due July 15").
    if (first) {
      opening ??= properNounStarts(content);
      if (!opening.has(match.index)) continue;
    }
    if (!names.includes(word)) names.push(word);
  }
  return names;
}

const NAME = /(?<![\p{L}\p{N}'’])\p{Lu}[\p{L}\p{N}'’-]*/gu;
const CALENDAR = new RegExp(`^(?:${MONTHS}|${SHORT_MONTHS}|${WHEN}|today|tomorrow|yesterday|tonight)$`, "i");
/**
 * Where a sentence opens on a name: the tagger reads a proper noun there, and WordNet knows no ordinary word of
 * that spelling ("Marcus", "Kubernetes"; not "Customers" nor "Due", which the tagger calls proper when capitalized).
 */
function properNounStarts(text: string): Set<number> {
  const wordnet = loadWordNet();
  const ordinary = (word: string) => {
    const senses = wordnet?.lookup(word.toLowerCase());
    if (!senses) return false;
    const [, verb, adjective, adverb] = senses.posWeight;
    return senses.commonNoun || verb + adjective + adverb > 0;
  };
  return new Set(
    analyse(text)
      .flatMap((sentence) => sentence.toks)
      .filter((tok) => tok.pos === "PROPN" && !ordinary(tok.text))
      .map((tok) => tok.start),
  );
}
export function quoteDiffersNote(modelQuote: string, sourceText: string): string {
  const model = clip(modelQuote);
  return `Quote differs from the source: the model quoted "${model}"; the source says "${clip(sourceText)}"`;
}

/** The line (a turn in the view) around a span. */
export function turnAround(text: string, start: number, end: number): string {
  const from = text.lastIndexOf("\n", Math.max(0, start - 1)) + 1;
  const to = text.indexOf("\n", end);
  return text.slice(from, to === -1 ? text.length : to);
}

function fold(text: string): string {
  return text.toLowerCase().replace(/,(?=\d{3}\b)/g, "");
}

function clip(text: string): string {
  const one = text.replace(/\s+/g, " ").trim();
  return one.length > 200 ? `${one.slice(0, 199)}…` : one;
}

const WEEKDAYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];
const MONTH_INDEX = new Map(
  [...MONTHS.split("|").entries()].flatMap(([i, m]) => [
    [m, i],
    [m.slice(0, 3), i],
  ]),
).set("sept", 8);
const DAY_MS = 86_400_000;

/**
 * Whether an absolute date in the content is one a relative phrase of the text can mean, said on
 * `sourceDate` (YYYY-MM-DD). Windows are generous — "next week" is any of the next 14 days, "next month" the
 * next 62 — since the check is for invention ("due July 15" from "next Wednesday" in May), not for style.
 */
export function resolvesRelative(found: string, text: string, sourceDate: string): boolean {
  const base = Date.parse(`${sourceDate}T00:00:00Z`);
  const date = parseDate(found, base);
  if (Number.isNaN(base) || date === undefined) return true;
  const offset = Math.round((date - base) / DAY_MS);
  const weekday = new Date(date).getUTCDay();
  const lower = text.toLowerCase();
  const windows: [number, number][] = [];
  if (/\b(?:today|tonight)\b/.test(lower)) windows.push([0, 0]);
  if (/\btomorrow\b/.test(lower)) windows.push([1, 1]);
  if (/\byesterday\b/.test(lower)) windows.push([-1, -1]);
  for (const m of lower.matchAll(
    new RegExp(String.raw`\b(next|last|this|coming|by|on)?\s*(${WEEKDAYS.join("|")})\b`, "g"),
  )) {
    if (WEEKDAYS.indexOf(m[2]!) !== weekday) continue;
    windows.push(m[1] === "last" ? [-14, 0] : [-1, 14]);
  }
  if (/\b(?:next|this|coming) week|\bend of (?:the )?week|\bweekend\b/.test(lower)) windows.push([0, 14]);
  if (/\blast week\b/.test(lower)) windows.push([-14, 0]);
  if (/\b(?:next|this|coming) month|\bend of (?:the )?month/.test(lower)) windows.push([0, 62]);
  if (/\blast month\b/.test(lower)) windows.push([-62, 0]);
  if (/\bquarter\b/.test(lower)) windows.push([-100, 190]);
  if (/\byear\b/.test(lower)) windows.push([-400, 400]);
  return windows.some(([from, to]) => offset >= from && offset <= to);
}

/** "July 15", "15 July", "Jul. 15th" or "2024-07-15" as a UTC time, its year the one nearest to `base`. */
function parseDate(found: string, base: number): number | undefined {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(found);
  if (iso) return Date.UTC(Number(iso[1]), Number(iso[2]) - 1, Number(iso[3]));
  const lower = found.toLowerCase().replace(/\./g, "");
  const a = /^([a-z]+)\s+(\d{1,2})/.exec(lower);
  const b = /^(\d{1,2})(?:st|nd|rd|th)?\s+([a-z]+)/.exec(lower);
  const month = MONTH_INDEX.get(a?.[1] ?? b?.[2] ?? "");
  const day = Number(a?.[2] ?? b?.[1]);
  if (month === undefined || !day) return undefined;
  const year = new Date(base).getUTCFullYear();
  const options = [year - 1, year, year + 1].map((y) => Date.UTC(y, month, day));
  return options.sort((x, y) => Math.abs(x - base) - Math.abs(y - base))[0];
}
