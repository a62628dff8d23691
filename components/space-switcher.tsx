"use client";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { spaceHref } from "@/lib/spaces/href";
import { DEFAULT_SPACE_SLUG, homeSpaceOf, type SpaceRef } from "@/lib/spaces/schema";

/**
 * The slug of the space the page shows: the URL's `?space=`, else the person's home space (the rule the server
 * resolves a page without one by), and its name when it is worth naming (another space than the default, or
 * one of several).
 */
export function useShownSpace(spaces: SpaceRef[]): { slug: string; name: string | null } {
  const slug = useSearchParams().get("space") ?? homeSpaceOf(spaces)?.slug ?? DEFAULT_SPACE_SLUG;
  const space = spaces.find((s) => s.slug === slug);
  const named = space && (spaces.length > 1 || space.slug !== DEFAULT_SPACE_SLUG);
  return { slug, name: named ? space.name : null };
}

/**
 * Which fact base the pages show, once there are two or more (issue 27): choosing one opens the same page in
 * that space (the URL's `?space=`; the default space has none), its filters left behind.
 */
export function SpaceSwitcher({ spaces, current }: { spaces: SpaceRef[]; current: string }) {
  const router = useRouter();
  const pathname = usePathname();
  const only = spaces.length === 1 ? spaces[0] : undefined;
  // One space other than the default: nothing to switch to, but its name says whose fact base this is.
  if (only && only.slug !== DEFAULT_SPACE_SLUG) {
    return (
      <p className="px-3 text-xs text-muted-foreground">
        Space <span className="font-medium text-foreground">{only.name}</span>
      </p>
    );
  }
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
