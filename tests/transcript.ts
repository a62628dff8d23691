import { assembleTurns } from "@/lib/sources/build";
import type { Segment } from "@/lib/sources/schema";

/** "Name: words" lines and their segments, assembled the way every parser assembles them. */
export function transcriptOf(turns: [speaker: string, said: string][]): { text: string; segments: Segment[] } {
  const { text, segments } = assembleTurns(
    "text",
    turns.map(([speaker, said]) => ({ speaker, text: said, startMs: null, endMs: null })),
  );
  return { text, segments };
}
