/**
 * Spoken text cleaned before facts are read from it: transcriber tags, fillers, repeated words, false
 * starts, self-corrections and discourse framing are blanked out with spaces of the same length, so
 * every offset still points into the user's text (quotes stay verbatim) while a fact's content never
 * sees them. Each pattern is linear: bounded repetitions, no nested quantifiers over the same text.
 */

/** Spoken framing that introduces a statement: "One constraint from legal:", "Lesson learned there:". */
export interface Frame {
  /** Offsets of the framing words, separator included, in the cleaned turn. */
  start: number;
  end: number;
  /** The kind the framing announces, when it announces one. */
  kind: string | null;
  /** Who set it ("legal" in "One constraint from legal:"), kept as attribution. */
  source: string | null;
}

export interface CleanTurn {
  text: string;
  frames: Frame[];
}

const TAGS = [
  // ICSI/AMI markup ({disfmarker}, {vocalsound}, {pause}, {gap}, {comment}) and [laughter], [inaudible 00:12]
  /\{[a-z_ ]{1,30}\}/gi,
  /\[[a-z][^\]\n]{0,40}\](?!\()/gi,
  new RegExp(
    "\\((?:inaudible|unintelligible|laughs?|laughter|laughing|crosstalk|cross-talk|pause|coughs?|sighs?|noise|" +
      "silence|music|applause)\\b[^)\\n]{0,20}\\)",
    "gi",
  ),
];
const FILLER = new RegExp(
  "(?<![\\p{L}\\p{N}'-])(?:uh+|um+|uhm+|erm+|er|ah+|eh|hmm+|mm+|mhm|[mh]m+-h?m+|uh-huh|uh-uh)" +
    "(?![\\p{L}\\p{N}'-])(?:\\s*,)?",
  "giu",
);
/**
 * "I mean" outside commas is still a discourse marker ("I mean we could use rubber"); read as a verb it
 * became "Marketing means we could …". Kept where it means something: "I mean it", "what I mean".
 */
const I_MEAN = /(?<!\bwhat\s{1,3})\bi mean\b(?!\s+(?:it|to|him|her|them|business|well)\b)\s*,?/giu;
/** "you know," and "I mean," only as asides between commas: "I mean it" and "you know Sam" stay. */
const ASIDE = /(?<=,\s{0,3}|^\s{0,40})(?:you know|i mean|like|sort of|kind of)\s*,/giu;
/** "we- we", "th- the": a cut-off word. */
const CUT_WORD = /(?<![\p{L}\p{N}'])[\p{L}']{1,12}-(?=\s)/gu;
/**
 * "the the", "we we", "which one {…} which one": the first copy of a repeated one to three words. A copy joined
 * to more by a hyphen is another word: "no no-go zones" keeps its "no".
 */
const REPEAT = /(?<![\p{L}\p{N}'-])((?:[\p{L}\p{N}']+ +){0,2}[\p{L}\p{N}']+)[\s,]+(?=\1(?![\p{L}\p{N}'-]))/giu;
/** "we we're", "I I'm", "it it's": a restart into the same word's contraction. */
const REPEAT_CONTRACTED = /(?<![\p{L}\p{N}'])([\p{L}]+)\s+(?=\1'(?:s|re|ve|ll|d|m)(?![\p{L}]))/giu;
/** "on Tuesday — no, Wednesday": the corrected word and the correction marker. */
const SELF_CORRECTION = new RegExp(
  "(?<![\\p{L}\\p{N}'])[\\p{L}\\p{N}']+\\s*(?:—|–|--| - )\\s*(?:no|sorry|i mean|or rather|actually)\\s*[,—–]?\\s+" +
    "(?=[\\p{L}\\p{N}])",
  "giu",
);
/** A word cut off after a letter or two ("the p the head", "th your mike"): never a word of the fact. */
const FRAGMENT = /(?<=\s|^)(?:[b-hj-np-tv-z]|th|sh|wh)(?=\s+\p{L})/gu;

const FRAME_KINDS: [RegExp, string | null][] = [
  [/^lessons? learned/i, "mistake"],
  [/^(?:one|a|another|the|key|main)? ?(?:hard )?(?:constraint|requirement|limit)/i, "constraint"],
  [/^(?:one|a|another|the|new)? ?rule/i, "rule"],
  [/^(?:one|a|another|the|final)? ?decision/i, "decision"],
  [/^(?:one|an|another)? ?action item/i, "action_item"],
  [/^(?:one|a|another|the|key|main)? ?(?:takeaway|finding|insight)/i, "insight"],
];
const FRAME_WORDS = [
  "(?:first|second|third|next|last|final|another|one more|one last) (?:item|thing|point|topic|update|note)" +
    "(?: on the (?:agenda|list))?",
  "(?:quick |short |brief )?(?:recap|update|reminder|heads[- ]up|fyi|summary|status)(?: from [\\w ]{1,25})?",
  "lessons? learned(?: there| here| from [\\w ]{1,25})?",
  "(?:let me|to|so to|let's) (?:summari[sz]e|recap|sum up|sum it up)|in summary|to conclude",
  // "One concern: the legal team said …": the framing goes, what follows keeps its own kind and attribution.
  "(?:(?:one|a|another|the|my|our|main|big|biggest|real|only|other) )?(?:concern|worry|risk|caveat|question|issue|" +
    "problem|thing|point|note|observation)",
  "(?:(?:one|a|another|the|key|main|new|final|hard) )?(?:constraint|requirement|limit|rule|decision|action item|" +
    "takeaway|finding|insight)(?: from ([\\w ]{1,25}))?",
].join("|");
/** Spoken lead-ins that announce a statement without adding to it: "What I would say is that …". */
const LEAD_INS =
  "so yeah|okay so|ok so|alright so|all right so|so anyway|anyway|" +
  "what i(?:'d| would) say is(?: that)?|what i'm saying is(?: that)?|what i mean is(?: that)?|" +
  "(?:the )?(?:(?:one|only|main|other) )?(?:thing|point|bottom line|idea|catch) (?:is|was)(?: that)?|" +
  "my (?:point|feeling|sense) is(?: that)?";
/**
 * Framing said with a comma: "One thing, the team should …"; "Lin agreed, SEPA adds …" (someone's agreement
 * reported, not a decision: what follows is the fact). "We agreed, …" is kept: there the agreement is the team's.
 */
const COMMA_FRAMES =
  "one (?:more |last |other )?(?:thing|point|note|concern|worry|caveat)|" +
  "(?!we\\b)(?:[\\p{L}]{2,20} )?(?:agreed|agrees)|i agree|agreed|" +
  "(?:let me|to|so to|let's) (?:summari[sz]e|recap|sum up|sum it up)|in summary|" +
  // "I have to flag, we can't do L6 off this loop": the speaker announcing what follows, with its comma.
  "i (?:just )?(?:have to|should|must|need to|want to|wanted to|'d like to) (?:say|flag|mention|note|point out)";
const FRAME = new RegExp(
  // After the turn's start or a sentence end, and at most two leading words ("so,", "oh, and"); bounded look-behind.
  "(?<=(?:^|[.!?\\n])[\\s,]{0,40}(?:(?:so|and|okay|ok|right|alright|well|oh)[\\s,]{1,40}){0,2})" +
    `(?:(${FRAME_WORDS})\\s*[:—–]|(?:${COMMA_FRAMES})\\s*,|(?:${LEAD_INS})\\b,?)\\s*`,
  "giu",
);

function blank(text: string, re: RegExp): string {
  return text.replace(re, (m) => " ".repeat(m.length));
}

/**
 * A number said twice across a comma ends one phrase and starts the next ("between wave one and wave two, two
 * weeks between …"): both copies carry meaning, so that repeat is kept. A stutter ("the, the") is not a number.
 */
const NUMBER_WORD =
  /^(?:\d[\d.,]*|zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty)$/i;
/** Words English says twice on purpose: "we had had enough". */
const GRAMMATICAL_REPEAT = /^had$/i;
function blankRepeats(text: string): string {
  return text.replace(REPEAT, (m: string, unit: string) =>
    (m.includes(",") && NUMBER_WORD.test(unit)) || GRAMMATICAL_REPEAT.test(unit) ? m : " ".repeat(m.length),
  );
}

/** Removes what a fact must not keep; the result has the same length as `text`. */
export function cleanSpoken(text: string): CleanTurn {
  let out = text;
  for (const re of TAGS) out = blank(out, re);
  out = blank(blank(blank(out, FILLER), ASIDE), I_MEAN);
  out = blank(blank(out, CUT_WORD), FRAGMENT);
  out = blank(out, SELF_CORRECTION);
  // Twice: "we we we" leaves one copy, and a repeat can straddle a blanked filler ("the uh the").
  out = blank(blankRepeats(blankRepeats(out)), REPEAT_CONTRACTED);
  const frames: Frame[] = [];
  out = out.replace(FRAME, (m, words: string | undefined, from: string | undefined, offset: number) => {
    const kind = words === undefined ? null : (FRAME_KINDS.find(([re]) => re.test(words))?.[1] ?? null);
    const source = kind !== null && from ? from.trim() : null;
    frames.push({ start: offset, end: offset + m.length, kind, source });
    return " ".repeat(m.length);
  });
  return { text: out, frames };
}

/**
 * The frame just before `at` in a cleaned turn (only blanks between them), or just after a clause's leading
 * "so" / "and" ("Okay, so decision: we extend an offer": the clause starts on "so", its frame follows).
 */
export function frameBefore(turn: CleanTurn, at: number): Frame | null {
  for (const f of turn.frames) {
    if (f.end <= at && turn.text.slice(f.end, at).trim() === "") return f;
    if (f.start >= at && LEADING_WORD.test(turn.text.slice(at, f.start))) return f;
  }
  return null;
}
const LEADING_WORD = /^(?:so|and|then|well|okay|ok|oh|right)[\s,]*$/i;

const CLOSING = new RegExp(
  "\\b(?:talk (?:to you )?(?:next week|soon|later|tomorrow|then|on \\w+day)|see (?:you|everyone|y'all) " +
    "(?:next|all|soon|then|tomorrow|on)|thanks,? (?:all|everyone|everybody|guys|folks|team)|" +
    "thank you,? (?:all|everyone|everybody)|can (?:you|everyone) (?:all )?hear me|can you see my screen|" +
    "let me share my screen|let's (?:have|take) a (?:quick )?look|let's (?:move on|get started|start with)|" +
    "(?:i'll|let me) (?:stop|start) (?:sharing|the recording)|you(?:'re| are) on mute|" +
    "(?:that's|that is) (?:it|all) for (?:today|now|this week)|have a (?:good|great|nice) (?:one|day|weekend|week)|" +
    "let's (?:wrap|call it)|good ?bye)\\b",
  "i",
);

/**
 * The speaker's own time in the meeting ("I have a hard stop at 10:30", "sorry, I have to drop in five") and the
 * agenda ("I want to get through materials, cost and schedule", "I'll walk the timeline, then root cause"): how
 * the meeting runs, not what it settles. "I have to drop the price" is not leaving: the verb must stand alone.
 */
const OWN_TIME = new RegExp(
  "\\bi(?:'ve| have)(?: got)? a hard stop\\b|" +
    "\\bi (?:have|need|got|'ll have|'m going to have) to (?:drop|leave|run|jump|hop)(?: off)?" +
    "(?= (?:in|at|early|soon|by|after)\\b|\\s*(?:[.!,;]|$))",
  "i",
);
const AGENDA = new RegExp(
  "\\b(?:i|we)(?: want|'d like| would like) to (?:get through|go through|run through|go over|cover|talk about|" +
    "start with|go \\w+ by \\w+)\\b|\\b(?:let me|let's) (?:walk|run|go) through\\b|" +
    // "I'll walk the timeline, then root cause": an order of business (not "I'll walk the auditors to …").
    "\\bi'll walk (?:through )?the\\b[^.]*\\bthen\\b|" +
    // A formal meeting's order of business: "I call this meeting to order", "First item is …", "Item two, the …".
    "\\bcall (?:this|the) meeting\\b[^.]{0,80}\\bto order\\b|^\\W*(?:(?:so|okay|ok|and|now)\\W+)?(?:(?:the|our) )?" +
    "(?:(?:first|next|last|final) (?:item|topic)(?: on the agenda)? is\\b|item (?:\\d+|one|two|three|four|five|six|" +
    "seven|eight|nine|ten)\\s*[,:])",
  "i",
);

/** Closings, greetings and meeting logistics: never a fact, whatever else the clause says. */
export function isClosingOrLogistics(text: string): boolean {
  const said = text.replace(/[\u2018\u2019]/g, "'");
  return CLOSING.test(said) || OWN_TIME.test(said) || AGENDA.test(said);
}
