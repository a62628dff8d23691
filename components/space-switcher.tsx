"use client";
import { usePathname, useRouter } from "next/navigation";
import { spaceHref } from "@/lib/spaces/href";
import type { SpaceRef } from "@/lib/spaces/schema";

/**
 * Which fact base the pages show, once there are two or more (issue 27): choosing one opens the same page in
 * that space (the URL's `?space=`; the default space has none), its filters left behind.
 */
export function SpaceSwitcher({ spaces, current }: { spaces: SpaceRef[]; current: string }) {
  const router = useRouter();
  const pathname = usePathname();
  if (spaces.length < 2) return null;
  // A page about one thing (a fact, a source) does not exist in the other space: its list does.
  const base = "/" + (pathname.split("/")[1] ?? "");
  return (
    <div className="flex flex-col gap-1 px-3">
      <label htmlFor="space-switcher" className="text-xs font-medium text-muted-foreground">
        Space
      </label>
      <select
        id="space-switcher"
        className="h-9 rounded-md border border-border bg-white px-2 text-sm"
        value={current}
        onChange={(e) => router.push(spaceHref(base, e.target.value))}
      >
        {spaces.map((s) => (
          <option key={s.id} value={s.slug}>
            {s.name}
          </option>
        ))}
      </select>
    </div>
  );
}
