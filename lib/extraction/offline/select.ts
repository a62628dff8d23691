import type { ConfidenceFeatures } from "@/lib/extraction/offline/confidence";
import { baseImportance } from "@/lib/extraction/offline/cues";
import type { Tok } from "@/lib/extraction/offline/nlp";
import { rankOf } from "@/lib/extraction/rank";
import type { Candidate } from "@/lib/extraction/schema";

/** Which of the extractor's candidates a reviewer sees, and in what order of importance. */

export type Featured = Candidate & { features: ConfidenceFeatures };
export type Scored = Featured & { score: number; strong: boolean };

/**
 * The extractor's two thresholds, chosen by leave-one-conversation-out on LoCoMo (`scripts/eval-locomo.ts
 * --cv` reports the held-out folds): how many clauses without a cue a turn may give, and how informative
 * (things named, a cue, the speaker about themselves) a clause must be.
 */
export interface Tuning {
  perTurnUncued: number;
  minInformativeness: number;
  /**
   * How many small-talk topic words (small-talk.ts) make a team meeting's candidate small talk; chosen by
   * leave-one-meeting-out on the written meetings (scripts/eval-meetings.ts). Infinity turns it off.
   */
  smallTalkMin?: number;
  /**
   * The rank floor at a clean meeting (RANK_FLOOR unless set): the evaluation sets 0 to choose its floor
   * leave-one-meeting-out on everything the extractor found.
   */
  rankFloor?: number;
}
export const DEFAULT_TUNING: Tuning = { perTurnUncued: 2, minInformativeness: 3, smallTalkMin: 1 };

/** Per turn: every clause with an explicit cue, plus the best other clauses (turns rarely hold more). */
export function selectFromTurn(turn: Scored[], tuning: Tuning): Featured[] {
  const uncued = turn
    .filter((c) => !c.strong)
    .sort((a, b) => b.score - a.score)
    .slice(0, tuning.perTurnUncued);
  return turn.filter((c) => c.strong || uncued.includes(c)).map(({ score: _s, strong: _t, ...c }) => c);
}

/**
 * A clause that opens with "it", "that" or "this" ("Art gives me joy. It helps me show my feelings.") leans on
 * the clause just before it: alone it would not stand on its own, so it joins that clause's candidate when
 * nothing but punctuation lies between them. Joined, the two are one self-contained fact.
 */
const LEANS_BACK = /^(?:it|that|this|they|these|those)\b/i;
export function joinFollowUps<T extends Candidate>(kept: T[], text: string): T[] {
  const out: T[] = [];
  for (const c of kept) {
    const prev = out.at(-1);
    const adjacent = prev?.end != null && c.start !== null && /^[^\p{L}\p{N}]*$/u.test(text.slice(prev.end, c.start));
    if (!prev || prev.start === null || c.end === null || !adjacent || !LEANS_BACK.test(c.quote)) {
      out.push(c);
      continue;
    }
    const rest = LEANS_BACK.test(c.content) ? c.content[0]!.toLowerCase() + c.content.slice(1) : c.content;
    out[out.length - 1] = {
      ...prev,
      content: `${prev.content.replace(/[.!?]$/, "")}; ${rest}`,
      quote: text.slice(prev.start, c.end),
      end: c.end,
    };
  }
  return out;
}

/**
 * The low floor a candidate's rank must reach to be proposed at all: below it a clause is neither likely nor
 * important enough to be worth a reviewer's glance even folded. Chosen by leave-one-meeting-out on the
 * written meetings (scripts/eval-meetings.ts reports the held-out folds).
 */
export const RANK_FLOOR = 0.2;
export function aboveFloor<T extends Candidate>(candidates: T[], floor = RANK_FLOOR): T[] {
  return candidates.filter((c) => rankOf(c) >= floor);
}

/** Keeps the most important facts when capped, in source order. */
export function limit<T extends Candidate>(candidates: T[], maxFacts: number | undefined): T[] {
  return maxFacts === undefined ? candidates : limitBy(candidates, maxFacts, rankOf);
}

function limitBy<T>(items: T[], max: number, score: (t: T) => number): T[] {
  if (items.length <= max) return items;
  const ranked = items
    .map((c, i) => ({ c, i, score: score(c) }))
    .sort((a, b) => b.score - a.score || a.i - b.i)
    .slice(0, Math.max(0, max));
  return ranked.sort((a, b) => a.i - b.i).map((r) => r.c);
}

/** Share of the clause's span that cleaning blanked out (fillers, tags, repeats): messy talk. */
export function disfluency(raw: string, cleaned: string, clause: Tok[]): number {
  const from = clause[0]!.start;
  const to = clause[clause.length - 1]!.end;
  let blanked = 0;
  for (let i = from; i < to; i++) if (cleaned[i] === " " && raw[i] !== " ") blanked++;
  return to > from ? blanked / (to - from) : 0;
}

/** A request and its acceptance: an explicit commitment (no tags to count nouns from: longer words). */
export function assignmentFeatures(content: string): ConfidenceFeatures {
  const words = content.split(/\s+/);
  return {
    strong: true,
    weak: false,
    hedged: false,
    importance: baseImportance("action_item"),
    fallback: false,
    words: words.length,
    nouns: words.filter((w) => w.length >= 4).length,
    specific: /\d|\b(?:mon|tues|wednes|thurs|fri|satur|sun)day\b/i.test(content),
    firstPerson: false,
    disfluency: 0,
    question: false,
    vagueSubject: false,
    unfinished: false,
    pointing: 0,
    self: false,
  };
}
