/** The closed word lists the guards read. Lists are written as one string each, split on spaces. */
const words = (s: string) => s.split(" ");

/** Dates: two different members of one class fill a date slot differently. */
export const DATE_CLASSES: Record<string, string[]> = {
  weekday: words("monday tuesday wednesday thursday friday saturday sunday weekend weekday"),
  month: words("january february march april may june july august september october november december"),
  quarter: words("q1 q2 q3 q4 h1 h2"),
  day: words("today tomorrow yesterday tonight"),
  season: words("spring summer autumn fall winter"),
  relative: words("next last this previous past"),
};

/** "Sept." is September: abbreviations read as the month. */
export const MONTH_ABBREVIATIONS: Record<string, string> = {
  jan: "january",
  feb: "february",
  mar: "march",
  apr: "april",
  jun: "june",
  jul: "july",
  aug: "august",
  sep: "september",
  sept: "september",
  oct: "october",
  nov: "november",
  dec: "december",
};

/** Qualifiers: a sister is no brother, red is not blue. */
export const QUALIFIER_CLASSES: Record<string, string[]> = {
  kin: words(
    "sister brother mother father mom dad son daughter husband wife aunt uncle niece nephew grandmother " +
      "grandfather boyfriend girlfriend grandson granddaughter",
  ),
  gender: words("man woman boy girl male female men women lady ladies gentleman gentlemen guy guys"),
  color: words("red blue green yellow black white brown orange purple pink gray grey"),
  direction: words("north south east west"),
  side: words("left right"),
};

/** Synonyms that fill a slot with the same value: "a lady" is "a woman", "grey" is "gray". */
export const SAME_VALUE: Record<string, string> = {
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

/** Antonym-ish pairs: one word on each side, in the same slot, flips the meaning. */
export const OPPOSITES: Array<[string, string]> = (
  "younger/older younger/elder youngest/oldest before/after increase/decrease increase/reduce rise/fall " +
  "grow/shrink more/less more/fewer higher/lower above/below early/late earlier/later start/stop open/close " +
  "accept/reject approve/reject win/lose won/lost buy/sell like/dislike love/hate agree/disagree pass/fail " +
  "success/failure enable/disable add/remove include/exclude always/never minimum/maximum first/last " +
  "internal/external public/private import/export input/output true/false cheap/expensive big/small " +
  "large/small long/short hot/cold fast/slow old/new same/different easy/hard easy/difficult good/bad " +
  "happy/sad up/down in/out on/off with/without inside/outside allow/forbid allow/block online/offline " +
  "remote/onsite full-time/part-time senior/junior over/under onto/off into/out"
)
  .split(" ")
  .map((p) => p.split("/") as [string, string]);

/** Scale words after a number: "1.5 billion" and "1.5bn" are one value. */
export const SCALES: Record<string, number> = {
  hundred: 1e2,
  thousand: 1e3,
  k: 1e3,
  million: 1e6,
  millions: 1e6,
  mln: 1e6,
  billion: 1e9,
  billions: 1e9,
  bn: 1e9,
  trillion: 1e12,
  tn: 1e12,
};
export const PERCENT_WORDS = new Set(["percent", "pct", "%"]);

/**
 * Quantifiers, by the amount they claim. "every customer" / "most customers" fill one slot with
 * different amounts; a universal on one side only says what a bare plural already says.
 */
export const QUANTIFIERS: Record<string, string> = {
  all: "all",
  every: "all",
  each: "all",
  entire: "all",
  most: "most",
  majority: "most",
  many: "many",
  numerous: "many",
  some: "some",
  several: "some",
  few: "few",
  always: "always",
  usually: "usually",
  often: "often",
  sometimes: "sometimes",
  rarely: "rarely",
  seldom: "rarely",
  occasionally: "sometimes",
};
/**
 * Amounts that, on one side only, change the claim: "Customers prefer it" / "Most customers prefer it".
 * "some toys", "several toys", "often" only add detail to a bare plural or a plain verb.
 */
export const PARTIAL_AMOUNTS = new Set(["most", "few", "rarely", "usually", "sometimes"]);

/** Modal verbs by what they say of the action: "must ship" is no "may ship". */
export const MODALS: Record<string, string> = {
  must: "must",
  shall: "must",
  required: "must",
  should: "should",
  ought: "should",
  may: "may",
  might: "may",
  could: "can",
  can: "can",
};
/** "have to", "need to": obligation written in two words. */
export const OBLIGATION_VERBS = new Set(["have", "has", "need", "needs"]);
/** Modalities that, on one side only, change the claim ("We ship Friday" / "We may ship Friday"). */
export const STRONG_MODALITIES = new Set(["must", "should", "may"]);

/** Words that say a state held before and holds no more ("was formerly the lead"). */
export const PAST_STATE = new Set(["formerly", "previously", "former"]);
/** Present-tense auxiliaries and "now" words: the side without a past marker says the state holds. */
export const PRESENT_WORDS = new Set(["is", "are", "am", "now", "currently", "still"]);

/** Words that make a date a deadline: "by Friday", "until March", "due Monday". */
export const DEADLINE_WORDS = new Set(words("by before until till within due after from starting"));

/** Verbs and nouns after a name that make it the owner of what follows, as stems ("owns", "leads", "lead"). */
export const OWNER_WORDS = new Set(words("own lead manag maintain run"));

/** Titles before a name: "Ms. Novikova" is "Miss Novikova". */
export const TITLES = new Set(
  words("mr mrs ms miss dr prof sen rep gov gen adm col capt lt sgt president chairman chief minister general admiral"),
);

/** Words that negate what follows "to": "failed to address" is "did not address", "has yet to show" "has not shown". */
export const NEGATING_VERBS = new Set(
  words("fail failed fails failing failure refuse refused refuses refusing unable"),
);

/** Auxiliaries shown with a verb in a reason ("will not ship", "is the lead"). */
export const AUXILIARIES = new Set(
  words("is are was were be been am will would shall should can could may might must do does did has have had"),
);
