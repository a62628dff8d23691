"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { ClipboardCheck, Database, FileInput, FileText, LayoutDashboard, Settings } from "lucide-react";
import { cn } from "@/lib/utils";

const ITEMS = [
  { href: "/", label: "Dashboard", icon: LayoutDashboard },
  { href: "/ingest", label: "Ingest", icon: FileInput },
  { href: "/review", label: "Review", icon: ClipboardCheck },
  { href: "/facts", label: "Facts", icon: Database },
  { href: "/sources", label: "Sources", icon: FileText },
  { href: "/settings", label: "Settings", icon: Settings },
] as const;

export function AppNav() {
  const pathname = usePathname();
  return (
    <nav aria-label="Main" className="flex flex-col gap-1">
      {ITEMS.map(({ href, label, icon: Icon }) => {
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
  );
}
