import type { Candidate } from "@/lib/extraction/schema";

/**
 * What a candidate shows about how much it matters, beyond its kind: what a reviewer looks for first in a
 * meeting's notes. Read from the quote (the speaker's words) and the content (who it is about), and from the
 * other candidates of the same chunk (what the meeting came back to). Every value is a number in 0..1 so a
 * model (importance.ts) weighs them side by side; each is general talk, not a phrase of any one meeting.
 */
export interface Evidence {
  /** An amount, a price, a percentage or a count ("$58,000", "12 %", "four cells"). */
  value: number;
  /** A calendar date, a weekday, a quarter or a relative day ("October 22nd", "Friday", "Q3", "next week"). */
  dated: number;
  /** A deadline: "by Friday", "before launch", "no later than the 14th", "due …". */
  due: number;
  /** A person named in the content (a speaker of the meeting) or the speaker taking something on ("I'll"). */
  owner: number;
  /** The team speaking as one: "we", "let's", "our", "the team", "everyone". */
  team: number;
  /** A duty or a limit: "must", "have to", "need to", "required", "only", "never", "at most". */
  obligation: number;
  /** A negation: "not", "no", "never", "n't" (what will not be done is as binding as what will). */
  negation: number;
  /** A personal reaction or opinion: "I think", "I feel", "I love", "I'm worried", "honestly". */
  opinion: number;
  /** How often the chunk's other candidates are about the same thing (0 none, 1 three or more). */
  repeats: number;
  /** It replaced an earlier statement (a correction's note). */
  corrected: number;
  /** Where in the chunk it was said, 0 the start and 1 the end. */
  position: number;
}

/**
 * What the importance model reads. The rest is stored with the candidate for a later fit: an owner, the team
 * speaking, a duty, an opinion and a deadline did not help the ranking held out on the written meetings, and
 * the position helped only a little there while it says little once a long meeting is cut into chunks.
 */
export const EVIDENCE_NAMES = [
  "value",
  "dated",
  "negation",
  "repeats",
  "corrected",
] as const satisfies readonly (keyof Evidence)[];

const NUMBER_WORD = "one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|fifty|hundred";
const VALUE = new RegExp(
  `[$€£]\\s?\\d|\\d|\\b(?:${NUMBER_WORD}|thousand|million|billion|percent|half|double|twice)\\b`,
  "i",
);
const MONTH =
  "january|february|march|april|june|july|august|september|october|november|december|" +
  "jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec";
const DATED = new RegExp(
  `\\b(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|${MONTH}|q[1-4]|today|tomorrow|tonight|eod|eow|` +
    "next (?:week|month|quarter|year|sprint)|this (?:week|month|quarter|sprint)|" +
    "end of (?:the )?(?:day|week|month|quarter|year)|" +
    "\\d{1,2}(?:st|nd|rd|th)|\\d{4}-\\d{2}-\\d{2}|\\d{1,2}/\\d{1,2})\\b",
  "i",
);
const DUE = /\b(?:by|before|until|no later than|due|deadline|latest)\b/i;
const SELF_TASK = /\b(?:i'll|i will|i can|i'm going to|i am going to|i'll take|on me|i own)\b/i;
const TEAM = /\b(?:we|we're|we'll|we've|let's|let us|our|us|the team|everyone|everybody|all of us)\b/i;
const OBLIGATION = new RegExp(
  "\\b(?:must|mustn't|have to|has to|need to|needs to|required?|requires|only|never|always|at most|at least|" +
    "no more than|cannot|can't|not allowed|policy|mandatory|limit)\\b",
  "i",
);
const NEGATION = /\b(?:not|no|never|none|nobody|nothing|without)\b|n't\b/i;
const OPINION = new RegExp(
  "\\b(?:i think|i feel|i guess|i believe|i love|i like|i hate|i'm worried|i worry|honestly|personally|" +
    "to be honest|i'm not sure|i wonder|kind of|sort of|i mean)\\b",
  "i",
);
const STOP = new Set(
  (
    "the and for are was were will would should could can have has had that this with from into our their they " +
    "them there then than team also just what when which who about been being its"
  ).split(" "),
);

function topic(text: string): Set<string> {
  const words = text.toLowerCase().match(/[\p{L}\p{N}$€£]+/gu) ?? [];
  return new Set(words.filter((w) => (w.length >= 4 || /\d/.test(w)) && !STOP.has(w)));
}

/** How many of `others` share at least half of `words` (and at least two), as a share of three. */
function repeatsOf(words: Set<string>, others: Set<string>[]): number {
  let n = 0;
  for (const o of others) {
    let common = 0;
    for (const w of words) if (o.has(w)) common++;
    if (common >= 2 && common >= 0.5 * Math.min(words.size, o.size)) n++;
  }
  return Math.min(n, 3) / 3;
}

/**
 * The evidence of each of a chunk's candidates, in their order. `names` are the meeting's speakers (lower
 * case, full and first names); `span` is the chunk's offsets, to place each quote within it.
 */
export function evidenceOf(
  candidates: Pick<Candidate, "content" | "quote" | "start" | "notes">[],
  names: Set<string>,
  span: { start: number; end: number },
): Evidence[] {
  const topics = candidates.map((c) => topic(`${c.content} ${c.quote}`));
  const length = Math.max(1, span.end - span.start);
  return candidates.map((c, i) => {
    const quote = c.quote.replace(/[\u2018\u2019]/g, "'");
    const contentWords = c.content.toLowerCase().match(/\p{L}+/gu) ?? [];
    const named = contentWords.some((w) => names.has(w)) || SELF_TASK.test(quote);
    const position = c.start === null || c.start === undefined ? 0.5 : (c.start - span.start) / length;
    return {
      value: VALUE.test(quote) ? 1 : 0,
      dated: DATED.test(quote) ? 1 : 0,
      due: DUE.test(quote) && (DATED.test(quote) || VALUE.test(quote)) ? 1 : 0,
      owner: named ? 1 : 0,
      team: TEAM.test(quote) ? 1 : 0,
      obligation: OBLIGATION.test(quote) ? 1 : 0,
      negation: NEGATION.test(quote) ? 1 : 0,
      opinion: OPINION.test(quote) ? 1 : 0,
      repeats: repeatsOf(
        topics[i]!,
        topics.filter((_, j) => j !== i),
      ),
      corrected: (c.notes ?? []).some((n) => /^Supersedes/.test(n)) ? 1 : 0,
      position: Math.min(1, Math.max(0, position)),
    };
  });
}
