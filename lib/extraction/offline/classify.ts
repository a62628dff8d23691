import type { Temporal } from "@/lib/extraction/schema";
import type { KindDefinition } from "@/lib/extraction/types";
import type { Tok } from "@/lib/extraction/offline/nlp";
import { baseImportance, CUE_RULES, FALLBACK_KINDS, temporalOf } from "@/lib/extraction/offline/cues";

export interface Classification {
  kind: string;
  strength: "strong" | "weak" | "none";
  importance: number;
  temporal: Temporal;
  /** "maybe", "I think", "probably": the speaker is not sure. */
  hedged: boolean;
}

const HEDGE = /\b(?:maybe|might|perhaps|probably|i think|i guess|not sure|possibly|kinda|sort of)\b/i;
/** "If we go for the younger group, …": a hypothetical, not what the meeting settled or took on. */
const CONDITIONAL = /^\W*(?:(?:so|and|but|then|well)\W+)?(?:if|unless|whether|in case|suppose|supposing)\b/i;
const SETTLED_KINDS = new Set(["decision", "action_item"]);
const UNDECIDED = new RegExp(
  "\\b(?:not|n't|no|haven't|hasn't|didn't|yet to)\\b[^.]{0,20}\\b(?:decid|agree|settl|approv)|" +
    // "we don't know yet which one we're going with": still open.
    "(?:\\bnot|n't) (?:\\w+ )?(?:know|sure)\\b[^.]{0,15}\\b(?:which|what|whether|if|how)\\b",
  "i",
);

/** "we (have) decided (that) / to", "the team agreed on": a decision's framing; group 1 is a "to" that follows. */
const DECISION_FRAME =
  /\b(?:have |had |'ve |'d )?(?:decided|agreed|settled|chose|chosen|opted)\b(?: (?:that|on|upon|for))?( to\b)?/i;
const FRAME_VERBS = new Set(["decide", "agree", "settle", "choose", "opt"]);

/** Picks the kind with the strongest cue among the allowed kinds; falls back to a generic kind. */
export function classify(
  toks: Tok[],
  raw: string,
  kinds: KindDefinition[],
  /** The kind the speaker announced ("Lesson learned there: ..."), when they did. */
  announced?: string | null,
): Classification {
  const text = raw.replace(/[\u2018\u2019]/g, "'");
  const allowed = new Set(kinds.map((k) => k.id));
  let best: { kind: string; strength: "strong" | "weak"; importance?: number } | null =
    announced && allowed.has(announced) ? { kind: announced, strength: "strong" } : null;
  const undecided = UNDECIDED.test(text);
  for (const rule of CUE_RULES) {
    if (!allowed.has(rule.kind) || (best && (best.strength === "strong" || rule.strength === "weak"))) continue;
    if (undecided && rule.kind === "decision") continue;
    if (rule.re.test(text)) best = { kind: rule.kind, strength: rule.strength, importance: rule.importance };
  }
  if (best?.strength === "strong" && SETTLED_KINDS.has(best.kind) && CONDITIONAL.test(text)) {
    best = { ...best, strength: "weak" };
  }
  const kind = best?.kind ?? FALLBACK_KINDS.find((k) => allowed.has(k)) ?? kinds[kinds.length - 1]?.id ?? "context";
  const strength = best?.strength ?? "none";
  const hedged = HEDGE.test(text);
  const specific = toks.some((t) => t.entity !== null || t.pos === "NUM");
  const base = best?.importance ?? baseImportance(kind);
  const importance = Math.min(1, base + (specific ? 0.1 : 0) + (strength === "strong" ? 0.05 : 0));
  // A decision holds from when it was taken: "we decided" frames it and dates nothing ("past" would say it no
  // longer holds). Its time is that of what was decided: "to <verb>" is planned, a statement keeps its own tense.
  const decided = kind === "decision" ? DECISION_FRAME.exec(text) : null;
  const said = decided ? text.replace(DECISION_FRAME, " ") : text;
  // "-ed" after a present "is/are" is a passive ("is blocked"), not the past tense.
  const pastVerb = toks.some(
    (t, i) =>
      (t.pos === "VERB" || t.pos === "AUX") &&
      t.lower !== t.lemma &&
      /ed$/.test(t.lower) &&
      !isPresentBe(toks[i - 1]) &&
      !(decided && FRAME_VERBS.has(t.lemma)),
  );
  let temporal = temporalOf(said, pastVerb);
  if (decided?.[1] && temporal === "present") temporal = "future";
  // A task someone takes on is done later, however it is phrased ("I can take that").
  if (kind === "action_item" && temporal === "present") temporal = "future";
  return { kind, strength, importance: round(importance), temporal, hedged };
}

function isPresentBe(t: Tok | undefined): boolean {
  return !!t && t.lemma === "be" && !/^(was|were|been)$/.test(t.lower);
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}
