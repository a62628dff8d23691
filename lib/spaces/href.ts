import { DEFAULT_SPACE_SLUG } from "@/lib/spaces/schema";

/** A page's address in a space: the default space's without a parameter, as before there were spaces. */
export function spaceHref(path: string, slug: string | null | undefined): string {
  if (!slug || slug === DEFAULT_SPACE_SLUG) return path;
  return `${path}${path.includes("?") ? "&" : "?"}space=${encodeURIComponent(slug)}`;
}
