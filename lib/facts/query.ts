import { z } from "zod";
import { readUrlQuery, writeUrlQuery } from "@/lib/url-query";

/**
 * What /facts shows: one schema for its URL (a search can be shared and survives a reload), the page and
 * the query that serves it. Every field is optional; a bad value falls back to the default.
 */
export const FACT_SORTS = ["relevance", "newest", "oldest", "confidence", "importance"] as const;
export const FACT_STATUSES = ["active", "superseded", "archived", "all"] as const;
const PAGE_SIZES = [25, 50, 100];

const blankIsUnset = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const text = z.preprocess(
  blankIsUnset,
  z
    .string()
    .trim()
    // PostgreSQL refuses NUL in text; every other character is searched for as itself.
    .transform((v) => v.replace(/\u0000/g, ""))
    .pipe(z.string().max(200))
    .optional()
    .catch(undefined),
);
const fraction = z.preprocess(blankIsUnset, z.coerce.number().min(0).max(1).optional().catch(undefined));
const day = z.preprocess(blankIsUnset, z.iso.date().optional().catch(undefined));

export const FactQuerySchema = z.object({
  /** Words, as a person types them: ranked full-text match, and close spellings for typos. */
  q: text,
  kind: text,
  status: z.enum(FACT_STATUSES).default("active").catch("active"),
  source: z.preprocess(blankIsUnset, z.uuid().optional().catch(undefined)),
  speaker: text,
  reviewer: text,
  /** Approved from / to (dates, inclusive). */
  from: day,
  to: day,
  min: fraction,
  max: fraction,
  /** "What was true on this day": facts valid then, whatever their status now. */
  asOf: day,
  /** Without words, "relevance" reads as newest first. */
  sort: z.enum(FACT_SORTS).default("relevance").catch("relevance"),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1).catch(1),
  size: z.coerce
    .number()
    .int()
    .refine((n) => PAGE_SIZES.includes(n))
    .default(50)
    .catch(50),
  /** The page's space, by slug (issue 27): links carry it; the default space when absent. */
  space: text,
  /** Only the facts about this subject (exactly as written). */
  subject: text,
});
export type FactQuery = z.infer<typeof FactQuerySchema>;

/** The query from a page's searchParams (first value of a repeated key). */
export function parseFactQuery(params: Record<string, string | string[] | undefined>): FactQuery {
  return readUrlQuery(FactQuerySchema, params);
}

/** The URL search string of a query, with defaults left out so links stay short. */
export function factSearch(query: Partial<FactQuery>): string {
  return writeUrlQuery(FactQuerySchema, query);
}
