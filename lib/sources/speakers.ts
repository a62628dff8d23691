/**
 * Speaker labels in free text ("Priya: …", "[14:02] Priya: …", "PRIYA (00:01:02): …", "**Priya:** …",
 * Otter's "Priya Sharma  0:42" header lines). A label is only believed when it has the shape of a
 * name and is not a common note label ("Note:", "TODO:", "Re:"), and — unless it reads like a
 * person's name or carries a time — when it repeats in the document.
 */

import type { Turn } from "@/lib/sources/build";
import { dropLeading, readText } from "@/lib/sources/reading";

const TIME = String.raw`\d{1,2}:\d{2}(?::\d{2})?(?:[.,]\d{1,3})?(?:\s?[AaPp]\.?[Mm]\.?)?`;
const LABEL = String.raw`@?[\p{L}][\p{L}\p{M}\p{N}'’.\-_]*(?: [\p{L}\p{N}][\p{L}\p{M}\p{N}'’.\-_]*){0,5}`;

/** bullet? time? bold? LABEL (time)? bold? : bold? text */
const SPEAKER_LINE = new RegExp(
  String.raw`^[ \t]*(?:[-*+•][ \t]+)?` +
    String.raw`(?:\[(?<t1>${TIME})\][ \t]*|\((?<t2>${TIME})\)[ \t]*|(?<t3>${TIME})[ \t]+(?:-[ \t]+)?)?` +
    String.raw`(?:\*\*|__)?(?<label>${LABEL})(?:\*\*|__)?` +
    String.raw`(?:[ \t]*[(\[](?<t4>${TIME})[)\]])?` +
    // CJK text puts no space after a full-width colon.
    String.raw`(?:\*\*|__)?[ \t]?(?::(?:\*\*|__)?(?:[ \t]+|$)|：(?:\*\*|__)?[ \t]*)`,
  "u",
);

/** Otter: "Priya Sharma  0:42" or "Speaker 1 - 00:01:02" alone on its line. */
const HEADER_LINE = new RegExp(
  String.raw`^[ \t]*(?<label>${LABEL})(?:[ \t]{1,}|[ \t]*[-–—|][ \t]*)(?<t>${TIME})[ \t]*$`,
  "u",
);

const STOP_LABELS = new Set([
  ...`note notes nb n.b ps p.s pps todo to-do fixme xxx fyi tldr tl;dr re fw fwd subject from to cc bcc
  sent date time when where who what why how location venue room agenda attendees attendee
  participants present absent apologies minutes meeting summary overview context background goal
  goals objective objectives purpose outcome outcomes result results decision decisions decided
  action actions next follow-up followup owner owners assignee assigned due deadline eta status
  update updates priority risk risks issue issues problem problems solution solutions question
  questions answer answers example examples e.g eg i.e ie tip tips hint warning warn error errors
  info information important reminder caution danger link links url http https ftp mailto file email
  e-mail phone tel mobile fax web website address title name topic topics project team budget cost
  costs price total version release ticket ref reference source sources quote step phase part chapter
  section day week month monday tuesday wednesday thursday friday saturday sunday today tomorrow
  yesterday morning afternoon evening pros cons yes no ok okay done blocked blocker blockers wip draft
  final edit edited tbd n/a na host organizer organiser facilitator chair scribe notetaker speaker
  speakers recording transcript duration call dial-in passcode password id takeaway takeaways
  highlights timeline scope requirements notice disclaimer caveat translation original rationale
  reason because also and but so then however therefore thus revenue pricing competitors customers
  customer users feedback metrics kpis milestones deliverables dependencies assumptions constraints
  resources comments comment remarks conclusion psst hey hi hello dear regards thanks cheers`.split(/\s+/),
  ...["meeting notes", "action item", "action items", "next steps", "next step", "follow up", "due date"],
  ...["note taker", "meeting id", "key takeaways", "key points", "open questions", "parking lot"],
]);

/** Words that end a note label, never a name: "Quick update", "Side note", "Open question". */
const NOTE_WORDS = new Set(
  "note notes todo todos fixme fyi ps nb update updates reminder warning question questions answer summary tldr".split(
    " ",
  ),
);

/** Last words that make a Title Case label a field name ("Launch Date", "Target Market"), not a person. */
const FIELD_NOUNS = new Set(
  `date dates plan plans market goal goals owner status time cost costs name notes items steps points
  questions decisions summary risk risks scope budget deadline metric metrics target targets timeline
  priority team lead contact location update updates version region customer customers product
  feature features issue issues feedback result results outcome outcomes takeaways details overview
  agenda attendees number amount price revenue size type level stage phase review call meeting`
    .split(/\s+/)
    .filter(Boolean),
);

const PARTICLES = new Set([
  "van",
  "von",
  "de",
  "da",
  "del",
  "der",
  "den",
  "di",
  "la",
  "le",
  "du",
  "dos",
  "bin",
  "al",
  "ibn",
  "y",
]);

export interface LabelMatch {
  label: string;
  timeMs: number | null;
  hasTime: boolean;
  /** index in the line where the utterance starts (after the label and colon) */
  textStart: number;
}

/** Parses "14:02", "00:01:02.5", "2:05 PM". Two-part times are h:mm when `twoPart` says "clock". */
export function parseTime(raw: string, twoPart: "clock" | "offset"): number | null {
  const m = /^(\d{1,2}):(\d{2})(?::(\d{2}))?(?:[.,](\d{1,3}))?\s?(?:([AaPp])\.?[Mm]\.?)?$/.exec(raw.trim());
  if (!m) return null;
  const [, a = "0", b = "0", c, frac, ampm] = m;
  let h: number, min: number, s: number;
  if (c !== undefined) [h, min, s] = [Number(a), Number(b), Number(c)];
  else if (twoPart === "clock" || ampm) [h, min, s] = [Number(a), Number(b), 0];
  else [h, min, s] = [0, Number(a), Number(b)];
  if (ampm) {
    if (h < 1 || h > 12) return null;
    h = (h % 12) + (ampm.toLowerCase() === "p" ? 12 : 0);
  }
  if (min > 59 || s > 59) return null;
  const ms = frac ? Number(frac.padEnd(3, "0")) : 0;
  return ((h * 60 + min) * 60 + s) * 1000 + ms;
}

/** "From Priya Sharma to Everyone" (Zoom chat) → "Priya Sharma"; collapses spaces, drops "@". */
export function cleanLabel(raw: string): string {
  const label = raw.replace(/\s+/g, " ").trim().replace(/^@/, "");
  const zoom = /^From (.+?) to (?:Everyone|.+)$/i.exec(label);
  return (zoom?.[1] ?? label).trim();
}

export function matchSpeakerLine(line: string): LabelMatch | null {
  const m = SPEAKER_LINE.exec(line);
  const g = m?.groups;
  if (!m || !g?.label) return null;
  // "http://x" and "10:30" never reach here with a plausible label, but "C:\\" or "a: b" could.
  const label = cleanLabel(g.label);
  if (label.length < 2 || label.length > 40) return null;
  const leading = g.t1 ?? g.t2 ?? g.t3;
  const trailing = g.t4;
  const timeMs = leading ? parseTime(leading, "clock") : trailing ? parseTime(trailing, "offset") : null;
  return { label, timeMs, hasTime: Boolean(leading ?? trailing), textStart: m[0].length };
}

export function matchHeaderLine(line: string): { label: string; timeMs: number | null } | null {
  const g = HEADER_LINE.exec(line)?.groups;
  if (!g?.label || !g.t) return null;
  const label = cleanLabel(g.label);
  if (label.length < 2 || label.length > 40) return null;
  return { label, timeMs: parseTime(g.t, "offset") };
}

function isStopLabel(label: string): boolean {
  const key = label.toLowerCase();
  const last =
    key
      .split(/[\s.]+/)
      .filter(Boolean)
      .at(-1) ?? "";
  // The last word matters too: "Fine. Note" or "Quick update" are not people.
  return STOP_LABELS.has(key) || STOP_LABELS.has(key.replace(/[.\s]+$/, "")) || NOTE_WORDS.has(last);
}

/** "Priya", "Priya Sharma", "Jean-Luc Picard", "Ludwig van Beethoven", "王伟" — not "Action items". */
export function looksLikeName(label: string): boolean {
  const words = label.split(" ");
  if (words.length > 4 || /\d/.test(label)) return false;
  if (words.length > 1 && FIELD_NOUNS.has((words.at(-1) ?? "").toLowerCase())) return false;
  // "Fine. Note:" is the end of a sentence and a note label; "Dr. Ng" and "J. R. Ng" are names.
  if (words.slice(0, -1).some((w) => w.endsWith(".") && w.length > 4)) return false;
  return (
    words.every(
      (w, i) =>
        (i > 0 && PARTICLES.has(w)) ||
        /^\p{Lu}[\p{Ll}\p{M}'’\-]*(?:\p{Lu}[\p{Ll}\p{M}'’\-]+)*\.?$/u.test(w) ||
        /^\p{Lo}{1,10}$/u.test(w),
    ) && /\p{Ll}|\p{Lo}/u.test(label)
  );
}

/** A handle or role that may be a speaker if it repeats: "dan", "PRIYA", "Speaker 1", "assistant". */
function looksLikeHandle(label: string): boolean {
  return label.split(" ").length <= 4 && /^[\p{L}][\p{L}\p{M}\p{N}'’.\-_ ]*$/u.test(label);
}

export interface LabelStats {
  count: number;
  withTime: number;
}

/** Decides which of the labels seen in a document are speakers. */
export function acceptedSpeakers(stats: Map<string, LabelStats>): Set<string> {
  const accepted = new Set<string>();
  const candidates = [...stats].filter(([label]) => !isStopLabel(label) && looksLikeHandle(label));
  for (const [label, s] of candidates) {
    if (s.withTime > 0 || s.count >= 2 || looksLikeName(label)) accepted.add(label);
  }
  // Transcripts write all names one way: once a capitalised ("DAN"), handle ("dan") or numbered
  // ("Speaker 2") label is a proven speaker, one of the same style heard only once is one too.
  for (const style of [isAllCapsName, isLowercaseHandle, isNumberedRole]) {
    if ([...accepted].some(style)) for (const [label] of candidates) if (style(label)) accepted.add(label);
  }
  return accepted;
}

function isAllCapsName(label: string): boolean {
  return label.split(" ").length <= 3 && /^\p{Lu}[\p{Lu}\p{M}'’\- ]+$/u.test(label);
}

/** "Speaker 2", "SPEAKER_01", "Guest 3" */
function isNumberedRole(label: string): boolean {
  return /^\p{L}+[ _]?\d{1,3}$/u.test(label);
}

function isLowercaseHandle(label: string): boolean {
  return /^\p{Ll}[\p{Ll}\p{N}._\-]*$/u.test(label);
}

export function countLabel(stats: Map<string, LabelStats>, label: string, hasTime: boolean): void {
  const s = stats.get(label) ?? { count: 0, withTime: 0 };
  s.count++;
  if (hasTime) s.withTime++;
  stats.set(label, s);
}

/**
 * Subtitle cues and chat lines often carry the speaker as a "Name: " prefix (Zoom does). Labels
 * that pass `acceptedSpeakers` over the whole file become the speaker and leave the text.
 */
export function resolveInlineSpeakers(text: string, turns: Turn[]): Turn[] {
  const matches = turns.map((t) => (t.speaker === null ? matchSpeakerLine(readText(text, t.reading)) : null));
  const stats = new Map<string, LabelStats>();
  for (const m of matches) if (m) countLabel(stats, m.label, m.hasTime);
  const accepted = acceptedSpeakers(stats);
  return turns.map((t, i) => {
    const m = matches[i];
    if (!m || !accepted.has(m.label)) return t;
    return { ...t, speaker: m.label, reading: dropLeading(t.reading, m.textStart) };
  });
}
