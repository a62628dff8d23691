import { findInvisible } from "@/lib/text/invisible";
import { findLookalikes } from "@/lib/text/lookalikes";

/**
 * A text cut into what a reviewer reads as is and what must be marked: each invisible or control character
 * (zero-width, bidi control, the ESC that starts an ANSI sequence …) shown as ⟨U+200B⟩, and each look-alike
 * letter of a mixed-script word (a Cyrillic "а" in "pаypal") shown as itself but marked with the Latin letter
 * it passes for. The same finders feed the gate's reasons (lib/matcher/safety.ts), so what is gated is marked.
 */
export type MarkedPiece =
  | { kind: "text"; text: string }
  | { kind: "invisible"; code: string; length: number }
  | { kind: "lookalike"; char: string; looksLike: string; code: string };

export function markedPieces(text: string): MarkedPiece[] {
  const marks = [
    ...findInvisible(text).map((f) => ({
      index: f.index,
      length: (text.codePointAt(f.index) ?? 0) > 0xffff ? 2 : 1,
      piece: { kind: "invisible", code: f.code, length: 0 } as MarkedPiece,
    })),
    ...findLookalikes(text).map((f) => ({
      index: f.index,
      length: f.char.length,
      piece: {
        kind: "lookalike",
        char: f.char,
        looksLike: f.looksLike,
        code: `U+${(f.char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")}`,
      } as MarkedPiece,
    })),
  ].sort((a, b) => a.index - b.index);
  if (marks.length === 0) return [{ kind: "text", text }];
  const pieces: MarkedPiece[] = [];
  let from = 0;
  for (const m of marks) {
    if (m.index < from) continue;
    if (m.index > from) pieces.push({ kind: "text", text: text.slice(from, m.index) });
    pieces.push(m.piece.kind === "invisible" ? { ...m.piece, length: m.length } : m.piece);
    from = m.index + m.length;
  }
  if (from < text.length) pieces.push({ kind: "text", text: text.slice(from) });
  return pieces;
}
