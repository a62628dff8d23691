import { isSubjectOfVerb } from "@/lib/extraction/offline/filters";
import type { Tok } from "@/lib/extraction/offline/nlp";
import { rewriteClause, type Voice } from "@/lib/extraction/offline/rewrite";

/**
 * Instructions said to someone: "Ravi, the build failed. Please resubmit the build by Thursday." The task is
 * Ravi's, the person addressed, not the speaker's; said as an imperative it has no subject of its own, so the
 * owner comes from who the turn (or the sentence) is said to: a participant named before a comma.
 */

/** Words a turn may open with before the name it is said to: "Okay, Ravi, …", "So Ravi, …". */
const OPENERS = /^(?:\s|[,.!:;-]|\b(?:ok(?:ay)?|so|and|also|right|great|thanks|alright|then|now)\b)*/i;

/** The participant a text is said to, when it opens on their name and a comma ("Ravi, …"); never the speaker. */
export function addressedIn(text: string, speakers: string[], speaker: string | null): string | null {
  const rest = text.slice(OPENERS.exec(text)?.[0].length ?? 0);
  const found = /^(\p{Lu}[\p{L}'-]+)\s*,\s*(please\b)?/u.exec(rest);
  const name = found?.[1];
  if (!name) return null;
  const match = speakers.find((s) => s.split(/\s+/)[0]!.toLowerCase() === name.toLowerCase());
  if (match) return match !== speaker ? match.split(/\s+/)[0]! : null;
  // Someone not speaking in this transcript, but asked by name: "Priya, please send …".
  return found[2] && name.toLowerCase() !== speaker?.split(/\s+/)[0]!.toLowerCase() ? name : null;
}

const PLEASE = new Set(["please", "kindly"]);

/** An imperative: a base-form verb first, "please" allowed before it ("Please resubmit …", "Send Dana the deck"). */
export function isInstruction(clause: Tok[]): boolean {
  const i = verbAt(clause);
  const verb = clause[i];
  if (!verb || (i === 0 && verb.lower === "let") || isSubjectOfVerb(clause.slice(i))) return false;
  return verb.pos === "VERB" && verb.lower === verb.lemma && !/ing$/.test(verb.lower);
}

function verbAt(clause: Tok[]): number {
  let i = 0;
  while (clause[i] && (PLEASE.has(clause[i]!.lower) || clause[i]!.pos === "PUNCT")) i++;
  return i;
}

/** "Please resubmit the build by Thursday, please" said to Ravi → "Ravi will resubmit the build by Thursday." */
export function instruction(clause: Tok[], text: string, voice: Voice): string {
  let end = clause.length;
  while (end > 0 && (clause[end - 1]!.pos === "PUNCT" || PLEASE.has(clause[end - 1]!.lower))) end--;
  const body = clause.slice(verbAt(clause), end);
  // The rest in the speaker's voice ("send me your notes" → "send Ann Ravi's notes"), then the owner before it.
  const said = rewriteClause(body, text, voice).replace(/[.!?]+$/, "");
  const verbPhrase = body[0]!.entity === null ? said[0]!.toLowerCase() + said.slice(1) : said;
  return `${voice.addressee} will ${verbPhrase}.`;
}
