import Link from "next/link";
import type { ReactNode } from "react";
import { cn } from "@/lib/utils";

/** The four numbers a reviewer looks for first, each a link to where they can act on it. */
export function SummaryTiles({
  tiles,
}: {
  tiles: Array<{ label: string; value: string; detail: ReactNode; href: string }>;
}) {
  return (
    <ul aria-label="Summary" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {tiles.map((t) => (
        <li key={t.label}>
          <Link
            href={t.href}
            className={cn(
              "block h-full rounded-lg border border-border bg-white p-4 shadow-xs transition-colors",
              "hover:border-primary/40 hover:bg-accent/40",
            )}
          >
            <span className="block text-sm text-muted-foreground">{t.label}</span>
            <span className="mt-1 block text-3xl font-semibold tracking-tight tabular-nums">{t.value}</span>
            <span className="mt-1 block text-xs text-muted-foreground">{t.detail}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
