import { Fragment } from "react";
import { findInvisible } from "@/lib/text/invisible";

/**
 * Text as it really is: each invisible character (zero-width, bidi control, …) is shown as a marked
 * ⟨U+200B⟩, so a reviewer sees what would be stored and a bidi override cannot reorder the words around it.
 */
export function VisibleText({ text }: { text: string }) {
  const found = findInvisible(text);
  if (found.length === 0) return text;
  const parts: React.ReactNode[] = [];
  let from = 0;
  for (const { index, code } of found) {
    parts.push(<Fragment key={`t${index}`}>{text.slice(from, index)}</Fragment>);
    parts.push(
      <mark
        key={`c${index}`}
        className="mx-px rounded border border-danger/60 bg-danger/10 px-0.5 font-mono text-xs text-danger"
        title={`Invisible character ${code}`}
      >
        ⟨{code}⟩
      </mark>,
    );
    from = index + ((text.codePointAt(index) ?? 0) > 0xffff ? 2 : 1);
  }
  parts.push(<Fragment key="end">{text.slice(from)}</Fragment>);
  return <bdi>{parts}</bdi>;
}
