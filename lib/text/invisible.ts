/**
 * Characters a reader cannot see: format controls (Unicode category Cf: zero-width spaces and joiners,
 * bidi embeddings, overrides and isolates, the BOM, tag characters …) and control characters (Cc: NUL, the
 * ESC that starts an ANSI sequence recolouring or erasing a terminal's line, …; tab and line breaks aside).
 * A transcript or an agent's proposal can hide words with them, or reorder what a reviewer sees, so the queue
 * shows each one and the gate flags it. A zero-width joiner between two pictographs is part of an emoji.
 */
const INVISIBLE = /[\p{Cf}\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]/gu;
const PICTOGRAPH = /\p{Extended_Pictographic}/u;
const EMOJI_TAIL = /[\ufe0f\p{Emoji_Modifier}]/u;

function isEmojiJoiner(text: string, index: number): boolean {
  if (text[index] !== "\u200d") return false;
  const before = [...text.slice(Math.max(0, index - 8), index)];
  while (before.length > 0 && EMOJI_TAIL.test(before.at(-1) ?? "")) before.pop();
  const after = String.fromCodePoint(text.codePointAt(index + 1) ?? 32);
  return PICTOGRAPH.test(before.at(-1) ?? "") && PICTOGRAPH.test(after);
}

/** Each invisible character with its position (UTF-16 offset) and its code point as `U+200B`. */
export function findInvisible(text: string): Array<{ index: number; code: string }> {
  const found: Array<{ index: number; code: string }> = [];
  for (const match of text.matchAll(INVISIBLE)) {
    if (isEmojiJoiner(text, match.index)) continue;
    found.push({ index: match.index, code: codePointLabel(match[0]) });
  }
  return found;
}

/** `U+200B`, the way the queue and the gate reason name an invisible character. */
export function codePointLabel(char: string): string {
  return `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")}`;
}

/** The text without its invisible characters (emoji joiners kept). */
export function stripInvisible(text: string): string {
  const found = findInvisible(text);
  if (found.length === 0) return text;
  let out = "";
  let from = 0;
  for (const { index } of found) {
    out += text.slice(from, index);
    // A character outside the BMP (tag characters) takes two UTF-16 units.
    from = index + ((text.codePointAt(index) ?? 0) > 0xffff ? 2 : 1);
  }
  return out + text.slice(from);
}

/**
 * "U+200B ×2, U+202E": which invisible characters the texts hold, for a gate reason. Texts that repeat
 * each other (a candidate's content and its quote) count a character once: the most any of them has.
 */
export function describeInvisible(...texts: string[]): string | null {
  const counts = new Map<string, number>();
  for (const text of texts) {
    const own = new Map<string, number>();
    for (const { code } of findInvisible(text)) own.set(code, (own.get(code) ?? 0) + 1);
    for (const [code, n] of own) counts.set(code, Math.max(n, counts.get(code) ?? 0));
  }
  if (counts.size === 0) return null;
  return [...counts].map(([code, n]) => (n > 1 ? `${code} ×${n}` : code)).join(", ");
}
