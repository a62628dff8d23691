import { splitCompound } from "@/lib/extraction/offline/compound";
import { skipLeadingFiller, trimTrailingVocative } from "@/lib/extraction/offline/filters";
import type { Tok } from "@/lib/extraction/offline/nlp";

/** A clause a fact is read from: its words (`toks`, a compound's part with its owner) and its quote (`span`). */
export interface AtomicClause {
  clause: Tok[];
  toks: Tok[];
  span: Tok[];
}

/** A sentence as atomic clauses: split at new subject-verb clauses, then a compound's tasks one by one. */
export function atomicClauses(toks: Tok[], names: Set<string>): AtomicClause[] {
  return splitClauses(toks, names).flatMap((clause) =>
    (splitCompound(clause) ?? [{ toks: clause, span: clause }]).map((part) => ({ clause, ...part })),
  );
}

const SUBJECTS = new Set(["i", "we", "he", "she", "they", "you", "it", "there"]);

/**
 * Splits compound sentences at ";" and at a conjunction that starts a new subject-verb clause
 * ("I went to a support group and it was powerful"), so each fact is atomic.
 */
function splitClauses(toks: Tok[], names: Set<string>): Tok[][] {
  const clauses: Tok[][] = [];
  let from = 0;
  for (let i = 1; i < toks.length - 2; i++) {
    const t = toks[i]!;
    const subj = toks[i + 1]!;
    const verb = toks[i + 2]!;
    const conj =
      t.pos === "CCONJ" ||
      t.lower === ";" ||
      (t.pos === "PUNCT" && /^[-–—]$/.test(t.text)) ||
      t.lower === "because" ||
      (t.lower === "so" && toks[i - 1]?.text === ",");
    const newClause =
      ((SUBJECTS.has(subj.lower) || subj.pos === "PROPN") && /^(AUX|VERB|ADV|PART)$/.test(verb.pos)) ||
      (toks[i - 1]?.text === "," && startsNounPhraseClause(toks, i + 1));
    if ((conj && newClause) || t.lower === ";") {
      const left = trimEnd(toks.slice(from, i));
      if (left.some((x) => x.pos === "VERB" || x.pos === "AUX")) {
        clauses.push(left);
        from = i + 1;
      }
    }
  }
  clauses.push(toks.slice(from));
  return clauses
    .map((c) => trimTrailingVocative(c.slice(skipLeadingFiller(c, names)), names))
    .map(trimEnd)
    .filter((c) => c.length > 0);
}

/** ", and the budget can't exceed ...": a short noun phrase, then a verb. */
function startsNounPhraseClause(toks: Tok[], at: number): boolean {
  if (!/^(DET|NOUN|PROPN|ADJ|PRON)$/.test(toks[at]?.pos ?? "")) return false;
  for (let k = at + 1; k < Math.min(toks.length, at + 5); k++) {
    const pos = toks[k]!.pos;
    if (pos === "AUX" || pos === "VERB")
      return toks[k - 1]!.pos === "NOUN" || toks[k - 1]!.pos === "PROPN" || toks[k - 1]!.pos === "PRON";
    if (!/^(DET|NOUN|PROPN|ADJ|NUM)$/.test(pos)) return false;
  }
  return false;
}

/** Drops trailing commas and dashes; keeps final ".!" so quotes read as sentences. */
function trimEnd(toks: Tok[]): Tok[] {
  let end = toks.length;
  while (end > 0 && /^[,;:\-–—(]$/.test(toks[end - 1]!.text)) end--;
  return toks.slice(0, end);
}
