import type { Alignment } from "./align";
import type { Difference } from "./guards";
import { isBaseVerb, NEGATORS, stemOf, type Analysis, type Token } from "./lexical";

/**
 * Ways of saying the same thing that the word-by-word guards would read as a difference: an order and an
 * obligation ("Ship offline mode" / "Offline mode must be shipped"), two prohibitions ("No new vendors are
 * allowed" / "may not use any new vendors"), "prefers" / "likes … best", "dark-roast" / "dark roast".
 */

const OBLIGATIONS = new Set(["must", "should"]);

/** An order: the statement opens on a verb's base form ("Ship offline mode by Q3", "Use Postgres"). */
function imperativeVerb(an: Analysis): Token | null {
  const t = an.tokens[0];
  if (!t || t.stop || !t.capitalized || !t.senses || t.senses.posWeight[1] === 0 || !isBaseVerb(t.text)) return null;
  return t;
}

/** The word a statement opens on, capitalised and no function word: a verb if the other side obliges it. */
function opening(an: Analysis): Token | null {
  const t = an.tokens[0];
  return t && !t.stop && t.capitalized && isBaseVerb(t.text) ? t : null;
}

/** The content word an obligation governs: "must be shipped" → "shipped". */
function governedVerb(an: Analysis, d: Difference, isA: boolean): Token | undefined {
  const last = (isA ? d.tokensA : d.tokensB).at(-1) ?? -1;
  return an.tokens.slice(last + 1, last + 4).find((t) => !t.stop && !NEGATORS.has(t.text));
}

const PERMISSIONS = new Set(["may", "can", "could", "allowed", "permitted", "able", "must"]);
const PROHIBITIONS = new Set(["forbidden", "prohibited", "banned", "barred"]);

const prohibitionCache = new WeakMap<Analysis, Set<number> | null>();

/** Tokens of a prohibition ("No X are allowed", "may not", "cannot", "must not", "is forbidden"), or null. */
function prohibition(an: Analysis): Set<number> | null {
  const hit = prohibitionCache.get(an);
  if (hit !== undefined) return hit;
  let found: Set<number> | null = null;
  const ts = an.tokens;
  // An order not to: "Do not share …", "Don't deploy …" (tokens.ts reads "do not"), "Never store …".
  const [first, second, third] = ts;
  if (first?.text === "never" && third && isBaseVerb(second?.text ?? "")) found = new Set([first.index]);
  if (first?.text === "do" && second && NEGATORS.has(second.text)) found = new Set([first.index, second.index]);
  for (const t of found ? [] : ts) {
    if (PROHIBITIONS.has(t.text)) {
      found = new Set([t.index]);
      break;
    }
    if (!PERMISSIONS.has(t.text)) continue;
    const neg = ts.find((n) => NEGATORS.has(n.text) && n.index >= t.index - 5 && n.index <= t.index + 1);
    if (neg) {
      found = new Set([neg.index, t.index]);
      break;
    }
  }
  prohibitionCache.set(an, found);
  return found;
}

/**
 * Two prohibitions, one with a permission word ("No new vendors are allowed"), one with a modal before its verb
 * ("may not use any new vendors"): the permission word and the verb say the same, and pair.
 */
export function alignProhibitions(a: Analysis, b: Analysis, al: Alignment): void {
  const [pa, pb] = [prohibition(a), prohibition(b)];
  if (!pa || !pb) return;
  const contentOf = (words: Token[], p: Set<number>) => words.findIndex((t) => p.has(t.index));
  // The verb after "may not" / "cannot" (not after a permission word, which is itself the verb).
  const verbAfter = (an: Analysis, words: Token[], p: Set<number>) => {
    const last = Math.max(...p);
    if ([...p].some((i) => !an.tokens[i]?.stop && !NEGATORS.has(an.tokens[i]?.text ?? ""))) return -1;
    return words.findIndex((t) => t.index > last && t.index <= last + 2);
  };
  for (const [i, j] of [
    [contentOf(al.wordsA, pa), verbAfter(b, al.wordsB, pb)],
    [verbAfter(a, al.wordsA, pa), contentOf(al.wordsB, pb)],
  ] as const) {
    if (i < 0 || j < 0 || al.partnerA[i] !== -1 || al.partnerB[j] !== -1) continue;
    al.partnerA[i] = j;
    al.partnerB[j] = i;
    al.relationA[i] = "synonym";
  }
}

const CAPS = new Set(["capped", "cap", "caps", "limited", "limit", "limits", "maximum", "max"]);
const COMPARATIVES = new Set(["more", "larger", "longer", "higher", "greater", "bigger"]);
const limitCache = new WeakMap<Analysis, Set<number> | null>();

/**
 * Tokens of an upper limit ("capped at", "limited to", "a maximum of", "at most", "no more than", "up to", "cannot
 * exceed", "may not be longer than"), or null: one bound said many ways, its negators and modals included.
 */
function upperLimit(an: Analysis): Set<number> | null {
  const hit = limitCache.get(an);
  if (hit !== undefined) return hit;
  const ts = an.tokens;
  const out = new Set<number>();
  const text = (i: number) => ts[i]?.text ?? "";
  // The negator and modals before a word ("can not", "may not be"), at most three back.
  const negatedBefore = (i: number) => {
    for (let k = i - 1; k >= Math.max(0, i - 3); k--) {
      if (!NEGATORS.has(text(k))) continue;
      for (let m = k - 1; m <= i; m++) if (m >= 0) out.add(m);
      return true;
    }
    return false;
  };
  ts.forEach((t, i) => {
    if (CAPS.has(t.text)) out.add(i);
    else if (t.text === "most" && text(i - 1) === "at") out.add(i - 1).add(i);
    else if (t.text === "up" && text(i + 1) === "to" && /^\$?\d/.test(text(i + 2))) out.add(i).add(i + 1);
    else if (COMPARATIVES.has(t.text) && text(i + 1) === "than" && (NEGATORS.has(text(i - 1)) || negatedBefore(i)))
      out
        .add(i - 1)
        .add(i)
        .add(i + 1);
    else if (/^exceed(s|ed)?$/.test(t.text) && negatedBefore(i)) out.add(i);
  });
  // "allows at most three": the permission belongs to the bound.
  for (const i of [...out]) if (/^allow(s|ed)?$/.test(text(i - 1))) out.add(i - 1);
  const found = out.size > 0 ? out : null;
  limitCache.set(an, found);
  return found;
}

/**
 * Two upper limits ("The budget is capped at $50,000" / "The budget cannot exceed $50,000"): the content words
 * that say the bound pair ("capped" / "exceed"), as two prohibitions' do.
 */
export function alignLimits(a: Analysis, b: Analysis, al: Alignment): void {
  const [la, lb] = [upperLimit(a), upperLimit(b)];
  if (!la || !lb) return;
  const i = al.wordsA.findIndex((t, k) => la.has(t.index) && al.partnerA[k] === -1);
  const j = al.wordsB.findIndex((t, k) => lb.has(t.index) && al.partnerB[k] === -1);
  if (i < 0 || j < 0) return;
  al.partnerA[i] = j;
  al.partnerB[j] = i;
  al.relationA[i] = "synonym";
}

/** The differences another way of saying the same thing explains, dropped. */
export function withoutParaphrases(a: Analysis, b: Analysis, ds: Difference[]): Difference[] {
  const [ia, ib] = [imperativeVerb(a), imperativeVerb(b)];
  const [pa, pb] = [prohibition(a), prohibition(b)];
  const both = pa && pb;
  const [la, lb] = [upperLimit(a), upperLimit(b)];
  return ds.filter((d) => {
    // Both bound it from above: the negators and modals saying the bound ("cannot exceed") are no difference.
    if (la && lb && (d.kind === "negation" || (d.kind === "modality" && !d.conflict))) {
      if (d.tokensA.every((i) => la.has(i)) && d.tokensB.every((i) => lb.has(i))) return false;
    }
    // Both prohibit: the negators and modals of the two prohibitions are no difference, however they pair.
    if (both && (d.kind === "negation" || (d.kind === "modality" && !d.conflict))) {
      const inside = (ix: number[], p: Set<number>) => ix.every((i) => p.has(i));
      if (inside(d.tokensA, pa) && inside(d.tokensB, pb)) return false;
    }
    if (d.kind !== "modality" || d.conflict) return true;
    const isA = d.tokensA.length > 0;
    const word = (isA ? d.a : d.b).join(" ").toLowerCase();
    if (!OBLIGATIONS.has(word.split(" ")[0] ?? "")) return true;
    // "must be shipped" on one side, "Ship …" opening the other: the same order. A word WordNet has no verb for
    // opens an order too when the other side obliges it: "Sunset the importer" / "The importer must be sunset".
    const verb = governedVerb(isA ? a : b, d, isA);
    const order = (isA ? ib : ia) ?? opening(isA ? b : a);
    return !verb || !order || verb.stem !== order.stem;
  });
}

const LIKING = new Set(["like", "love", "enjoy"].map(stemOf));
const PREFER = stemOf("prefer");
const MOST = new Set(["best", "most", "better"]);
/** "Marcus's favourite is oat milk": what one prefers. */
const FAVOURITE = new Set(["favourite", "favorite", "favourites", "favorites"]);
/** Words one says for the other that WordNet does not relate: "the deadline for X is …" / "X is due …". */
const SAYS_THE_SAME = new Map([
  ["deadline", "due"],
  ["due", "deadline"],
]);
/** Particles of phrasal verbs that also make one noun: "roll out" / "rollout", "set up" / "setup". */
const PARTICLES = new Set(["out", "up", "off", "down", "over", "back", "in", "on", "away"]);

/**
 * A noun made of a phrasal verb, written closed or hyphenated ("rollout", "roll-out", "sign-up"), and the
 * verb with its particle on the other side ("rolls out", "signed up"): the position of the verb among
 * `theirs`, or -1.
 */
function phrasalVerb(t: Token, other: Analysis, theirs: Token[]): number {
  const word = t.text.replace(/-/g, "");
  for (const [k, u] of theirs.entries()) {
    const particle = other.tokens[u.index + 1];
    if (!particle || !PARTICLES.has(particle.text) || !word.endsWith(particle.text)) continue;
    const verb = word.slice(0, word.length - particle.text.length);
    if (verb.length >= 3 && (u.stem === stemOf(verb) || u.text === verb)) return k;
  }
  return -1;
}

/**
 * Pairs words the alignment left alone that one phrase says as two: "prefers" with "likes … best" or with
 * "favourite", "deadline" with "due", a hyphenated compound with its parts written apart ("dark-roast" /
 * "dark roast"), and a noun made of a phrasal verb with the verb ("the rollout of SSO" / "SSO rolls out").
 */
export function alignPhrases(al: Alignment, a?: Analysis, b?: Analysis): void {
  const link = (i: number, j: number) => {
    al.partnerA[i] = j;
    al.partnerB[j] = i;
    al.relationA[i] = "synonym";
  };
  const free = (partner: number[], i: number) => partner[i] === -1;
  for (const [mine, theirs, forward] of [
    [al.wordsA, al.wordsB, true],
    [al.wordsB, al.wordsA, false],
  ] as const) {
    const myPartner = forward ? al.partnerA : al.partnerB;
    const theirPartner = forward ? al.partnerB : al.partnerA;
    mine.forEach((t, i) => {
      if (!free(myPartner, i)) return;
      if (t.stem === PREFER) {
        const j = theirs.findIndex(
          (u, k) =>
            free(theirPartner, k) &&
            (FAVOURITE.has(u.text) || (LIKING.has(u.stem) && theirs.slice(k + 1).some((v) => MOST.has(v.text)))),
        );
        if (j >= 0) link(forward ? i : j, forward ? j : i);
        return;
      }
      const same = SAYS_THE_SAME.get(t.text);
      const j = same ? theirs.findIndex((u, k) => free(theirPartner, k) && u.text === same) : -1;
      if (j >= 0) {
        link(forward ? i : j, forward ? j : i);
        return;
      }
      const other = forward ? b : a;
      const verb = other && t.text.length >= 5 ? phrasalVerb(t, other, theirs) : -1;
      if (verb >= 0 && free(theirPartner, verb)) {
        link(forward ? i : verb, forward ? verb : i);
        return;
      }
      if (!t.text.includes("-")) return;
      const parts = t.text.split("-").map(stemOf);
      const at = theirs.findIndex((_, k) => parts.every((p, n) => theirs[k + n]?.stem === p));
      if (at < 0 || !parts.every((_, n) => free(theirPartner, at + n))) return;
      const head = at + parts.length - 1;
      link(forward ? i : head, forward ? head : i);
      // The other parts count as paired too (cover), without a partner of their own.
      for (let n = 0; n < parts.length - 1; n++) theirPartner[at + n] = i;
    });
  }
}
