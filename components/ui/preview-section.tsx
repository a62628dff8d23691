import type { ReactNode } from "react";

/** One list of a forget preview (what will be archived, deleted, kept): its heading with a count, or why empty. */
export function PreviewSection({ title, empty, children }: { title: string; empty: string; children: ReactNode[] }) {
  const id = title.replace(/\W+/g, "-").toLowerCase();
  return (
    <section aria-labelledby={id} className="mb-6">
      <h2 id={id} className="mb-2 font-semibold">
        {title}
      </h2>
      {children.length ? (
        <ul className="flex list-disc flex-col gap-1 pl-5 text-sm">{children}</ul>
      ) : (
        <p className="text-sm text-muted-foreground">{empty}</p>
      )}
    </section>
  );
}
