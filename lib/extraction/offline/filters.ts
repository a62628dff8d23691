import type { Tok } from "@/lib/extraction/offline/nlp";

/**
 * What is not worth a fact: social glue (greetings, thanks, backchannels), questions, commands,
 * reactions to the other person ("That's so cool!"), and fragments with too little content.
 */

const SOCIAL_HEAD = new RegExp(
  "^(?:hi|hey|hello|hiya|yo|morning|good (?:morning|afternoon|evening|night)|bye|goodbye|" +
    "see (?:you|ya)(?: soon| later| tomorrow)?|talk (?:to you )?(?:soon|later)|take care|cheers|" +
    "thanks?(?: you)?(?: so much| a lot)?|thx|ty|you're welcome|no problem|np|" +
    "ok(?:ay)?|k|sure|yes|yeah|yep|yup|no|nope|nah|right|exactly|totally|absolutely|definitely|agreed|true|indeed|" +
    "cool|nice|great|awesome|wow|oh|ah|hmm+|um+|uh+|lol|haha+|omg|got it|sounds good|makes sense|me too|same|" +
    "of course|for sure|i see|fair enough|good point|that's (?:great|cool|awesome|amazing|nice|true|right|fair)|" +
    "(?:good|nice|great) to (?:see|hear from|meet) you|how are you|welcome)" +
    "(?=[\\s,!.~:)(]|$)",
  "i",
);
/**
 * What may follow social glue and keep it social: more of it ("ok cool"), or whom it is said to ("Thanks,
 * everyone", "Okay, Priya"). Case-sensitive on purpose: a name is capitalised, while "Okay. we ship on Friday"
 * goes on with a statement.
 */
const SOCIAL_TO = /^(?:[Ee]veryone|[Aa]ll|[Gg]uys|[Tt]eam|[Ff]olks|[Aa]gain|[A-Z][a-z]+)(?=[\s!.,~:)(]|$)/;
const SEPARATOR = /^[\s,!.~:)(]*/;

const LEADING_FILLER = new Set([
  "hey",
  "hi",
  "hello",
  "wow",
  "oh",
  "ah",
  "aw",
  "aww",
  "yeah",
  "yes",
  "yep",
  "yup",
  "well",
  "so",
  "ok",
  "okay",
  "haha",
  "lol",
  "omg",
  "hmm",
  "um",
  "uh",
  "anyway",
  "anyways",
  "btw",
  "also",
  "and",
  "but",
  "plus",
  "honestly",
  "actually",
  "totally",
  "right",
  "sure",
  "cool",
  "great",
  "awesome",
  "nice",
  "thanks",
  "thank",
  "no",
  "ooh",
  "gosh",
  "man",
  "dude",
]);

export function isSocial(text: string): boolean {
  const t = text.trim();
  if (t.length === 0 || !/\p{L}/u.test(t)) return true;
  let rest = t;
  for (let first = true; ; first = false) {
    const word = SOCIAL_HEAD.exec(rest) ?? (first ? null : SOCIAL_TO.exec(rest));
    if (!word) return false;
    rest = rest.slice(word[0].length);
    rest = rest.slice(SEPARATOR.exec(rest)![0].length);
    if (rest === "") return true;
  }
}

/**
 * Index of the first token worth keeping: skips interjections, fillers and vocatives
 * ("Wow, Caroline! That ..." / "Yeah, so I ..."), each with the punctuation after it.
 */
export function skipLeadingFiller(toks: Tok[], names: Set<string>): number {
  let i = 0;
  for (;;) {
    const t = toks[i];
    if (!t) return i;
    // A lone name before a comma at the start is someone being addressed: "Mel, glad you ..."
    const vocative = t.pos === "PROPN" && toks[i + 1]?.text === "," && (i > 0 || toks.length > 3);
    const isFiller = t.pos === "INTJ" || LEADING_FILLER.has(t.lower) || names.has(t.lower) || vocative;
    const after = toks[i + 1];
    if (isFiller && (!after || after.pos === "PUNCT" || LEADING_FILLER.has(after.lower) || names.has(after.lower))) {
      i++;
      while (toks[i] && toks[i]!.pos === "PUNCT") i++;
      continue;
    }
    if (t.pos === "PUNCT") {
      i++;
      continue;
    }
    return i;
  }
}

/** Drops a trailing vocative: "..., Mel!" */
export function trimTrailingVocative(toks: Tok[], names: Set<string>): Tok[] {
  let end = toks.length;
  while (end > 0 && toks[end - 1]!.pos === "PUNCT") end--;
  if (end >= 2 && names.has(toks[end - 1]!.lower) && toks[end - 2]!.text === ",") {
    return toks.slice(0, end - 2).concat(toks.slice(end));
  }
  return toks;
}

/** A question mark, or a question a transcriber wrote without one: "Have we confirmed that …", "Shall we go …". */
export function isQuestion(toks: Tok[]): boolean {
  if (toks.some((t) => t.text.includes("?"))) return true;
  const first = toks.findIndex((t) => t.pos !== "PUNCT" && !LEADING_FILLER.has(t.lower) && t.pos !== "INTJ");
  return INVERTED.test(toks[first]?.lower ?? "") && /^(?:we|you|they|i)$/.test(toks[first + 1]?.lower ?? "");
}
const INVERTED = /^(?:have|has|shall|should|do|does|did|are|is|can|could|will|would)$/;

/** A bare imperative: starts with a base-form verb and has no subject ("Take a look", "Let me know"). */
export function isCommand(toks: Tok[]): boolean {
  const first = toks[0];
  if (!first) return false;
  if (first.lower === "let" && toks[1]?.lower !== "'s" && toks[1]?.lower !== "us") return true;
  if (first.lower === "please") return true;
  return (
    first.pos === "VERB" &&
    first.lower === first.lemma &&
    !/ing$/.test(first.lower) &&
    first.lower !== "gonna" &&
    !isSubjectOfVerb(toks)
  );
}

/**
 * A noun the tagger read as a bare verb, with the clause's verb right after it: "Commit is at $610,000", "Paint
 * adds a dollar per unit". An imperative is followed by its object, never by a finite verb.
 */
export function isSubjectOfVerb(toks: Tok[]): boolean {
  const next = toks[1];
  if (!next) return false;
  return (
    (next.pos === "AUX" && /^(?:is|was|'s|has|does|will|would|can|could|might|should|must)$/.test(next.lower)) ||
    (next.pos === "VERB" && /[^s]s$/.test(next.lower) && next.lower !== next.lemma)
  );
}

const FIRST_PERSON = new Set(["i", "me", "my", "mine", "myself", "we", "us", "our", "ours", "ourselves"]);
export function hasFirstPerson(toks: Tok[]): boolean {
  return toks.some((t) => FIRST_PERSON.has(t.lower));
}

const SECOND_PERSON = new Set(["you", "your", "yours", "yourself", "u", "ya"]);
/** "You'd be a great counselor!", "I'm sure you'll do great": about the listener, not the speaker. */
export function aboutListener(toks: Tok[]): boolean {
  const you = toks.filter((t) => SECOND_PERSON.has(t.lower)).length;
  const me = toks.filter((t) => FIRST_PERSON.has(t.lower)).length;
  return you > 0 && you >= me;
}

/** Showing something rather than stating it: "Here's a pic of ...", "Check out this ...". */
export function isShowAndTell(toks: Tok[]): boolean {
  const head = toks
    .slice(0, 3)
    .map((t) => t.lower)
    .join(" ");
  return /^(here 's|here is|here are|this is a (pic|photo)|check out|look at|take a look)/.test(head);
}

const STOP = new Set(
  (
    "a an the and or but if so to of in on at by for with from up about into over after before than then that this " +
    "these those it its is am are was were be been being have has had do does did i me my we us our you your he him " +
    "his she her they them their there here what which who how when where why not no just really very so too also " +
    "much many more most some any all can could will would should might must may 'm 're 's 've 'll 'd n't s t get " +
    "got go going gonna thing things stuff lot kind like well yeah oh wow"
  ).split(" "),
);

/** Content words: the nouns, verbs, adjectives and names that carry information. */
export function contentWords(toks: Tok[]): Tok[] {
  return toks.filter((t) => /\p{L}/u.test(t.text) && !STOP.has(t.lower) && t.pos !== "PUNCT" && t.pos !== "INTJ");
}
