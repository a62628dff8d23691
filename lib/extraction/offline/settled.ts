import type { Tok } from "@/lib/extraction/offline/nlp";

/**
 * A decision said as a statement the group settled: "we decided (that) the trip moves to Lisbon in May", "we
 * agreed the launch slips to June", "I've decided the API stays on version two". The settled statement is the
 * fact; the framing ("we decided that") is what makes it a decision, so the kind keeps it and the content drops
 * it: "The trip moves to Lisbon in May.". The quote keeps every word.
 *
 * Not a settled statement: a plan said with "to" ("we decided to hold the offsite …" keeps its words: the rest
 * does not stand alone), what is still open ("we haven't decided whether …", "we decided nothing yet"), an
 * agreement about what already happened ("we agreed the demo went well": an assessment, not a choice), and a
 * question (questions never reach the kind rules).
 */

/** Who settles: the speaker, the team, or named people ("Dana and I"). */
const SUBJECT = /^(?:i|we|everyone|everybody|all|both|team|group|committee|board|council|and)$/;
/** Words that may stand between the subject and the verb: "we've all finally agreed". */
const BETWEEN = new RegExp(
  "^(?:'ve|have|had|'d|all|both|just|finally|now|already|also|then|jointly|unanimously|formally|" +
    // Spoken openers left before the subject: "so we decided …".
    "so|well|okay|ok|but)$",
);
const SETTLED_VERB = /^(?:decided|agreed)$/;
/** What a settled statement cannot start with: an infinitive, a preposition, a question word, a negation. */
const NOT_A_STATEMENT = new RegExp(
  "^(?:to|on|upon|with|against|about|over|for|what|which|whether|if|how|when|where|who|why|" +
    "nothing|not|no|none|yet|so)$",
);
/** Past forms that make the statement a report of what happened, not what the group chose. */
const PAST_AUX = /^(?:was|were|had|did)$/;
/**
 * A plural-looking noun after a noun, followed by one of these or ending the statement, is the tagger missing a
 * verb: "the trip moves to", "the offline mode ships".
 */
const MOTION = /^(?:to|into|from|until|till|by|back)$/;

/** Where the settled statement starts in `toks`, or null when the clause is not "<who> decided/agreed <statement>". */
export function settledStatement(toks: Tok[]): number | null {
  const verb = toks.findIndex((t) => SETTLED_VERB.test(t.lower));
  if (verb < 1 || verb > 5) return null;
  const lead = toks.slice(0, verb);
  const subject = lead.some((t) => t.pos === "PRON" || t.pos === "PROPN" || SUBJECT.test(t.lower));
  const leadOk = lead.every(
    (t) => SUBJECT.test(t.lower) || BETWEEN.test(t.lower) || t.pos === "PROPN" || t.lower === "the",
  );
  if (!subject || !leadOk) return null;
  let start = verb + 1;
  if (toks[start]?.lower === "that" || toks[start]?.text === ",") start++;
  const first = toks[start];
  if (!first || NOT_A_STATEMENT.test(first.lower) || !/^(?:DET|NOUN|PROPN|PRON|ADJ|NUM)$/.test(first.pos)) return null;
  // "We decided it moves to May": "it" leans on what came before, so the framing stays (the rewrite names "we").
  if (first.pos === "PRON" && !/^(?:we|i)$/.test(first.lower)) return null;
  const rest = toks.slice(start);
  const words = rest.filter((t) => /\p{L}|\p{N}/u.test(t.text));
  if (words.length < 3) return null;
  // Its verb: the first one the tagger found, or a plural-looking noun where a verb must be ("the trip moves to").
  const predicate = rest.findIndex(
    (t, i) =>
      i > 0 &&
      (t.pos === "VERB" ||
        t.pos === "AUX" ||
        (t.pos === "NOUN" &&
          /s$/.test(t.lower) &&
          /^(?:NOUN|PROPN)$/.test(rest[i - 1]!.pos) &&
          // …before a preposition of motion, or as the statement's last word ("the offline mode ships.").
          (MOTION.test(rest[i + 1]?.lower ?? "") || !/\p{L}|\p{N}/u.test(rest[i + 1]?.text ?? "")))),
  );
  if (predicate === -1) return null;
  const head = rest[predicate]!;
  // "was", "went", "slipped": a past form (a present one ends in -s or is the lemma itself: "moves", "move").
  const past =
    PAST_AUX.test(head.lower) || (head.pos === "VERB" && head.lower !== head.lemma && !/(?:s|ing)$/.test(head.lower));
  return past ? null : start;
}
