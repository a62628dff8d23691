import { parseSync } from "subtitle";
import { AppError } from "@/lib/errors";
import type { Turn } from "@/lib/sources/build";

/** SRT cues carry HTML-ish styling (`<i>`, `<font color=…>`) and ASS override codes (`{\an8}`). */
function stripStyling(text: string): string {
  return text
    .replace(/<\/?[a-zA-Z][^>]*>/g, "")
    .replace(/\{\\[^}]*\}/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** SubRip via `subtitle`: one turn per cue, in file order. */
export function parseSrt(text: string): Turn[] {
  let nodes: ReturnType<typeof parseSync>;
  try {
    nodes = parseSync(text);
  } catch (error) {
    const detail = (error instanceof Error ? error.message : String(error)).slice(0, 200);
    throw new AppError("UNSUPPORTED_FILE", `This SRT file could not be read: ${detail}.`, {
      cause: error,
    });
  }
  const turns: Turn[] = [];
  for (const node of nodes) {
    if (node.type !== "cue") continue;
    turns.push({
      speaker: null,
      startMs: node.data.start,
      endMs: node.data.end,
      text: stripStyling(node.data.text),
    });
  }
  return turns;
}
