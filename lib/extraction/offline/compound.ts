import type { Tok } from "@/lib/extraction/offline/nlp";

/**
 * One owner, several tasks, each with its own date: "Marcus emails partners by Friday, drafts the migration email
 * by Monday, and the blog post by October 18th." is three facts a reviewer approves, edits or rejects apart. The
 * tagger is no help here (it reads "emails" and "drafts" as nouns), so the split is by shape: a subject (a name
 * or a pronoun) and a verb, then parts cut at commas and "and", each holding its own date and a thing named. A
 * part that starts with a determiner ("the blog post …") borrows the verb before it, and every part the modal the
 * first opens with ("I'll email …, draft …": "will draft"). Lists that are not tasks
 * ("salt and pepper", "Q3 and Q4 revenue", "on Monday and Friday") have no date in every part, or no thing named
 * beside the date, and stay whole.
 */
interface CompoundPart {
  /** The tokens the fact is written from: subject, (borrowed) verb, the part's own words. */
  toks: Tok[];
  /** The tokens of the quote: the first part from the clause's start, the others their own words. */
  span: Tok[];
}

const PRONOUN_SUBJECT = /^(?:i|we|he|she|they)$/;
const OBJECT_START = /^(?:the|a|an|our|his|her|their|its|my|your|this|that|these|those)$/;
const LINK = /^(?:and|then|also)$/;
/** "I'll email …, draft …": a modal the first task opens with, which every later task shares. */
const MODAL = /^(?:will|'ll|shall|can|must|should|would|'d|could|might|may)$/;

function isDate(t: Tok): boolean {
  return t.entity === "DATE" || t.entity === "TIME";
}

/** A part carries a task when it says when and names something besides the date. */
function carriesTask(part: Tok[]): boolean {
  const dated = part.some(isDate);
  const named = part.some((t) => !isDate(t) && (t.pos === "NOUN" || t.pos === "PROPN") && t.entity === null);
  return dated && named;
}

/** The clause cut at its commas and "and"s (a comma and an "and" together are one cut); null if never cut. */
function cut(toks: Tok[]): Tok[][] {
  const parts: Tok[][] = [[]];
  for (const t of toks) {
    const current = parts.at(-1)!;
    if (t.text === "," || (t.lower === "and" && current.length > 0)) {
      if (current.length > 0) parts.push([]);
      continue;
    }
    if (current.length === 0 && LINK.test(t.lower)) continue;
    current.push(t);
  }
  return parts.filter((p) => p.some((t) => t.pos !== "PUNCT"));
}

export function splitCompound(clause: Tok[]): CompoundPart[] | null {
  if (clause.length < 8) return null;
  let subjectEnd = 0;
  if (PRONOUN_SUBJECT.test(clause[0]!.lower)) subjectEnd = 1;
  else while (clause[subjectEnd]?.pos === "PROPN" && clause[subjectEnd]!.entity === null) subjectEnd++;
  if (subjectEnd === 0 || subjectEnd > 3) return null;
  const subject = clause.slice(0, subjectEnd);
  const parts = cut(clause.slice(subjectEnd));
  if (parts.length < 2 || !parts.every(carriesTask)) return null;
  let shared = 0;
  while (shared < parts[0]!.length - 1 && MODAL.test(parts[0]![shared]!.lower)) shared++;
  const modal = parts[0]!.slice(0, shared);
  let verb: Tok = parts[0]![shared]!;
  if (OBJECT_START.test(verb.lower) || verb.pos === "ADP" || isDate(verb)) return null;
  const out: CompoundPart[] = [];
  for (const [k, part] of parts.entries()) {
    const first = part[0]!;
    const elided = OBJECT_START.test(first.lower);
    // A part that opens with its own word other than a determiner opens with its verb ("drafts …").
    if (k > 0 && !elided && (first.pos === "PROPN" || first.pos === "ADP" || isDate(first))) return null;
    if (k > 0 && !elided) verb = first;
    const words =
      k === 0
        ? [...subject, ...part]
        : elided
          ? [...subject, ...modal, verb, ...part]
          : [...subject, ...modal, ...part];
    out.push({ toks: trimPunct(words), span: trimPunct(k === 0 ? [...subject, ...part] : part) });
  }
  return out;
}

function trimPunct(toks: Tok[]): Tok[] {
  let end = toks.length;
  while (end > 0 && toks[end - 1]!.pos === "PUNCT" && !/^[.!]$/.test(toks[end - 1]!.text)) end--;
  return toks.slice(0, end);
}
