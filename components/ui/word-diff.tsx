import { diffWords } from "diff";

/** The words added and removed between two texts (nothing when they are the same). */
export function WordDiff({ from, to, label }: { from: string; to: string; label: string }) {
  if (from === to) return null;
  return (
    <p className="rounded-md bg-muted/60 px-3 py-2 text-sm" aria-label={label}>
      {diffWords(from, to).map((part, i) =>
        part.added ? (
          <ins key={i} className="bg-success/20 no-underline">
            {part.value}
          </ins>
        ) : part.removed ? (
          <del key={i} className="bg-danger/15 text-danger">
            {part.value}
          </del>
        ) : (
          <span key={i}>{part.value}</span>
        ),
      )}
    </p>
  );
}
