"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";
import {
  ClipboardCheck,
  Database,
  FileInput,
  FileText,
  KeyRound,
  LayoutDashboard,
  Settings,
  Users,
} from "lucide-react";
import { roleAllows, type Permission, type Viewer } from "@/lib/accounts/schema";
import { SignOutButton } from "@/components/auth/sign-out-button";
import { SpaceSwitcher, useShownSpace } from "@/components/space-switcher";
import { spaceHref } from "@/lib/spaces/href";
import type { SpaceWithRole } from "@/lib/spaces/schema";

const ITEMS: { href: string; label: string; icon: typeof Settings; need: Permission; perSpace?: false }[] = [
  { href: "/", label: "Dashboard", icon: LayoutDashboard, need: "read" },
  { href: "/ingest", label: "Ingest", icon: FileInput, need: "propose" },
  { href: "/review", label: "Review", icon: ClipboardCheck, need: "read" },
  { href: "/facts", label: "Facts", icon: Database, need: "read" },
  { href: "/sources", label: "Sources", icon: FileText, need: "read" },
  { href: "/members", label: "Members", icon: Users, need: "admin" },
  { href: "/settings", label: "Settings", icon: Settings, need: "admin" },
  { href: "/admin", label: "Users and tokens", icon: KeyRound, need: "admin", perSpace: false },
];

/**
 * The main navigation: the pages the viewer's role opens (none before sign-in) — a space's pages by their role
 * in the space shown, the instance's by their account — and who is signed in.
 */
export function AppNav({ viewer, spaces = [] }: { viewer: Viewer | null; spaces?: SpaceWithRole[] }) {
  const pathname = usePathname();
  const current = useShownSpace(spaces).slug;
  const here = spaces.find((s) => s.slug === current)?.role;
  const opens = (need: Permission, perSpace?: false) =>
    perSpace === false || !here ? viewer?.allows.includes(need) : roleAllows(here, need);
  return (
    <>
      {viewer ? <SpaceSwitcher spaces={spaces} current={current} /> : null}
      <nav aria-label="Main" className="flex flex-col gap-1">
        {ITEMS.filter((item) => viewer && opens(item.need, item.perSpace)).map(
          ({ href, label, icon: Icon, perSpace }) => {
            // "/" is active on the home page only, not under every page.
            const active = pathname === href || (href !== "/" && pathname.startsWith(`${href}/`));
            return (
              <Link
                key={href}
                href={perSpace === false ? href : spaceHref(href, current)}
                // The current page's look is its aria-current's (app/globals.css `.nav-link`).
                aria-current={active ? "page" : undefined}
                className="nav-link"
              >
                <Icon className="size-4" aria-hidden />
                {label}
              </Link>
            );
          },
        )}
      </nav>
      {viewer?.accounts ? (
        <div className="mt-auto flex flex-col gap-1 border-t border-border px-3 pt-3 text-sm">
          <span className="font-medium">{viewer.name}</span>
          {/* The role in the space shown (an instance admin's is admin everywhere). */}
          <span className="text-muted-foreground">{here ?? viewer.role}</span>
          <SignOutButton />
        </div>
      ) : null}
    </>
  );
}
