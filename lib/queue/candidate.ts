import { z } from "zod";
import { CandidateSchema } from "@/lib/extraction/schema";
import { MatchesSchema, MatchSchema, STAGES, VERDICTS, type Match } from "@/lib/matcher/schema";
import { SOURCE_ORIGINS } from "@/lib/sources/schema";
import { firstLines, lastLines } from "@/lib/text/lines";
import type { ListPatch } from "@/lib/queue/session";

/**
 * A stored candidate as its readers see it: the review queue's card, the API's and MCP's candidate. One
 * schema, built from the extractor's `CandidateSchema` and the matcher's verdicts; the rows are mapped to
 * it once (`toCandidateView`, lib/db/candidate-view.ts). Plain data (dates as ISO strings), so it crosses
 * the server/client boundary and serializes as JSON unchanged.
 */

/** Where a candidate is: waiting (pending, gated) or decided. The database's enum has the same values. */
export const CANDIDATE_STATUSES = ["pending", "gated", "approved", "merged", "rejected"] as const;
export const CandidateStatusSchema = z.enum(CANDIDATE_STATUSES);
export type CandidateStatus = z.infer<typeof CandidateStatusSchema>;

const Id = z.uuid();
const Timestamp = z.iso.datetime().meta({ description: "ISO 8601 date-time, UTC" });

export const CandidateViewSchema = CandidateSchema.extend({
  id: Id,
  status: CandidateStatusSchema,
  /** The queue's order: higher first (confidence × importance when the run saved it; lib/extraction/rank.ts). */
  rank: z.number(),
  /** The fact base's learned confidence the rank and gate read, when a learned model scored it (lib/learning). */
  learnedConfidence: z.number().nullable(),
  /** Why the learned model ranks it so ("Learned 0.84 (shipped 0.55): you approved 9 of 10 of kind decision"). */
  rankReason: z.string().nullable(),
  /** The verdict of its best match; null before the matcher judged it. */
  verdict: z.enum(VERDICTS).nullable(),
  /** The matcher's stage that decided the verdict. */
  verdictStage: z.enum(STAGES).nullable(),
  /** Null when the stored match data could not be read (the card says so). */
  matches: MatchesSchema.nullable(),
  gateReason: z.string().nullable(),
  rejectReason: z.string().nullable(),
  /** Send it back with a decision: a candidate judged again since is not decided blind. */
  version: z.int(),
  /** The open candidate this one repeats (its cluster's head); the queue shows the cluster once. */
  clusterId: Id.nullable(),
  createdAt: Timestamp,
  run: z.object({ id: Id, extractor: z.string() }),
  source: z.object({
    id: Id,
    title: z.string(),
    origin: z.enum(SOURCE_ORIGINS),
    createdAt: Timestamp,
    /** The day of the meeting, when the ingest form was given one (yyyy-mm-dd). */
    meetingDate: z.iso.date().nullable(),
    /** Whom the source is about within its space (its facts take it); null for no one. */
    subject: z.string().nullable(),
  }),
});
export type CandidateView = z.infer<typeof CandidateViewSchema>;

/** A candidate in the same cluster as a card's: it says the same thing, from another place. */
export const ClusterMemberSchema = CandidateViewSchema.pick({
  id: true,
  content: true,
  speaker: true,
  quote: true,
}).extend({ source: CandidateViewSchema.shape.source.pick({ id: true, title: true }) });
export type ClusterMember = z.infer<typeof ClusterMemberSchema>;

/** The transcript around a quote, and the time it was said, when known. */
export const QuoteContextSchema = z.object({
  before: z.string(),
  after: z.string(),
  startMs: z.int().nullable(),
  /** What the quote reads as, when the stored one keeps its source's markup (subtitles, chat JSON). */
  quote: z.string().optional(),
  /** The transcript has more lines around the quote than these: "More context" reads them (`CONTEXT_LINES`). */
  more: z.boolean().optional(),
});

/** The most transcript lines a card shows on either side of its quote (with "More context"). */
export const CONTEXT_LINES = 8;

/**
 * The lines on either side of its quote a card is sent with: what its focused view shows. "More context" asks for
 * the rest of `CONTEXT_LINES` (the review actions' `readQuoteContextAction`), which would otherwise weigh on every
 * card of the page and of a decision's answer (issue 28).
 */
export const CARD_CONTEXT_LINES = 4;

/** A quote's context cut to `lines` on either side (a card shows at most `CONTEXT_LINES`), saying whether it was. */
export function shownContext(context: QuoteContext, lines = CONTEXT_LINES): QuoteContext {
  const before = lastLines(context.before, lines);
  const after = firstLines(context.after, lines);
  const { more: _, ...rest } = context;
  const cut = before.length < context.before.length || after.length < context.after.length;
  return { ...rest, before, after, ...(cut ? { more: true } : {}) };
}

/** The most matches a card shows (its focused view; the list shows the first). */
export const CARD_MATCHES = 3;

/**
 * What the review queue shows for one card: of the candidate, what a card reads (its run, rank, stamps and version,
 * and whether a guard vetoed a match, stay on the server: every card of the page and of a decision's answer would
 * carry them unread, issue 28), and what the page read around it.
 */
export const QueueCardSchema = CandidateViewSchema.pick({
  id: true,
  content: true,
  kind: true,
  confidence: true,
  importance: true,
  temporal: true,
  speaker: true,
  quote: true,
  start: true,
  status: true,
  rankReason: true,
  verdict: true,
  gateReason: true,
}).extend({
  /**
   * Its duplicates, relations and contradictions as the card shows them: the first `CARD_MATCHES`, and the first
   * duplicate of a fact wherever it is (merging takes it); null when the stored match data could not be read.
   */
  matches: z.array(MatchSchema.omit({ vetoed: true })).nullable(),
  /**
   * The facts it matches past those: only what a decision acts on (approving as related links them, superseding
   * supersedes them).
   */
  moreMatches: z.array(z.object({ factId: z.string(), verdict: z.enum(VERDICTS) })),
  source: CandidateViewSchema.shape.source.pick({
    id: true,
    title: true,
    createdAt: true,
    meetingDate: true,
    subject: true,
  }),
  /** The kind's one-line definition, shown on hover; null for a kind no preset defines any more. */
  kindDefinition: z.string().nullable(),
  context: QuoteContextSchema.nullable(),
  /** For each fact of its `matches`, the source it first came from. */
  factSources: z.record(z.string(), z.object({ id: Id, title: z.string() })),
  /** The open candidates that repeat this one; approving or rejecting the card decides them too. */
  members: z.array(ClusterMemberSchema),
});
export type QueueCard = z.infer<typeof QueueCardSchema>;

/**
 * A card shows and acts on duplicates, relations and contradictions ("new" matches only add weight): those it shows
 * in full (the first `CARD_MATCHES`, and the first duplicate of a fact, which merging takes), and of the rest only
 * the fact and verdict a decision acts on.
 */
export function cardMatches(stored: Match[] | null): Pick<QueueCard, "matches" | "moreMatches"> {
  if (stored === null) return { matches: null, moreMatches: [] };
  const judged = stored.filter((m) => m.verdict !== "new");
  const merged = judged.find((m) => m.verdict === "duplicate" && m.factId);
  const matches = judged.flatMap(({ vetoed: _, ...m }, i) => (i < CARD_MATCHES || judged[i] === merged ? [m] : []));
  const moreMatches = judged.flatMap((m, i) =>
    i >= CARD_MATCHES && m !== merged && m.factId ? [{ factId: m.factId, verdict: m.verdict }] : [],
  );
  return { matches, moreMatches };
}

/**
 * What a decision changed in a reviewer's view of the queue, for the queue to patch its list instead of
 * fetching the page again (lib/db/queue-cards.ts `getQueuePatch`): `cards`, cards of the view that may look
 * different (re-judged, or heads whose cluster changed); `gone`, those that are no card of the view any more
 * (joined a cluster, left the filter); `freed`, the open members of the decided card, cards of their own now.
 */
export type QueuePatch = ListPatch<QueueCard>;
export type QuoteContext = z.infer<typeof QuoteContextSchema>;
