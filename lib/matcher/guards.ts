import { alignWords, type Alignment } from "./align";
import { stemOf, type Analysis, type Token } from "./lexical";
import { LABEL, addsDetail, changed, detailPhrase, labelOf, span } from "./reasons";
import { negationDifferences } from "./negation";
import { alignLimits, alignPhrases, alignProhibitions, withoutParaphrases } from "./paraphrase";
import { namesOf, presentNames, sameName } from "./names";
import { roleDifferences } from "./roles";
import { compoundDifferences, swapDifferences } from "./swaps";
import { anchors, nameValues, paired, sameSlot, textValues, type Slots, type Value } from "./values";
import { timeDifference } from "./time";
import { DEADLINE_WORDS, OPPOSITES, OWNER_WORDS, STRONG_MODALITIES, PARTIAL_AMOUNTS } from "./vocabulary";

/**
 * How two statements differ. A value that truly differs (a number, a date, a name, a qualifier, an amount
 * or a modality filling the same slot with another value, a negation, an opposite, a state that ended) is a
 * veto: never a duplicate, however many words they share. Everything else a guard finds (a swapped thing,
 * a deadline, a modality or an amount on one side only, another source) is evidence the duplicate model
 * weighs (features.ts), named in the reason when it matters. Two numbers that name things in the same slot
 * ("feature 7" / "feature 6", values.ts) are two things: a veto, but like a swapped thing never a contradiction.
 */
export type DifferenceTag = "deadline" | "partial" | "strong" | "source" | "opposite" | "action" | "roles" | "undated";

export type DifferenceKind =
  "number" | "date" | "name" | "negation" | "qualifier" | "thing" | "quantifier" | "modality" | "time";

export interface Difference {
  kind: DifferenceKind;
  /** values only on the first side / only on the second side */
  a: string[];
  b: string[];
  /** both sides fill the same slot with different values (or one side negates): a contradiction if all else is equal */
  conflict: boolean;
  /** a hard guard: never a duplicate, whatever the model says (a value that truly differs, a state that ended) */
  veto: boolean;
  /** what kind of finding, for the model's features: "deadline" for a date on one side that sets one */
  tag?: DifferenceTag;
  /** for a reviewer: "Different date: 'end of Q3' → 'end of Q4'" */
  reason: string;
  /** token indexes holding the differing values, to compare what is left */
  tokensA: number[];
  tokensB: number[];
}

const oppositeOf = new Map<string, Set<string>>();
for (const [x, y] of OPPOSITES) {
  const [sx, sy] = [stemOf(x), stemOf(y)];
  oppositeOf.set(sx, (oppositeOf.get(sx) ?? new Set()).add(sy));
  oppositeOf.set(sy, (oppositeOf.get(sy) ?? new Set()).add(sx));
}

const texts = (an: Analysis, v: Value) => v.tokens.map((i) => an.tokens[i]?.original ?? "");

/** A year reads with what it times, as a date does: "target for 2024". */
const isYear = (key: string) => /^(19|20)\d\d$/.test(key);

/**
 * The value with the words next to it that both sides share, up to two each way: "end of Q3" / "end of Q4",
 * "five engineers" / "seven engineers". Numbers read best with what they count (the right), dates with
 * what they time (the left).
 */
function inSlot(s: Slots, x: Value, y: Value): [string, string] {
  const [fa, la, fb, lb] = [x.tokens[0], x.tokens.at(-1), y.tokens[0], y.tokens.at(-1)] as [
    number,
    number,
    number,
    number,
  ];
  const same = (i: number, j: number) => {
    const [p, q] = [s.a.tokens[i], s.b.tokens[j]];
    // Another value is no context: "3% last month" shows "3%", not "3% last" (a number may: "5 out of 5").
    const other = (t: Token, skip: ReadonlySet<number>) => skip.has(t.index) && !/^\d/.test(t.text);
    return !!p && !!q && p.stem === q.stem && !other(p, s.skipA) && !other(q, s.skipB);
  };
  // Stop at the first word that is not a function word: "five engineers", "5 out of 5", "end of Q3".
  const word = (t: Token | undefined) => !!t && !t.stop;
  let right = 0;
  while (right < 3 && same(la + right + 1, lb + right + 1) && !(right > 0 && word(s.a.tokens[la + right]))) right++;
  if (right > 0 && !word(s.a.tokens[la + right])) right = 0;
  let left = 0;
  while (left < 3 && same(fa - left - 1, fb - left - 1) && !(left > 0 && word(s.a.tokens[fa - left]))) left++;
  if (left > 0 && !word(s.a.tokens[fa - left])) left = 0;
  const useRight = right > 0;
  const useLeft = left > 0;
  const names = x.kind === "name" || x.kind === "qualifier";
  const [l, r] = names
    ? [0, 0]
    : useRight && (!(x.kind === "date" || isYear(x.key)) || !useLeft)
      ? [0, right]
      : useLeft
        ? [left, 0]
        : [0, 0];
  return [span(s.a, (fa as number) - l, (la as number) + r), span(s.b, (fb as number) - l, (lb as number) + r)];
}

/** A name that owns or leads what follows ("Lin owns the migration", "Marcus is the lead"): its owner. */
function ownerOf(s: Slots, v: Value): boolean {
  if (v.kind !== "name") return false;
  const next = anchors(s.a, v, s.skipA)[1];
  return !!next && OWNER_WORDS.has(next.stem);
}

const REPORTING = new Set([
  "said",
  "says",
  "say",
  "told",
  "tells",
  "reported",
  "reports",
  "announced",
  "added",
  "wrote",
]);

/**
 * A name that reports the statement ("…, Burke said" / "…, the Weather Service said", "according to Lin"):
 * two sources can say the same thing, so a different one is no contradiction of what was said.
 */
function isSource(an: Analysis, v: Value): boolean {
  if (v.kind !== "name") return false;
  const [first, last] = [v.tokens[0] as number, v.tokens.at(-1) as number];
  const before = an.tokens.slice(Math.max(0, first - 2), first).map((t) => t.text);
  return REPORTING.has(an.tokens[last + 1]?.text ?? "") || before.join(" ") === "according to";
}

/** Equal values, or a date and a more precise one: "January 1996" / "Jan. 12, 1996". */
function sameValue(x: Value, y: Value): boolean {
  if (x.key === y.key) return true;
  return x.group === "date:month" && (x.key.startsWith(`${y.key} `) || y.key.startsWith(`${x.key} `));
}

/**
 * Pairs the values of the two sides: equal values first (written either way: "$1.5bn" / "1.5 billion"),
 * then different values that fill the same slot (a conflict, a veto). What is left is on one side only: an added
 * detail, tagged for the model when it is a deadline, a partial amount ("most") or a strong modality ("may").
 */
function valueDifferences(a: Analysis, b: Analysis, al: Alignment, namesA: Token[], namesB: Token[]): Difference[] {
  // A name the other side also has, however written ("Mr. Bush" / "Bush said", "SEC") is no difference.
  const presentA = presentNames(a, namesA, b);
  const presentB = presentNames(b, namesB, a);
  const va = [...textValues(a), ...nameValues(namesA.filter((t) => !presentA.has(t.index)))];
  const vb = [...textValues(b), ...nameValues(namesB.filter((t) => !presentB.has(t.index)))];
  if (va.length === 0 && vb.length === 0) return [];
  const s: Slots = {
    a,
    b,
    al,
    skipA: new Set(va.flatMap((v) => v.tokens)),
    skipB: new Set(vb.flatMap((v) => v.tokens)),
  };
  // Equal values pair first, best pairs first: in the same slot, then nearest in place ("5 out of 5").
  const equal: Array<{ x: Value; y: Value; rank: number }> = [];
  for (const x of va)
    for (const y of vb)
      if (y.group === x.group && (x.kind === "name" ? sameName(a, x, y, b) : sameValue(x, y)))
        equal.push({
          x,
          y,
          rank: (sameSlot(s, x, y) ? 0 : 1000) + Math.abs((x.tokens[0] as number) - (y.tokens[0] as number)),
        });
  const usedA = new Set<Value>();
  const usedB = new Set<Value>();
  for (const { x, y } of equal.sort((p, q) => p.rank - q.rank)) {
    if (usedA.has(x) || usedB.has(y)) continue;
    usedA.add(x);
    usedB.add(y);
  }
  const leftA = va.filter((x) => !usedA.has(x));
  const out: Difference[] = [];
  const onlyA: Value[] = [];
  for (const x of leftA) {
    const y = vb.find((c) => !usedB.has(c) && c.group === x.group && sameSlot(s, x, c));
    if (!y) {
      onlyA.push(x);
      continue;
    }
    usedB.add(y);
    if (x.names !== undefined && y.names !== undefined) {
      // Two numbers naming things ("feature 7" / "feature 6") are two things, not one value changed: never a
      // duplicate, and never a contradiction, whatever else differs (dates, counts).
      out.push({
        kind: "thing",
        a: texts(a, x),
        b: texts(b, y),
        conflict: true,
        veto: true,
        reason: changed(
          "thing",
          span(a, x.names, x.tokens.at(-1) as number),
          span(b, y.names, y.tokens.at(-1) as number),
        ),
        tokensA: x.tokens,
        tokensB: y.tokens,
      });
      continue;
    }
    const [pa, pb] = inSlot(s, x, y);
    if (isSource(a, x) && isSource(b, y)) {
      out.push({
        kind: x.kind,
        a: texts(a, x),
        b: texts(b, y),
        conflict: false,
        veto: false,
        tag: "source",
        reason: changed("source", pa, pb),
        tokensA: x.tokens,
        tokensB: y.tokens,
      });
      continue;
    }
    out.push({
      kind: x.kind,
      a: texts(a, x),
      b: texts(b, y),
      conflict: true,
      veto: true,
      reason: changed(labelOf(ownerOf(s, x) ? "owner" : x.kind === "qualifier" ? x.group : x.kind), pa, pb),
      tokensA: x.tokens,
      tokensB: y.tokens,
    });
  }
  const onlyB = vb.filter((y) => !usedB.has(y));
  // Dates on both sides that do not pair ("published May 3" / "published Monday"): no telling they agree. A
  // side whose dates only stamp a past event from the speaker's now ("said yesterday" / "said Wednesday") may
  // name the same day: an added detail. "today" or "this week" may be a plan, and still vetoes.
  const dated = (vs: Value[]) => vs.filter((v) => v.kind === "date");
  const pastStamps = (vs: Value[]) => dated(vs).every(isPastFromSpeaker);
  const bothDated = dated(onlyA).length > 0 && dated(onlyB).length > 0 && !pastStamps(onlyA) && !pastStamps(onlyB);
  for (const v of onlyA) out.push(oneSided(s, v, true, bothDated));
  for (const v of onlyB) out.push(oneSided(s, v, false, bothDated));
  return out;
}

/** "yesterday", "last week", "last year": a past day or period counted from the speaker's now. */
const isPastFromSpeaker = (v: Value) => /^date:(day:yesterday|relative:last )/.test(v.key);

/**
 * A date on one side only that sets a deadline or a plan ("ships by Friday", "next quarter", "end of Q3")
 * changes a commitment; one that only stamps an event ("said on Tuesday") adds detail.
 */
function isDeadline(an: Analysis, v: Value): boolean {
  if (v.group === "date:quarter" || (v.group === "date:relative" && !v.key.startsWith("date:relative:last ")))
    return true;
  let i = (v.tokens[0] as number) - 1;
  while (i >= 0 && /^(the|end|start|beginning|middle|of|close)$/.test(an.tokens[i]?.text ?? "")) i--;
  return DEADLINE_WORDS.has(an.tokens[i]?.text ?? "");
}

function oneSided(s: Slots, v: Value, isA: boolean, bothDated: boolean): Difference {
  const an = isA ? s.a : s.b;
  const other = isA ? s.b : s.a;
  const amount = v.key.split(":")[1] ?? "";
  // Dates on both sides that do not pair: no telling they agree, a veto. The rest is evidence for the model.
  const veto = v.kind === "date" && bothDated;
  const tag: DifferenceTag | undefined =
    v.kind === "date"
      ? bothDated
        ? "undated"
        : isDeadline(an, v)
          ? "deadline"
          : undefined
      : v.kind === "quantifier" && PARTIAL_AMOUNTS.has(amount)
        ? "partial"
        : v.kind === "modality" && STRONG_MODALITIES.has(amount)
          ? "strong"
          : undefined;
  let reason = addsDetail([detailPhrase(an, v.tokens)]);
  if (v.kind === "quantifier" || v.kind === "modality") {
    // "Different amount: 'customers' → 'most customers'": the word it governs, on both sides.
    const head = anchors(an, v, isA ? s.skipA : s.skipB)[1];
    const match = head && other.tokens.find((t) => (isA ? paired(s, head, t) : paired(s, t, head)));
    const withIt = head
      ? span(an, v.tokens[0] as number, head.index)
      : span(an, v.tokens[0] as number, v.tokens.at(-1) as number);
    reason = !match
      ? `${LABEL[v.kind]}: '${withIt}' on one side only`
      : isA
        ? changed(v.kind, withIt, match.original)
        : changed(v.kind, match.original, withIt);
  }
  return {
    kind: v.kind,
    a: isA ? texts(an, v) : [],
    b: isA ? [] : texts(an, v),
    conflict: false,
    veto,
    ...(tag ? { tag } : {}),
    reason,
    tokensA: isA ? v.tokens : [],
    tokensB: isA ? [] : v.tokens,
  };
}

/** "before" on one side and "after" on the other, in the same slot, each missing from the other side. */
function oppositeDifferences(s: Slots): Difference[] {
  const out: Difference[] = [];
  const stemsA = new Set(s.a.tokens.map((t) => t.stem));
  const stemsB = new Set(s.b.tokens.map((t) => t.stem));
  for (const x of s.a.tokens) {
    const opposite = oppositeOf.get(x.stem);
    if (!opposite || stemsB.has(x.stem)) continue;
    const y = s.b.tokens.find((t) => opposite.has(t.stem) && !stemsA.has(t.stem));
    if (!y || out.some((d) => d.tokensB[0] === y.index)) continue;
    const vx: Value = { kind: "qualifier", group: "opposite", key: x.stem, tokens: [x.index] };
    const vy: Value = { kind: "qualifier", group: "opposite", key: y.stem, tokens: [y.index] };
    if (!sameSlot(s, vx, vy)) continue;
    out.push({
      kind: "qualifier",
      a: [x.original],
      b: [y.original],
      conflict: true,
      veto: true,
      tag: "opposite",
      reason: changed("opposite", x.original, y.original),
      tokensA: [x.index],
      tokensB: [y.index],
    });
  }
  return out;
}

/**
 * Aligns the two statements (names only pair with names or synonyms, see align.ts) and lists every
 * way they differ in a value that must never be merged away. The matcher scores with the same alignment.
 */
export function compareStatements(a: Analysis, b: Analysis): { alignment: Alignment; differences: Difference[] } {
  const namesA = namesOf(a, b);
  const namesB = namesOf(b, a);
  // Headlines capitalise ordinary nouns too ("Car Bomb Hits ..."): those still pair with relatives.
  const pairable = (ts: Token[]) => new Set(ts.filter((t) => !t.senses?.commonNoun).map((t) => t.index));
  const names = namesA.length + namesB.length > 0 ? { a: pairable(namesA), b: pairable(namesB) } : undefined;
  const alignment = alignWords(a, b, names);
  alignPhrases(alignment, a, b);
  alignProhibitions(a, b, alignment);
  alignLimits(a, b, alignment);
  const values = valueDifferences(a, b, alignment, namesA, namesB);
  const s: Slots = {
    a,
    b,
    al: alignment,
    skipA: new Set(textValues(a).flatMap((v) => v.tokens)),
    skipB: new Set(textValues(b).flatMap((v) => v.tokens)),
  };
  const found = [...values, ...negationDifferences(s), ...oppositeDifferences(s), ...timeDifference(s)];
  const swapped = swapDifferences(a, b, alignment, found);
  const swaps = [
    ...swapped,
    ...roleDifferences(a, b, alignment),
    ...compoundDifferences(a, b, alignment, [...found, ...swapped]),
  ];
  // A detail that is part of a swapped thing ("Priya's" in "Priya's biggest" / "legal's biggest") is said there.
  const swappedA = new Set(swaps.flatMap((d) => d.tokensA));
  const swappedB = new Set(swaps.flatMap((d) => d.tokensB));
  const kept = found.filter(
    (d) =>
      d.conflict ||
      d.veto ||
      d.tag !== undefined ||
      !(d.tokensA.some((i) => swappedA.has(i)) || d.tokensB.some((i) => swappedB.has(i))),
  );
  return { alignment, differences: withoutParaphrases(a, b, [...kept, ...swaps]) };
}
