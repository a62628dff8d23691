import { cleanSpoken } from "@/lib/extraction/offline/clean";
import { isSocial } from "@/lib/extraction/offline/filters";
import type { Segment } from "@/lib/sources/schema";

/**
 * What one speaker said without being interrupted by more than a backchannel. In recorded meetings a
 * chair's summary is cut by "Right." and "Yep." from the others ("we're going with a simple battery, the
 * advanced chip" / "Right." / "and a curved case made of rubber"); read turn by turn, the decision loses
 * its object. An utterance keeps the offsets of the input text: `text` is the input from the first turn's
 * start to the last turn's end, with everything that is not the speaker's own words blanked out.
 */
export type Utterance = Segment & {
  joined: boolean;
  /** Index, in the segments given, of the utterance's last turn: where an answer to it starts. */
  last: number;
};

/** At most this many backchannel turns may sit between two parts of one utterance. */
const MAX_BACKCHANNELS = 3;
/** Joined utterances stay short enough that sentence analysis remains linear in the input. */
const MAX_CHARS = 3000;
/** A backchannel is at most a few words that say nothing ("Right.", "Yep, okay.", "Mm-hmm."). */
const MAX_BACKCHANNEL_WORDS = 3;

function verified(text: string, s: Segment): boolean {
  return text.slice(s.start, s.end) === s.text;
}

function isBackchannel(s: Segment): boolean {
  const cleaned = cleanSpoken(s.text).text.trim();
  if (cleaned.includes("?")) return false;
  return isSocial(cleaned) || (cleaned.match(/\p{L}+/gu)?.length ?? 0) <= MAX_BACKCHANNEL_WORDS;
}

/** The first turn stops mid-sentence and the next part goes on in lower case ("and a curved …"). */
function continues(before: Segment, after: Segment): boolean {
  const end = cleanSpoken(before.text).text.trimEnd();
  const next = cleanSpoken(after.text).text.trimStart();
  return end.length > 0 && !/[.!?]$/.test(end) && /^\p{Ll}/u.test(next);
}

function joined(text: string, parts: Segment[], last: number): Utterance {
  const first = parts[0]!;
  const final = parts[parts.length - 1]!;
  let out = "";
  let at = first.start;
  for (const p of parts) {
    out += " ".repeat(p.start - at) + p.text;
    at = p.end;
  }
  return { ...first, end: final.end, endMs: final.endMs, text: out, joined: true, last };
}

/** The chunk's turns as utterances, in order; a turn that is not at its offsets stays on its own. */
export function utterancesOf(text: string, segments: Segment[]): Utterance[] {
  const out: Utterance[] = [];
  let i = 0;
  while (i < segments.length) {
    const parts = [segments[i]!];
    let next = i + 1;
    while (verified(text, parts[parts.length - 1]!) && parts[0]!.speaker) {
      const current = parts[parts.length - 1]!;
      let j = next;
      while (j < segments.length && j - next < MAX_BACKCHANNELS && segments[j]!.speaker !== current.speaker) {
        if (!isBackchannel(segments[j]!)) break;
        j++;
      }
      const candidate = segments[j];
      if (
        !candidate ||
        candidate.speaker !== current.speaker ||
        !verified(text, candidate) ||
        candidate.end - parts[0]!.start > MAX_CHARS ||
        !continues(current, candidate)
      )
        break;
      parts.push(candidate);
      next = j + 1;
    }
    const single = parts.length === 1;
    out.push(single ? { ...parts[0]!, joined: false, last: i } : joined(text, parts, next - 1));
    // Backchannels inside a joined utterance are social talk: nothing to read from them.
    i = single ? i + 1 : next;
  }
  return out;
}
