// How a text shows its format when nothing declares it (a paste, a subtitle file saved as .txt). Pure and
// small: the format table (formats.ts), which the ingest form imports too, refers to these.

const TIMING = /^\s*(?:\d{1,}:)?\d{1,2}:\d{1,2}([.,])\d{1,3}\s+-->\s+(?:\d{1,}:)?\d{1,2}:\d{1,2}[.,]\d{1,3}/;

/** Recognises subtitle files pasted as text or saved as .txt, by the first cue's timing line. */
export function sniffSubtitles(text: string): "vtt" | "srt" | null {
  const head = text.trimStart();
  if (/^WEBVTT(?:[ \t\n]|$)/.test(head)) return "vtt";
  const lines = head.split("\n", 4).map((l) => l.trim());
  const timing = TIMING.exec(lines[0] ?? "") ?? (/^\S+$/.test(lines[0] ?? "") ? TIMING.exec(lines[1] ?? "") : null);
  if (!timing) return null;
  return timing[1] === "," ? "srt" : "vtt";
}

/** Markdown notes: a heading, or bold labels used the way notes use them. */
export function sniffMarkdown(text: string): boolean {
  if (/^[ \t]{0,3}#{1,6}[ \t]+\S/m.test(text)) return true;
  return (text.match(/\*\*[^*\n]+\*\*/g)?.length ?? 0) >= 2;
}

/** A whole text that is valid JSON with an object or array at the top ("[14:02] Priya: …" is not). */
export function sniffJson(text: string): boolean {
  if (!/^\s*[[{]/.test(text)) return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
