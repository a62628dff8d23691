"use client";
import { Menu, X } from "lucide-react";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useState } from "react";
import { AppNav } from "@/components/app-nav";
import { useShownSpace } from "@/components/space-switcher";
import type { Viewer } from "@/lib/accounts/schema";
import type { SpaceWithRole } from "@/lib/spaces/schema";

/**
 * Below 768 px the sidebar folds into this bar: the name, and a menu button that opens the same navigation
 * over the page (closed again by choosing a page, the button or Escape), so the content has the width.
 */
export function MobileNav({ viewer, spaces }: { viewer: Viewer | null; spaces: SpaceWithRole[] }) {
  const [open, setOpen] = useState(false);
  const pathname = usePathname();
  const [shownFor, setShownFor] = useState(pathname);
  const shown = useShownSpace(spaces);
  // A new page closes the menu (compared during render: no effect, no flash of the open menu).
  if (shownFor !== pathname) {
    setShownFor(pathname);
    setOpen(false);
  }
  return (
    <header className="sticky top-0 z-20 border-b border-border bg-white md:hidden">
      <div className="flex h-12 items-center justify-between px-4">
        <div className="flex min-w-0 items-baseline gap-2">
          <Link href="/" className="text-lg font-semibold tracking-tight">
            <span className="text-primary">◆</span> Sift
          </Link>
          {/* With the menu closed, the bar still says which space the page shows. */}
          {shown.name ? <span className="truncate text-sm text-muted-foreground">{shown.name}</span> : null}
        </div>
        <button
          type="button"
          className="inline-flex size-9 items-center justify-center rounded-md hover:bg-muted"
          aria-expanded={open}
          aria-controls="mobile-menu"
          aria-label="Menu"
          onClick={() => setOpen(!open)}
        >
          {open ? <X className="size-5" aria-hidden /> : <Menu className="size-5" aria-hidden />}
        </button>
      </div>
      {open ? (
        <div
          id="mobile-menu"
          className="flex flex-col gap-3 border-t border-border px-3 pb-4 pt-2 shadow-sm"
          onKeyDown={(e) => {
            if (e.key === "Escape") setOpen(false);
          }}
        >
          <AppNav viewer={viewer} spaces={spaces} />
        </div>
      ) : null}
    </header>
  );
}
