import type { Tok } from "@/lib/extraction/offline/nlp";

/**
 * Who "he" and "she" are at a meeting. A hiring panel, a council or a sales review talks about people who are
 * not in the room ("Amara was strong. She's run Flink in production."): a fact that says "She has run Flink"
 * means nothing in a fact base a month later. A third-person subject pronoun is read as the person most recently
 * named as a sentence's subject; once "she" has been read as Amara, "he" is someone else ("Jordan's good at SQL,
 * better than Amara. But he's never been on call." is Jordan). When no name fits, the pronoun is left as said and
 * the candidate keeps its vague subject (the confidence model reads that).
 *
 * The tracker lives for one chunk, in the order it was said: names are sentence subjects only (a proper noun
 * followed by its verb), so an object ("better than Amara"), a vocative ("Tariq, sol-gel.") or an acronym
 * never becomes a referent.
 */
export type Pronoun = "he" | "she";

/**
 * How many clauses after it was last named or pointed to a person stays a referent: "he" a minute after "Terraform
 * is a nice to have" is not Terraform. Names are not known to be people, so only a recent one is read.
 */
const WINDOW = 6;

const LEAD = new Set(["so", "and", "but", "or", "well", "then", "now", "yeah", "yes", "okay", "ok", "oh", "also"]);

export class Referents {
  /** Distinct sentence-subject names, the most recent first, with the clause each was last met in. */
  private recent: { name: string; at: number }[] = [];
  private clauses = 0;
  private bound: Partial<Record<Pronoun, string>> = {};

  /**
   * The person a subject pronoun stands for now, or null when the meeting has named no one it could be: the
   * most recent subject the other pronoun was not last read as.
   */
  resolve(pronoun: Pronoun): string | null {
    const other = this.bound[pronoun === "he" ? "she" : "he"];
    const near = this.recent.filter((r) => this.clauses - r.at <= WINDOW);
    return near.find((r) => r.name !== other)?.name ?? null;
  }

  /** After a sentence: its subject, a name or a resolved pronoun, becomes the most recent referent. */
  note(toks: Tok[]): void {
    this.clauses++;
    const at = subjectAt(toks);
    if (at === null) return;
    const first = toks[at]!;
    if (first.lower === "he" || first.lower === "she") {
      const name = this.resolve(first.lower);
      if (name !== null) {
        this.bound[first.lower] = name;
        this.push(name);
      }
      return;
    }
    const name = nameAt(toks, at);
    if (name !== null) this.push(name);
  }

  private push(name: string): void {
    this.recent = [{ name, at: this.clauses }, ...this.recent.filter((r) => r.name !== name)];
  }
}

/** Where a clause's subject stands: after discourse words and punctuation ("So, Amara was strong"). */
function subjectAt(toks: Tok[]): number | null {
  let i = 0;
  while (i < toks.length && (LEAD.has(toks[i]!.lower) || toks[i]!.pos === "PUNCT" || toks[i]!.pos === "INTJ")) i++;
  return i < toks.length ? i : null;
}

/**
 * A person's name as a subject: one or two capitalised proper nouns, then a verb ("Martin Reyes is …"). The
 * tagger sometimes keeps "Jordan's" whole: with a verb, an adverb or an adjective after it, it is "Jordan is".
 */
function nameAt(toks: Tok[], at: number): string | null {
  // A weekday or a month is a date, never a person ("Monday's great, given her deadline").
  const isName = (t: Tok | undefined) => !!t && t.pos === "PROPN" && t.entity === null && /^[A-Z][a-z]+$/.test(t.text);
  const first = toks[at];
  const fused = first?.pos === "PROPN" && first.entity === null ? /^([A-Z][a-z]+)'s$/.exec(first.text) : null;
  if (fused) return /^(AUX|VERB|ADV|ADJ)$/.test(toks[at + 1]?.pos ?? "") && !owned(toks, at + 1) ? fused[1]! : null;
  if (!isName(first)) return null;
  const end = isName(toks[at + 1]) ? at + 2 : at + 1;
  const verb = toks[end];
  if (!verb || !/^(AUX|VERB|ADV|PART)$/.test(verb.pos)) return null;
  if (verb.lower === "'s" && owned(toks, end + 1)) return null;
  return toks
    .slice(at, end)
    .map((t) => t.text)
    .join(" ");
}

/** After "'s": a thing owned ("Jordan's scores", "Jordan's new manager"), so "'s" is no verb. */
function owned(toks: Tok[], at: number): boolean {
  const next = toks[at];
  if (!next) return false;
  if (/^(NOUN|PROPN|NUM)$/.test(next.pos)) return true;
  return next.pos === "ADJ" && /^(NOUN|PROPN)$/.test(toks[at + 1]?.pos ?? "");
}

/**
 * The pronoun subject of a clause and who it is, when the tracker knows: the first "he" or "she" in it. Only
 * that one is rewritten; a later one in the same clause reads clearly after the name.
 */
export function subjectReferent(clause: Tok[], referents: Referents | null): { name: string; pronoun: Pronoun } | null {
  if (!referents) return null;
  const pronoun = clause.find((t) => t.lower === "he" || t.lower === "she")?.lower as Pronoun | undefined;
  if (pronoun === undefined) return null;
  const name = referents.resolve(pronoun);
  return name === null ? null : { name, pronoun };
}
