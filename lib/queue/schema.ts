import { z } from "zod";
import { SAFETY_REASON } from "@/lib/matcher/safety-reasons";
import { readUrlQuery, writeUrlQuery } from "@/lib/url-query";

/**
 * What the review queue shows: one schema for the URL of /review (a view can be shared as a link and
 * survives a reload), the page that reads it and the query that serves it. Every field is optional in the
 * URL; a bad value falls back to the default instead of failing the page.
 */

export const QUEUE_SORTS = ["attention", "confidence", "importance", "kind", "source", "time"] as const;
export const QUEUE_STATUSES = ["open", "pending", "gated"] as const;
export const QUEUE_VERDICTS = ["new", "related", "duplicate", "contradicts"] as const;
export const PAGE_SIZES = [25, 50, 100] as const;
/**
 * The ranked queue's first page shows this many cards and folds the rest behind one button ("23 more,
 * lower-ranked"; key o): an hour of noisy talk opens on a short list, and a dense meeting keeps every fact.
 */
export const QUEUE_FOLD_AT = 20;
/** Why a card is gated, as the gate writes it (lib/matcher/gating.ts): the words its reason starts with. */
export const GATE_REASONS = {
  "low-confidence": { label: "Low confidence", text: "Low confidence" },
  unsupported: { label: "Quote not found", text: "Quote not found in the source" },
  contradiction: { label: "Contradiction", text: "Contradicts " },
  invisible: { label: "Invisible characters", text: SAFETY_REASON.invisible },
  lookalike: { label: "Look-alike letters", text: SAFETY_REASON.lookalike },
  instruction: { label: "Instruction to the system", text: SAFETY_REASON.instruction },
  secret: { label: "Credential or secret", text: SAFETY_REASON.secret },
  "rejected-before": { label: "Rejected before", text: "Rejected before: " },
} as const;
export type GateReasonKey = keyof typeof GATE_REASONS;

const optionalText = z
  .string()
  .trim()
  .max(200)
  .optional()
  .transform((v) => (v ? v : undefined));
// An empty field (the filter form's blank number input) is no bound, never 0.
const fraction = z.preprocess(
  (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
  z.coerce.number().min(0).max(1).optional().catch(undefined),
);

export const QueueQuerySchema = z.object({
  status: z.enum(QUEUE_STATUSES).default("open").catch("open"),
  /** "attention": gated first, then contradictions, then rank (lib/extraction/rank.ts); the others by that field. */
  sort: z.enum(QUEUE_SORTS).default("attention").catch("attention"),
  dir: z.enum(["asc", "desc"]).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1).catch(1),
  size: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n))
    .default(50)
    .catch(50),
  kind: optionalText,
  verdict: z.enum(QUEUE_VERDICTS).optional().catch(undefined),
  /** Gated for this reason (among others, if several). */
  gate: z
    .enum(Object.keys(GATE_REASONS) as [GateReasonKey, ...GateReasonKey[]])
    .optional()
    .catch(undefined),
  source: z.uuid().optional().catch(undefined),
  run: z.uuid().optional().catch(undefined),
  speaker: optionalText,
  /** Whom the card is about (its source's subject, compared as written: issue 27's agent memory). */
  subject: optionalText,
  /** Words in the candidate's content or quote. */
  q: optionalText,
  /** Confidence range, 0..1. */
  min: fraction,
  max: fraction,
  /** The space's slug (issue 27); the default space when absent. */
  space: optionalText,
  /**
   * "open": the ranked first page with its folded tail opened (key o). Folded, the page sends only the top
   * QUEUE_FOLD_AT cards, so the page and every decision's re-rendered answer stay small.
   */
  tail: z.enum(["open"]).optional().catch(undefined),
});
export type QueueQuery = z.infer<typeof QueueQuerySchema>;

/** Open cards per status, and per kind and verdict, each under the query's other filters. */
export interface QueueCounts {
  pending: number;
  gated: number;
  kind: Record<string, number>;
  verdict: Record<string, number>;
}

/** The counts beside the filters' values (lib/db/queue-facets.ts). */
export interface QueueFacets {
  /** Cards gated for each reason. */
  gate: Record<GateReasonKey, number>;
  speaker: Array<{ speaker: string; count: number }>;
  /** Whom open cards are about, most cards first (empty in a space without subjects). */
  subject: Array<{ subject: string; count: number }>;
  source: Array<{ id: string; title: string; count: number }>;
}

/** The query from a page's searchParams (first value of a repeated key). */
export function parseQueueQuery(params: Record<string, string | string[] | undefined>): QueueQuery {
  return readUrlQuery(QueueQuerySchema, params);
}

/** Whether this view is the ranked first page, whose tail past QUEUE_FOLD_AT is folded until opened. */
export function foldsTail(query: QueueQuery): boolean {
  return query.sort === "attention" && query.dir !== "asc" && query.page === 1;
}

/** The URL search string of a query, with defaults left out so links stay short. */
export function queueSearch(query: Partial<QueueQuery>): string {
  return writeUrlQuery(QueueQuerySchema, query);
}
