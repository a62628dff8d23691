import type { z } from "zod";

/**
 * A page's view as a URL: the queue's and the fact base's filters are each one zod schema whose fields
 * all have defaults or catch bad values, read from searchParams and written back as a short link.
 */

/** The view in a page's searchParams (first value of a repeated key); bad values fall back to defaults. */
export function readUrlQuery<S extends z.ZodType>(
  schema: S,
  params: Record<string, string | string[] | undefined>,
): z.infer<S> {
  const first = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]));
  return schema.parse(first);
}

/** The URL search string ("?a=1&b=2", or "") of a view, its defaults left out so links stay short. */
export function writeUrlQuery<S extends z.ZodType>(schema: S, query: Partial<z.infer<S>>): string {
  const defaults = schema.parse({}) as Record<string, unknown>;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query as Record<string, unknown>)) {
    if (value === undefined || value === null || value === "") continue;
    if (defaults[key] === value) continue;
    params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `?${search}` : "";
}
