import type { Candidate } from "@/lib/extraction/schema";
import type { Segment } from "@/lib/sources/schema";

/**
 * A value corrected by someone else a turn or two later: "the tooling modification for the blend, that's $62,000"
 * → "Actually, it's 58, not 62." The short correction says only the new value ("it's 58"), so on its own it is no
 * fact; the statement it corrects is. The two become one candidate: the earlier statement with the new value
 * ("… that is $58,000"), quoting the correction, the earlier words shown inside it as superseded (a note, which
 * the gate shows as its reason). A value of the same type (a time, a percentage, an amount, a count) is needed on
 * both sides, and a marker that it corrects ("actually", "not 62", "now", "sorry").
 */

/** How far after the earlier statement a correction may come, and how many turns later at most. */
const WINDOW = 420;
const MAX_TURNS = 3;
const MAX_WORDS = 14;
const MARKER = /\b(?:actually|sorry|correction|no,|now|not)\b/i;
const WORDS = [
  "zero",
  "one",
  "two",
  "three",
  "four",
  "five",
  "six",
  "seven",
  "eight",
  "nine",
  "ten",
  "eleven",
  "twelve",
];
const VALUE = new RegExp(
  String.raw`\b\d{1,2}:\d{2}\b|\$?\d[\d,]*(?:\.\d+)?(?:\s?(?:percent|%|k\b|thousand|million|billion))?|` +
    String.raw`\b(?:${WORDS.join("|")})\b(?=\s+(?:years?|months?|weeks?|days?|hours?|people|units?)|\s*[.,!?]|$)`,
  "gi",
);

/** What a unit after the digits multiplies by: "thousand" / "k" 1,000, "million", "billion". */
const scaleOf = (unit: string) =>
  /thousand|k$/i.test(unit) ? 1e3 : /million/i.test(unit) ? 1e6 : /billion/i.test(unit) ? 1e9 : 1;

type Kind = "time" | "percent" | "count" | "amount";
interface Value {
  text: string;
  at: number;
  kind: Kind;
  /** The number it says, with its magnitude ("$62,000" → 62000, "1.2 million" → 1200000). */
  n: number;
  /** What follows the digits in its own text ("1.2 million" → " million"), kept when the new value omits it. */
  unit: string;
}

function valuesIn(text: string): Value[] {
  const out: Value[] = [];
  for (const m of text.matchAll(VALUE)) {
    const t = m[0];
    if (/^\d{1,2}:\d{2}$/.test(t)) {
      const [h, min] = t.split(":").map(Number);
      out.push({ text: t, at: m.index, kind: "time", n: h! * 60 + min!, unit: "" });
      continue;
    }
    const word = WORDS.indexOf(t.toLowerCase());
    if (word >= 0) {
      out.push({ text: t, at: m.index, kind: "count", n: word, unit: "" });
      continue;
    }
    const digits = /[\d,]*\d(?:\.\d+)?/.exec(t)?.[0] ?? "";
    const unit = t.slice(t.indexOf(digits) + digits.length);
    const n = Number(digits.replace(/,/g, "")) * scaleOf(unit);
    if (!Number.isFinite(n)) continue;
    out.push({ text: t, at: m.index, kind: /percent|%/.test(unit) ? "percent" : "amount", n, unit });
  }
  return out;
}

/** The new value as the old was written: "58" for "$62,000" is "$58,000", "1.35" for "1.2 million" "1.35 million". */
function restyle(old: Value, said: Value): string | null {
  if (old.kind === "time" || old.kind === "count") return said.kind === old.kind ? said.text : null;
  if (said.kind === "time" || said.kind === "count") return null;
  if (old.kind === "percent" && said.kind !== "percent" && said.unit.trim() !== "") return null;
  // A bare number for a larger one of the same order ("58" for "$62,000"): the old value's magnitude carries.
  const ratio = (x: number) => x / old.n;
  const n = [1, 1e3, 1e6, 1e9].map((s) => said.n * s).find((x) => ratio(x) > 0.4 && ratio(x) < 2.5);
  if (n === undefined || n === old.n) return null;
  const prefix = old.text.startsWith("$") ? "$" : "";
  if (old.unit.trim()) {
    const scale = scaleOf(old.unit);
    return `${prefix}${+(n / scale).toFixed(3)}${old.unit}`;
  }
  return `${prefix}${old.text.includes(",") ? n.toLocaleString("en") : String(n)}`;
}

const speakerAt = (turns: Segment[], at: number) => turns.find((s) => s.start <= at && at < s.end);

/**
 * Each candidate whose value a later short sentence of another speaker corrects, replaced by the corrected
 * statement; the candidates the correction's own sentence made are dropped (it is in the new one's quote).
 */
export function correctValues<T extends Candidate>(
  candidates: T[],
  text: string,
  turns: Segment[],
): { candidates: T[]; corrected: number } {
  const out: T[] = [...candidates];
  let corrected = 0;
  for (const earlier of candidates) {
    const { start, end } = earlier;
    if (start == null || end == null) continue;
    const olds = valuesIn(earlier.quote).filter((v) => earlier.content.includes(v.text));
    if (olds.length !== 1) continue;
    const old = olds[0]!;
    const turn = speakerAt(turns, start);
    const later = turns.filter((s) => s.start >= (turn?.end ?? end)).slice(0, MAX_TURNS);
    const found = findCorrection(text, later, turn?.speaker ?? null, old, end + WINDOW);
    if (!found) continue;
    const at = out.indexOf(earlier);
    if (at < 0) continue;
    const note = `Supersedes what was said earlier in this meeting: "${earlier.quote.replace(/\s+/g, " ").trim()}"`;
    const replaced: T = {
      ...earlier,
      content: earlier.content.replace(old.text, found.value),
      quote: text.slice(found.start, found.end),
      start: found.start,
      end: found.end,
      speaker: found.speaker ?? earlier.speaker,
      notes: [...(earlier.notes ?? []), note],
    };
    out.splice(at, 1, replaced);
    // What the correction's sentence made on its own ("It is 58, not 62.") is the replaced candidate now.
    for (let i = out.length - 1; i >= 0; i--) {
      const c = out[i]!;
      if (c !== replaced && c.start != null && c.start >= found.start && c.start < found.end) out.splice(i, 1);
    }
    corrected++;
  }
  return { candidates: out, corrected };
}

function findCorrection(
  text: string,
  turns: Segment[],
  speaker: string | null,
  old: Value,
  until: number,
): { start: number; end: number; value: string; speaker: string | null } | null {
  for (const turn of turns) {
    if (turn.start > until) break;
    // Someone else corrects it; a speaker correcting themselves says so ("sorry", "correction").
    const self = speaker !== null && turn.speaker === speaker;
    const said = text.slice(turn.start, turn.end);
    for (const m of said.matchAll(/[^.!?]+[.!?]?/g)) {
      const sentence = m[0];
      const words = sentence.trim().split(/\s+/).length;
      if (words > MAX_WORDS || !MARKER.test(sentence) || (self && !/\b(?:sorry|correction)\b/i.test(sentence)))
        continue;
      const values = valuesIn(sentence).filter(
        (v) => v.kind === old.kind || (old.kind !== "time" && v.kind !== "time"),
      );
      // The new value: the first one that is not the old one repeated ("it's 58, not 62").
      const fresh = values.find((v) => v.n !== old.n && !isOld(v, old));
      const value = fresh ? restyle(old, fresh) : null;
      if (!fresh || !value) continue;
      const lead = sentence.length - sentence.trimStart().length;
      const start = turn.start + m.index + lead;
      return { start, end: start + sentence.trim().length, value, speaker: turn.speaker };
    }
  }
  return null;
}

/** "not 62" of "$62,000": the old value named by its leading digits. */
function isOld(v: Value, old: Value): boolean {
  if (v.kind !== "amount" || old.kind === "time" || old.kind === "count") return false;
  return [1, 1e3, 1e6, 1e9].some((s) => v.n * s === old.n);
}
