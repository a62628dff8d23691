import { markedPieces } from "@/lib/text/marks";

const MARK = "mx-px rounded border border-danger/60 bg-danger/10 px-0.5 text-danger";

/**
 * Text as it really is (lib/text/marks.ts): each invisible or control character (zero-width, bidi control, the
 * ESC of an ANSI sequence, …) is shown as a marked ⟨U+200B⟩, so a reviewer sees what would be stored and a bidi
 * override cannot reorder the words around it; each look-alike letter of a mixed-script word is marked too.
 */
export function VisibleText({ text }: { text: string }) {
  const pieces = markedPieces(text);
  if (pieces.length === 1 && pieces[0]?.kind === "text") return text;
  return (
    <bdi>
      {pieces.map((p, i) =>
        p.kind === "text" ? (
          p.text
        ) : p.kind === "invisible" ? (
          <mark key={i} className={`${MARK} font-mono text-xs`} title={`Invisible character ${p.code}`}>
            ⟨{p.code}⟩
          </mark>
        ) : (
          <mark key={i} className={MARK} title={`Look-alike letter ${p.code}, not the Latin "${p.looksLike}"`}>
            {p.char}
          </mark>
        ),
      )}
    </bdi>
  );
}
