import type { Analysis, Token } from "./lexical";
import { AUXILIARIES } from "./vocabulary";

/**
 * The sentences a reviewer reads, from a fixed set of templates: "Different date: 'end of Q3' → 'end of
 * Q4'", "Negated: 'will ship' → 'will not ship'", "Adds detail: 'by Friday'", "Same statement, reworded".
 * The first quoted phrase is from the candidate, the second from the fact it is compared with.
 */
export const LABEL = {
  number: "Different number",
  date: "Different date",
  name: "Different name",
  owner: "Different owner",
  source: "Different source",
  "qualifier:kin": "Different relative",
  "qualifier:gender": "Different person",
  "qualifier:color": "Different colour",
  "qualifier:direction": "Different direction",
  "qualifier:side": "Different side",
  quantifier: "Different amount",
  modality: "Different modality",
  opposite: "Opposite",
  thing: "Different thing",
  action: "Different action",
  roles: "Roles swapped",
  negation: "Negated",
  time: "No longer true",
  timeUnsure: "Different time",
} as const;
export type Label = keyof typeof LABEL;

export const SAME = "Same statement, reworded";
export const RELATED = "Related: close in wording, but not the same statement";
export const UNRELATED = "Unrelated: little in common";

export const changed = (label: Label, a: string, b: string) => `${LABEL[label]}: '${a}' → '${b}'`;
export const addsDetail = (phrases: string[]) => `Adds detail: ${phrases.map((p) => `'${p}'`).join(", ")}`;

/** The label for a group of values ("date:weekday" → "Different date"). */
export function labelOf(group: string): Label {
  if (group in LABEL) return group as Label;
  const kind = group.split(":")[0] as string;
  return kind in LABEL ? (kind as Label) : "thing";
}

/** Tokens from..to as written ("Priya's" keeps its 's). */
export function span(an: Analysis, from: number, to: number): string {
  return an.tokens
    .slice(Math.max(0, from), to + 1)
    .map((t) => (/^\d{5,}$/.test(t.original) ? Number(t.original).toLocaleString("en-US") : t.original))
    .map((w, k) => (an.tokens[Math.max(0, from) + k]?.possessive ? `${w}'s` : w))
    .join(" ");
}

const PRONOUNS = new Set("i we you he she they it there this that who which".split(" "));
const DETERMINERS = new Set("the a an his her their its our my your these those some any".split(" "));
/** Function words a phrase may start with: auxiliaries, determiners, prepositions; never a subject pronoun. */
const leadable = (t: Token | undefined) => !!t && t.stop && !PRONOUNS.has(t.text);
/** Function words a verb phrase may start with: auxiliaries and determiners ("is the lead", "will not ship"). */
const verbLeadable = (t: Token | undefined) =>
  !!t && (AUXILIARIES.has(t.text) || DETERMINERS.has(t.text) || t.text === "to");

/**
 * Start of the phrase ending at token `at`: walk left over function words (and the `also` tokens, such
 * as a negator or "formerly"), at most `max` of them.
 */
export function phraseStart(
  an: Analysis,
  at: number,
  also: ReadonlySet<number> = new Set(),
  max = 4,
  lead = leadable,
): number {
  let i = at;
  while (i > 0 && at - i < max) {
    const prev = an.tokens[i - 1];
    if (!(lead(prev) || also.has(i - 1))) break;
    i--;
  }
  return i;
}

/** A value with the function words that introduce it: "by Friday", "on Android", "in 2019". */
export function detailPhrase(an: Analysis, tokens: number[]): string {
  const first = tokens[0] as number;
  const last = tokens.at(-1) as number;
  return span(an, phraseStart(an, first, new Set(), 2), last);
}

/** A verb with its auxiliaries: "will ship", "is the lead" (walking left from the content word at `at`). */
export function verbPhrase(an: Analysis, at: number, also: ReadonlySet<number> = new Set(), to = at): string {
  let from = phraseStart(an, at, also, 5);
  // Starts with an auxiliary, a marker or a determiner: "is no longer on the team", not "of ex-president".
  while (from < at && !verbLeadable(an.tokens[from]) && !also.has(from)) from++;
  // The noun phrase ends at its head: "the team lead", not "the team".
  let end = to;
  while (
    end < at + 2 &&
    an.tokens[end + 1] &&
    !an.tokens[end + 1]?.stop &&
    !/\d/.test(an.tokens[end + 1]?.text ?? "")
  ) {
    if (!isNounish(an.tokens[at] as Token)) break;
    end++;
  }
  return span(an, from, end);
}

const isNounish = (t: Token) => !t.senses || t.senses.posWeight[0] >= Math.max(...t.senses.posWeight.slice(1));
