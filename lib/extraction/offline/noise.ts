import type { Chunk } from "@/lib/extraction/types";
import { cleanSpoken } from "@/lib/extraction/offline/clean";

/**
 * What the confidence model knows about the transcript as a whole rather than the clause. The same clause
 * means different things in a typed note or a chat and in an hour of "uh", "{vocalsound}" and false starts,
 * and a clause cleaned of its own fillers no longer shows which of the two it came from.
 */
export interface TranscriptFeatures {
  /** Words per 100 that cleaning blanks out (fillers, transcriber tags, cut-off and repeated words). */
  noise: number;
  /**
   * Mean words per speaker turn: set speeches (a committee session) against back-and-forth. 0 when no turn has
   * a speaker: paragraphs of notes are no speeches.
   */
  turnWords: number;
}

const words = (text: string) => text.match(/\S+/g)?.length ?? 0;

/**
 * Measured over the chunk being extracted: the app and the CLI extract chunk by chunk (about 2,000 words
 * each), long enough for a stable rate, and the cost stays linear.
 */
export function transcriptFeatures(text: string, chunk: Chunk): TranscriptFeatures {
  const turns =
    chunk.segments.length > 0 ? chunk.segments : [{ speaker: null, text: text.slice(chunk.start, chunk.end) }];
  let total = 0;
  let blanked = 0;
  for (const turn of turns) {
    const cleaned = cleanSpoken(turn.text);
    // Spoken framing ("Quick recap:") is blanked too but is no noise: typed notes have it as well. Frames and
    // words both come in text order, so one pass over each keeps this linear.
    let frame = 0;
    for (const word of turn.text.matchAll(/\S+/g)) {
      total++;
      const at = word.index;
      while (frame < cleaned.frames.length && cleaned.frames[frame]!.end <= at) frame++;
      const framed = frame < cleaned.frames.length && cleaned.frames[frame]!.start <= at;
      if (!framed && cleaned.text.slice(at, at + word[0].length).trim() === "") blanked++;
    }
  }
  const spoken = turns.filter((t) => t.speaker);
  const turnWords = spoken.length > 0 ? spoken.reduce((n, t) => n + words(t.text), 0) / spoken.length : 0;
  return { noise: total > 0 ? (100 * blanked) / total : 0, turnWords };
}
