import type { Tok } from "@/lib/extraction/offline/nlp";

/**
 * Rewrites a clause from the speaker's point of view into a third-person statement that stands on
 * its own: "I love hiking" said by Caroline becomes "Caroline loves hiking".
 */
export interface Voice {
  speaker: string | null;
  /** Who "you" is, when that is unambiguous (a two-person conversation). */
  addressee: string | null;
  /** "team": "we" is the team (meetings); "inclusive": the speaker and others. */
  group: "team" | "inclusive";
  /** Prefix "<speaker> says" to statements that do not mention the speaker (opinions in chat). */
  attribute?: boolean;
  /** Who "he" or "she" is at this point of a meeting (referents.ts); the first one in the clause is named. */
  people?: Partial<Record<"he" | "she", string>>;
}

/** Intensifiers and hedges that colour speech but add nothing to a fact. */
const FILLER_ADVERBS = new Set([
  "really",
  "super",
  "totally",
  "pretty",
  "actually",
  "definitely",
  "honestly",
  "literally",
  "absolutely",
  "seriously",
  "basically",
  "kinda",
  "truly",
  "incredibly",
  "extremely",
]);

const MODALS = new Set(["can", "could", "will", "would", "shall", "should", "may", "might", "must", "ca", "wo", "sha"]);
const IRREGULAR_3SG: Record<string, string> = { be: "is", am: "is", are: "is", have: "has", do: "does", go: "goes" };

export function thirdPersonSingular(verb: string): string {
  const lower = verb.toLowerCase();
  if (IRREGULAR_3SG[lower]) return IRREGULAR_3SG[lower]!;
  if (MODALS.has(lower)) return verb;
  if (/(s|sh|ch|x|z|o)$/.test(lower)) return verb + "es";
  if (/[^aeiou]y$/.test(lower)) return verb.slice(0, -1) + "ies";
  return verb + "s";
}

const CONTRACTION: Record<string, { sg: string; pl: string }> = {
  "'m": { sg: "is", pl: "are" },
  "'re": { sg: "is", pl: "are" },
  "'ve": { sg: "has", pl: "have" },
  "'ll": { sg: "will", pl: "will" },
  "'s": { sg: "is", pl: "is" },
};
const PARTICIPLE_AFTER_D = /^(been|had|got|gotten|gone|done|seen|never|already|just|made|taken)$/;

interface Subject {
  text: string;
  /** Conjugate the following finite verb as third person singular. */
  singular: boolean;
}

export function rewriteClause(toks: Tok[], source: string, voice: Voice): string {
  const name = voice.speaker;
  const implicit = implicitSubject(toks, voice);
  let out = implicit;
  // After the first mention the speaker is "they"/"their", as a person would write it.
  let named = (out !== "" && out !== "it") || !name;
  let addresseeNamed = false;
  let pending: Subject | null = null; // a rewritten subject whose verb still needs agreement
  let pendingAge = 0;
  let personNamed = false; // "he" / "she" named once; a later one reads clearly after the name
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i]!;
    const prev = toks[i - 1];
    // Tokens not side by side (a compound's part after its borrowed owner) are joined by one space.
    const between = prev ? source.slice(prev.end, t.start) : "";
    const gap = prev && (prev.end > t.start || /\S/.test(between)) ? " " : between;
    let word = t.text;
    let spaced = gap; // contractions have no gap; their expansions need one
    const lower = t.lower;
    if (t.pos === "ADV" && FILLER_ADVERBS.has(lower) && i > 0) continue;
    const next = toks[i + 1];
    // A pronoun is only clear while one of the two people has been named in the clause.
    const selfPronoun = named && !addresseeNamed;
    const otherPronoun = addresseeNamed && !named;
    const person: string | undefined =
      (lower === "he" || lower === "she") && !personNamed ? voice.people?.[lower] : undefined;
    const subject = person
      ? { text: person, singular: true }
      : subjectFor(lower, next, voice, selfPronoun, otherPronoun);
    personNamed ||= person !== undefined;
    if (subject) {
      addresseeNamed ||= lower === "you";
      word = subject.text;
      named ||= lower === "i" || (lower === "we" && voice.group === "inclusive");
      pending = subject;
      pendingAge = 0;
    } else if (name && (lower === "me" || lower === "myself")) {
      word = lower === "myself" ? "themselves" : selfPronoun ? "them" : name;
      named = true;
    } else if (name && (lower === "my" || lower === "mine")) {
      word = selfPronoun ? (lower === "my" ? "their" : "theirs") : `${name}'s`;
      named = true;
    } else if (lower === "our" || lower === "ours") {
      word = voice.group === "team" ? "the team's" : !name ? word : selfPronoun ? "their" : `${name}'s`;
    } else if (lower === "us") {
      word = voice.group === "team" ? "the team" : name ? `${name} and others` : word;
    } else if (lower === "ourselves" || lower === "yourself") {
      word = "themselves";
    } else if (voice.addressee && lower === "you") {
      word = otherPronoun ? "them" : voice.addressee;
      addresseeNamed = true;
    } else if (voice.addressee && (lower === "your" || lower === "yours")) {
      word = otherPronoun ? (lower === "your" ? "their" : "theirs") : `${voice.addressee}'s`;
      addresseeNamed = true;
    } else if (pending) {
      const agreed = agree(t, toks.slice(i + 1), pending.singular);
      if (agreed !== null) {
        word = agreed;
        if (t.text.startsWith("'")) spaced = " ";
        pending = null;
      } else if (!(t.pos === "ADV" || t.pos === "PART") || ++pendingAge > 2) {
        pending = null;
      }
    }
    // After an added subject the first word is no longer sentence-initial: "Gina went ...".
    if (i === 0 && implicit && t.entity === null && !/^[A-Z]{2,}/.test(word)) word = word.toLowerCase();
    out += (out ? (i === 0 ? " " : spaced) : "") + word;
  }
  if (!named && voice.attribute && name && toks[0]) {
    // Sentence-initial words are often tagged as names; only entities and acronyms keep their capital.
    const person = [name, voice.addressee].some((n) => n && out.startsWith(n));
    const keepCase = person || toks[0].entity !== null || /^[A-Z]{2,}/.test(toks[0].text);
    out = `${name} says ${keepCase ? out : out[0]!.toLowerCase() + out.slice(1)}`;
  }
  return finish(out);
}

function subjectFor(
  lower: string,
  next: Tok | undefined,
  voice: Voice,
  selfPronoun: boolean,
  otherPronoun: boolean,
): Subject | null {
  // "me" as a subject never happens; "I" is the only first-person subject form.
  if (lower === "i" && voice.speaker)
    return selfPronoun ? { text: "they", singular: false } : { text: voice.speaker, singular: true };
  if (lower === "we") {
    if (voice.group === "team") return { text: "the team", singular: true };
    return voice.speaker ? { text: `${voice.speaker} and others`, singular: false } : null;
  }
  // "you" before a verb is a subject ("you did great"); otherwise an object ("proud of you").
  if (lower === "you" && voice.addressee && next && /^(AUX|VERB|ADV|PART)$/.test(next.pos)) {
    return otherPronoun ? { text: "they", singular: false } : { text: voice.addressee, singular: true };
  }
  return null;
}

/** The verb after a rewritten subject, in agreement with it; null when the token is not a verb. */
function agree(t: Tok, rest: Tok[], singular: boolean): string | null {
  const lower = t.lower;
  const next = rest[0];
  // "She's run Flink", "he's never been on call", "she's only got four years": "'s" is "has" before a participle.
  if (lower === "'s" && hasParticiple(rest)) return "has";
  const contraction = CONTRACTION[lower];
  if (contraction) return singular ? contraction.sg : contraction.pl;
  if (lower === "'d") return next && PARTICIPLE_AFTER_D.test(next.lower) ? "had" : "would";
  if (lower === "were") return singular ? "was" : "were";
  if (!singular) {
    if (lower === "am" || lower === "is") return "are";
    if (lower === "was") return "were";
    return t.pos === "VERB" || t.pos === "AUX" ? t.text : null;
  }
  if (lower === "am" || lower === "are") return "is";
  if (lower === "have" || lower === "do") return IRREGULAR_3SG[lower]!;
  if (MODALS.has(lower) || lower === "was" || lower === "did" || lower === "had") return t.text;
  if (t.pos === "VERB" && t.lower === t.lemma) return thirdPersonSingular(t.text);
  if (t.pos === "VERB" || t.pos === "AUX") return t.text;
  return null;
}

/** A past participle after "'s", past any adverbs: an irregular one (run, done, got) or one of "been", "never" …. */
function hasParticiple(rest: Tok[]): boolean {
  const at = rest.findIndex((t) => t.pos !== "ADV" || PARTICIPLE_AFTER_D.test(t.lower));
  const verb = rest[at];
  if (!verb) return false;
  if (PARTICIPLE_AFTER_D.test(verb.lower)) return true;
  // A regular "-ed" after "'s" is most often passive ("it's scheduled"); "-ing" is "is".
  return verb.pos === "VERB" && !/(?:ing|ed)$/.test(verb.lower) && verb.lower !== verb.lemma + "s";
}

/**
 * Chat drops the subject ("Researching adoption agencies", "Gonna continue my edu", "Went hiking"):
 * returns the words to put in front. A gerund that is itself the subject ("Painting is fun") is left.
 */
function implicitSubject(toks: Tok[], voice: Voice): string {
  const first = toks[0];
  if (!first || !voice.speaker) return "";
  const hasFiniteBe = toks.some((t) => t.lemma === "be" && t.lower !== "being" && t.lower !== "been");
  if (first.lower === "gonna" || (first.pos === "VERB" && first.lower.endsWith("ing") && !hasFiniteBe)) {
    return `${voice.speaker} is`;
  }
  // "Sounds great", "Looks like fun": a present verb in -s left out "it", not the speaker.
  if (first.lower !== first.lemma && thirdPersonSingular(first.lemma) === first.lower) return "it";
  if (first.lower === "been" || (first.pos === "VERB" && first.lower !== first.lemma && !first.lower.endsWith("ing"))) {
    return first.lower === "been" ? `${voice.speaker} has` : voice.speaker;
  }
  return "";
}

function finish(text: string): string {
  const trimmed = text
    .replace(/\s+/g, " ")
    // Blanked fillers and tags leave " ," and ", ,"; tokenized transcripts write "it 's", "do n't".
    .replace(/\s+([,;:!?.])/g, "$1")
    .replace(/([,;:])(?:\s*[,;:])+/g, "$1")
    .replace(/(\p{L})\s+('(?:s|re|ve|ll|d|m)|n't)(?![\p{L}])/giu, "$1$2")
    .replace(/^[\s,;:\-–—.]+/, "")
    // "So the team is going with …": a spoken discourse marker is no part of the fact.
    .replace(/^(?:so|and|but|okay|ok|well|anyway|alright|yeah|yes)\b[\s,]+(?=\p{L}[\p{L}']*\s+\p{L})/iu, "")
    .replace(/[\s,;:\-–—!?.…]+$/, "")
    .trim();
  return trimmed ? written(trimmed[0]!.toUpperCase() + trimmed.slice(1) + ".") : "";
}

/**
 * A fact is written, not spoken: contractions are spelled out ("It's been a dream" becomes "It has been a
 * dream", "doesn't" "does not"). Only after pronouns: "Caroline's" and "life's" may be possessives.
 */
function written(text: string): string {
  return text
    .replace(/\b(it|that|there|here|what|who|he|she)['’]s (been|got|gotten|had)\b/giu, "$1 has $2")
    .replace(/\b(it|that|there|here|what|who|he|she)['’]s\b/giu, "$1 is")
    .replace(/\b(they|you|we|who)['’]re\b/giu, "$1 are")
    .replace(/\b(they|you|we|who|i)['’]ve\b/giu, "$1 have")
    .replace(/\b(they|you|we|it|that|he|she|there|i)['’]ll\b/giu, "$1 will")
    .replace(/\b([Cc])an['’]t\b/gu, "$1annot")
    .replace(/\b([Ww])on['’]t\b/gu, "$1ill not")
    .replace(/\b(do|does|did|is|are|was|were|has|have|had|could|would|should|must|need)n['’]t\b/giu, "$1 not");
}
