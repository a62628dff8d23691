import type { Metadata } from "next";
import Link from "next/link";
import { connection } from "next/server";
import type { ReactNode } from "react";
import { currentViewer, reachableSpaces } from "@/app/access";
import { AppNav } from "@/components/app-nav";
import { MobileNav } from "@/components/mobile-nav";
import { Providers } from "@/components/providers";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Sift", template: "%s · Sift" },
  description: "Turn raw conversation into a reviewed, trustworthy fact base.",
};

// The column carries the background and border down a long page; the sidebar inside it stays in view.
const sidebarClass = "sticky top-0 flex h-screen w-52 flex-col gap-6 px-3 py-5";

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Every page is rendered per request: Next.js can only put the Content Security Policy's nonce
  // (proxy.ts) on the scripts of a page it renders now, and a prerendered page's scripts would be refused.
  await connection();
  const viewer = await currentViewer();
  // The switcher's list: the spaces this person reaches (a stranger sees no names of spaces).
  const spaces = viewer ? await reachableSpaces() : [];
  return (
    <html lang="en">
      <body className="min-h-screen antialiased">
        <Providers>
          <div className="flex min-h-screen flex-col md:flex-row">
            <MobileNav viewer={viewer} spaces={spaces} />
            <div className="hidden shrink-0 border-r border-border bg-white md:block">
              <aside className={sidebarClass}>
                <Link href="/" className="px-3 text-lg font-semibold tracking-tight">
                  <span className="text-primary">◆</span> Sift
                </Link>
                <AppNav viewer={viewer} spaces={spaces} />
              </aside>
            </div>
            <main className="min-w-0 flex-1 px-4 py-4 sm:px-6 md:px-8 md:py-6">{children}</main>
          </div>
        </Providers>
      </body>
    </html>
  );
}
