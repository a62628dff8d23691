"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { ClipboardCheck, Database, FileInput, FileText, KeyRound, LayoutDashboard, Settings } from "lucide-react";
import type { Permission, Viewer } from "@/lib/accounts/schema";
import { SignOutButton } from "@/components/auth/sign-out-button";
import { cn } from "@/lib/utils";

const ITEMS: { href: string; label: string; icon: typeof Settings; need: Permission }[] = [
  { href: "/", label: "Dashboard", icon: LayoutDashboard, need: "read" },
  { href: "/ingest", label: "Ingest", icon: FileInput, need: "propose" },
  { href: "/review", label: "Review", icon: ClipboardCheck, need: "read" },
  { href: "/facts", label: "Facts", icon: Database, need: "read" },
  { href: "/sources", label: "Sources", icon: FileText, need: "read" },
  { href: "/settings", label: "Settings", icon: Settings, need: "admin" },
  { href: "/admin", label: "Users and tokens", icon: KeyRound, need: "admin" },
];

/** The main navigation: the pages the viewer's role opens (none before sign-in), and who is signed in. */
export function AppNav({ viewer }: { viewer: Viewer | null }) {
  const pathname = usePathname();
  return (
    <>
      <nav aria-label="Main" className="flex flex-col gap-1">
        {ITEMS.filter((item) => viewer?.allows.includes(item.need)).map(({ href, label, icon: Icon }) => {
          // "/" is active on the home page only, not under every page.
          const active = pathname === href || (href !== "/" && pathname.startsWith(`${href}/`));
          return (
            <Link
              key={href}
              href={href}
              aria-current={active ? "page" : undefined}
              className={cn(
                "flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium",
                "text-muted-foreground hover:bg-muted hover:text-foreground",
                active && "bg-accent text-primary",
              )}
            >
              <Icon className="size-4" aria-hidden />
              {label}
            </Link>
          );
        })}
      </nav>
      {viewer?.accounts ? (
        <div className="mt-auto flex flex-col gap-1 border-t border-border px-3 pt-3 text-sm">
          <span className="font-medium">{viewer.name}</span>
          <span className="text-muted-foreground">{viewer.role}</span>
          <SignOutButton />
        </div>
      ) : null}
    </>
  );
}
