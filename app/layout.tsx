import type { Metadata } from "next";
import Link from "next/link";
import { connection } from "next/server";
import type { ReactNode } from "react";
import { currentViewer } from "@/app/access";
import { AppNav } from "@/components/app-nav";
import { Providers } from "@/components/providers";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Sift", template: "%s · Sift" },
  description: "Turn raw conversation into a reviewed, trustworthy fact base.",
};

const sidebarClass =
  "sticky top-0 flex h-screen w-52 shrink-0 flex-col gap-6 border-r border-border bg-white px-3 py-5";

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Every page is rendered per request: Next.js can only put the Content Security Policy's nonce
  // (proxy.ts) on the scripts of a page it renders now, and a prerendered page's scripts would be refused.
  await connection();
  const viewer = await currentViewer();
  return (
    <html lang="en">
      <body className="min-h-screen antialiased">
        <Providers>
          <div className="flex min-h-screen">
            <aside className={sidebarClass}>
              <Link href="/" className="px-3 text-lg font-semibold tracking-tight">
                <span className="text-primary">◆</span> Sift
              </Link>
              <AppNav viewer={viewer} />
            </aside>
            <main className="min-w-0 flex-1 px-8 py-6">{children}</main>
          </div>
        </Providers>
      </body>
    </html>
  );
}
