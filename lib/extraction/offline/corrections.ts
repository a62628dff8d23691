import type { Candidate } from "@/lib/extraction/schema";
import type { Segment } from "@/lib/sources/schema";

/**
 * What a meeting says twice is one fact to review, not two:
 * - a correction ("for EU visitors … including VAT" → "actually, let's just show prices excluding VAT for
 *   everyone") becomes one candidate with the final version, the earlier words shown inside it as superseded
 *   (a note, which the gate shows as its reason: a reviewer sees both before approving);
 * - a closing summary ("let me summarize: launch is October 22nd, …") repeats facts already proposed: each of its
 *   items that repeats one joins it (the original stays, with its own quote), never replaces it; an item the
 *   meeting had not said before stays a candidate of its own.
 * Both compare what the candidates are about: their content words, names and numbers.
 */

/** Words that mark a statement as replacing an earlier one, said just before or inside it. */
const CORRECTION = new RegExp(
  "\\b(?:actually|instead|let's just|let us just|scratch that|change of plan|on second thought|correction|" +
    "make (?:that|it)|rather than|no wait|after all|we'll go with|let's go with|revised)\\b",
  "i",
);
const SUMMARY = new RegExp(
  "\\b(?:(?:let me|let's|so to|to|quick(?:ly)?)(?: just| quickly| briefly)? " +
    "(?:summari[sz]e|recap|sum (?:it |things )?up)|" +
    "(?:in|quick|a quick|short|brief) (?:summary|recap)|to (?:summari[sz]e|recap|sum up))\\b",
  "i",
);
/** A summary line sharing this much of its words with an earlier candidate partly repeats it. */
const PARTLY = 0.3;
/** How much of its importance a partly repeated summary line keeps (its rank falls as much). */
const REPEAT_WEIGHT = 0.5;
/** How far before a quote a correction's marker may stand (its turn's "Actually, …"). */
const LEAD = 60;
const STOP = new Set(
  (
    "the and for are was were will would should could can have has had that this with from into onto our their " +
    "they them there then than team also just let's lets let what when which who going about been being its " +
    // Pronouns say nothing of what a statement is about ("she's" splits into "she" and "s").
    "she he him her his hers you your it's"
  ).split(" "),
);

function topic(said: string): Set<string> {
  const words = said.toLowerCase().match(/[\p{L}\p{N}$€£.,]+/gu) ?? [];
  return new Set(
    words.map((w) => w.replace(/^[.,]+|[.,]+$/g, "")).filter((w) => (w.length >= 3 || /\d/.test(w)) && !STOP.has(w)),
  );
}

function shared(a: Set<string>, b: Set<string>): number {
  let n = 0;
  for (const w of a) if (b.has(w)) n++;
  return n;
}

/** The earlier candidate `later` restates, if one is about the same thing (most words shared, at least two). */
function restated<T extends Candidate>(later: string, earlier: T[], share: number): T | null {
  const words = topic(later);
  let best: { c: T; n: number } | null = null;
  for (const c of earlier) {
    const n = shared(words, topic(`${c.content} ${c.quote}`));
    if (n >= 2 && n >= share * words.size && (!best || n > best.n)) best = { c, n };
  }
  return best?.c ?? null;
}

/**
 * Words inside the earlier candidate's own quote (a request's quote runs over the sentence after it) say nothing
 * after it: they cannot correct it.
 */
function overlaps(a: Candidate, b: Candidate): boolean {
  return a.start !== null && a.end !== null && b.start !== null && b.end !== null && a.start < b.end && b.start < a.end;
}

function correctionMarked(c: Candidate, text: string, turns: Segment[]): boolean {
  if (c.start === null) return CORRECTION.test(c.quote);
  const turn = turns.find((s) => s.start <= c.start! && c.start! < s.end);
  const from = Math.max(turn?.start ?? 0, c.start - LEAD);
  return CORRECTION.test(text.slice(from, c.end ?? c.start));
}

/** "Okay. Summary." / "Recap:": the word alone as a sentence of its own announces one too. */
const SUMMARY_ALONE =
  /(?:^|[.!?]\s+)(?:(?:okay|ok|so|right|alright)[,.]?\s+)?(?:quick |short |brief )?(?:summary|recap)\s*[.:]/gi;

/**
 * Where a closing summary starts and ends, if the chunk has one: the last summary announced (a meeting's "quick
 * recap of what we need" early on is no closing summary), through every turn its speaker says on end (a subtitle
 * file splits one long turn into several cues).
 */
function summaryOf(text: string, turns: Segment[], from: number, to: number): { start: number; end: number } | null {
  const said = text.slice(from, to);
  const marks = [...said.matchAll(new RegExp(SUMMARY.source, "gi")), ...said.matchAll(SUMMARY_ALONE)];
  if (marks.length === 0) return null;
  const start = from + Math.max(...marks.map((m) => m.index));
  const at = turns.findIndex((s) => s.start <= start && start < s.end);
  if (at === -1) return { start, end: to };
  let last = at;
  while (turns[last + 1] && turns[at]!.speaker && turns[last + 1]!.speaker === turns[at]!.speaker) last++;
  return { start, end: turns[last]!.end };
}

export function joinRestatements<T extends Candidate>(
  candidates: T[],
  text: string,
  turns: Segment[],
  chunk: { start: number; end: number },
): { candidates: T[]; joined: number } {
  const summary = summaryOf(text, turns, chunk.start, chunk.end);
  const inSummary = (c: T) => summary !== null && c.start !== null && c.start >= summary.start && c.start < summary.end;
  let out: T[] = [];
  for (const c of candidates) {
    // A summary's item is joined below, to whatever the meeting settled on by then.
    const earlier = restated(`${c.content} ${c.quote}`, out, 0.5);
    if (!inSummary(c) && earlier && !overlaps(c, earlier) && correctionMarked(c, text, turns)) {
      out = out.filter((x) => x !== earlier);
      const note = `Supersedes what was said earlier in this meeting: "${earlier.quote.replace(/\s+/g, " ").trim()}"`;
      out.push({ ...c, notes: [...(c.notes ?? []), note] });
      continue;
    }
    out.push(c);
  }
  if (!summary) return { candidates: out, joined: 0 };
  const before = out.filter((c) => !inSummary(c));
  // Each repeat joins the facts it repeats and is counted (shown on the run). No note on the originals: a note
  // gates its card (lib/matcher/gating.ts), and being repeated in a summary is no reason for a second look.
  const kept = out.filter((c) => !inSummary(c) || !repeatsAll(c, before));
  // A summary line that partly repeats (part new, part said before) stays, ranked under what it repeats: a
  // reviewer reads the original first, and the summary's own new words still reach the queue.
  const ranked = kept.map((c) =>
    inSummary(c) && restated(c.quote, before, PARTLY) !== null ? { ...c, importance: c.importance * REPEAT_WEIGHT } : c,
  );
  return { candidates: ranked, joined: out.length - kept.length };
}

/**
 * A summary lists its items: "launch is October 22nd, Marcus emails partners by Friday". The candidate joins
 * the earlier ones only when each of its items repeats one; an item the meeting had not said keeps it.
 */
function repeatsAll<T extends Candidate>(c: T, earlier: T[]): boolean {
  const items = c.quote
    .split(/,\s*(?:and\s+)?|;\s*|\s+and\s+(?=[\p{Lu}]|we\b|the\b)/u)
    .filter((item) => topic(item).size >= 2);
  return items.length > 0 && items.every((item) => restated(item, earlier, 0.6) !== null);
}
