import type { Segment } from "@/lib/sources/schema";

/** "Name: words" lines and their segments, as a chat or subtitle file reads (lib/sources/view.ts). */
export function transcriptOf(turns: [speaker: string, said: string][]): { text: string; segments: Segment[] } {
  let text = "";
  const segments: Segment[] = [];
  for (const [speaker, raw] of turns) {
    const said = raw.trim();
    if (said === "") continue;
    if (text !== "") text += "\n";
    text += `${speaker}: `;
    segments.push({
      speaker,
      startMs: null,
      endMs: null,
      text: said,
      start: text.length,
      end: text.length + said.length,
    });
    text += said;
  }
  return { text, segments };
}
