import type { Tok } from "@/lib/extraction/offline/nlp";

/**
 * The shape of a clause, as the confidence model reads it: what a reviewer rejects on sight in a meeting
 * (a question, a subject only the room could resolve, a clause cut off mid-way) rather than for what it says.
 */
interface ClauseForm {
  /** "Do we need to retrain …", "what are they gonna be working on", "I wonder if …". */
  question: boolean;
  /** The subject is a bare "this", "that", "it", "they", "you" …: the fact needs the room to be understood. */
  vagueSubject: boolean;
  /** Ends on a word that cannot end a sentence ("… you have to", "… with the"): the speaker broke off. */
  unfinished: boolean;
  /** Share of the words that point instead of naming ("it", "this", "they", "here"). */
  pointing: number;
  /** The speaker speaks of themselves ("I", "my"): in a meeting, more often about them than about the work. */
  self: boolean;
}

// Words before the subject that do not change what the clause says: "so", "and then", "well", "yeah".
const LEAD = new Set([
  "so",
  "and",
  "but",
  "or",
  "well",
  "then",
  "now",
  "yeah",
  "yes",
  "okay",
  "ok",
  "oh",
  "because",
  "cause",
]);
const WH = new Set(["what", "why", "how", "where", "when", "who", "which"]);
const VAGUE = new Set(["this", "that", "these", "those", "it", "they", "he", "she", "you"]);
const POINTING = new Set([...VAGUE, "them", "him", "her", "here", "there", "one"]);
const SELF = new Set(["i", "me", "my", "mine", "myself"]);
const CANNOT_END = new Set(["DET", "ADP", "CCONJ", "SCONJ", "AUX", "PART"]);

export function clauseForm(clause: Tok[]): ClauseForm {
  let i = 0;
  while (i < clause.length - 1 && (LEAD.has(clause[i]!.lower) || clause[i]!.pos === "PUNCT")) i++;
  const first = clause[i];
  const second = clause[i + 1];
  const inverted =
    !!first && !!second && first.pos === "AUX" && /^(PRON|PROPN|NOUN|DET)$/.test(second.pos) && i + 2 < clause.length;
  const whQuestion = !!first && WH.has(first.lower) && second?.pos === "AUX";
  const question =
    clause.some((t) => t.text.includes("?") || t.lower === "wonder" || t.lower === "whether") || inverted || whQuestion;
  // "This approach works" names its subject; "This is sort of how …" does not.
  const vagueSubject = !!first && VAGUE.has(first.lower) && !/^(NOUN|PROPN|ADJ|NUM)$/.test(second?.pos ?? "");
  let last = clause.length - 1;
  while (last > 0 && clause[last]!.pos === "PUNCT" && !/[.!?]/.test(clause[last]!.text)) last--;
  const unfinished = CANNOT_END.has(clause[last]!.pos);
  const words = clause.filter((t) => t.pos !== "PUNCT");
  const pointing = words.filter((t) => POINTING.has(t.lower)).length / Math.max(1, words.length);
  return { question, vagueSubject, unfinished, pointing, self: clause.some((t) => SELF.has(t.lower)) };
}
