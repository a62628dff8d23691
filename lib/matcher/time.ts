import type { Difference } from "./guards";
import type { Analysis, Token } from "./lexical";
import { changed, span, verbPhrase } from "./reasons";
import { paired, type Slots } from "./values";
import { PAST_STATE, PRESENT_WORDS } from "./vocabulary";

const BE = /^(is|are|was|were|be|been|being|get|gets|got)$/;
/** Words around a state that are not the state: auxiliaries, determiners, prepositions. */
const FRAME_WORDS = "is are was were be been being am has have had the a an his her their its our my your";
const FRAME = new Set(`${FRAME_WORDS} on in at of to for with by from`.split(" "));

/** "is used to", "are also used to": a tool's use, not a past habit. */
const passive = (an: Analysis, i: number) =>
  BE.test(an.tokens[i - 1]?.text ?? "") || BE.test(an.tokens[i - 2]?.text ?? "");

/** Tokens saying a state held and holds no more: "formerly", "ex-", "used to", "no longer", "until recently". */
export function pastMarkers(an: Analysis): number[] {
  const out: number[] = [];
  an.tokens.forEach((t, i) => {
    const next = an.tokens[i + 1]?.text;
    if (PAST_STATE.has(t.text) || t.text.startsWith("ex-")) out.push(i);
    else if (t.text === "used" && next === "to" && !passive(an, i)) out.push(i, i + 1);
    else if ((t.text === "no" && next === "longer") || (t.text === "until" && next === "recently")) out.push(i, i + 1);
  });
  return out;
}

/**
 * A change of state in time: "is the lead" / "was formerly the lead". Never a duplicate; a contradiction
 * when the other side says the state holds now (a present tense or "now"), else only a different time.
 */
export function timeDifference(s: Slots): Difference[] {
  const ma = pastMarkers(s.a);
  const mb = pastMarkers(s.b);
  if (ma.length > 0 === mb.length > 0) return [];
  const isA = ma.length > 0;
  const [markers, an, other] = isA ? [ma, s.a, s.b] : [mb, s.b, s.a];
  // The other side says it holds now: "is", "now", or a verb in the present ("owns").
  const presentVerb = (t: Token | undefined) =>
    !!t && t.text !== t.stem && /[^s]s$/.test(t.text) && !!t.senses?.posWeight[1];
  const present = other.tokens.some((t) => PRESENT_WORDS.has(t.text));
  const marked = new Set(markers);
  const last = Math.max(...markers);
  // The state that changed: the first content word after the marker ("the lead", "owns billing").
  // "ex-president" is its own state.
  const ex = markers.find((i) => an.tokens[i]?.text.startsWith("ex-"));
  const head =
    ex !== undefined
      ? an.tokens[ex]
      : an.tokens.find((t) => t.index > last && !marked.has(t.index) && !(t.stop && FRAME.has(t.text)));
  const match =
    head &&
    other.tokens.find((t) => (isA ? paired(s, head, t) : paired(s, t, head)) || (head.stop && t.stem === head.stem));
  const withIt = head ? verbPhrase(an, head.index, marked) : span(an, markers[0] as number, last);
  const without = match ? verbPhrase(other, match.index) : "—";
  const holds = present || presentVerb(match);
  const label = holds ? "time" : "timeUnsure";
  const words = markers.map((i) => an.tokens[i]?.original ?? "");
  return [
    {
      kind: "time",
      a: isA ? words : [],
      b: isA ? [] : words,
      conflict: holds,
      veto: true,
      reason: isA ? changed(label, withIt, without) : changed(label, without, withIt),
      tokensA: isA ? markers : [],
      tokensB: isA ? [] : markers,
    },
  ];
}
