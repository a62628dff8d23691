import { z } from "zod";

export const TEMPORALS = ["past", "present", "future", "timeless"] as const;
export const TemporalSchema = z
  .enum(TEMPORALS)
  .describe("When the fact holds: past (no longer true / happened), present, future (planned), timeless");
export type Temporal = z.infer<typeof TemporalSchema>;

/** Kinds are configurable (see kinds.ts), so a kind is a slug, validated against the taxonomy at use. */
export const KindSchema = z
  .string()
  .regex(/^[a-z][a-z0-9_]{0,39}$/, "kind must be a lower-case slug")
  .describe("One of the kinds listed in the instructions");

/**
 * What a model fills in for one fact. Shared by the LLM output schema, the CLI and tests.
 * Offsets are not asked of a model: grounding finds the quote in the source and sets them.
 */
export const ExtractedFactSchema = z.object({
  content: z
    .string()
    .min(3)
    .max(1_000)
    .describe("One atomic, self-contained statement in the third person, naming the speaker when attributing"),
  kind: KindSchema,
  confidence: z.number().min(0).max(1).describe("0..1; below 0.7 means you are guessing"),
  importance: z.number().min(0).max(1).describe("0..1; how much this matters later"),
  temporal: TemporalSchema,
  speaker: z.string().nullable().describe("Who said it, as named in the source, or null"),
  quote: z.string().min(1).describe("The exact words from the source that support this fact, copied verbatim"),
  /** Why the gate should hold it for review (a kind filed under the catch-all, content cut); not asked of a model. */
  notes: z.array(z.string()).optional(),
});
/**
 * What an extractor scored a fact from, by name (booleans as 0 or 1): stored with the candidate, so a reviewer's
 * decision on it is a labelled example (lib/learning). Set by Sift's own extractors only; no schema here reads it,
 * so a model's or an agent's reply can never supply it.
 */
export type ScoreFeatures = Record<string, number>;

export type ExtractedFact = z.infer<typeof ExtractedFactSchema> & { scoredFrom?: ScoreFeatures };

/** A candidate after grounding: the quote located in the source text. */
export const CandidateSchema = ExtractedFactSchema.extend({
  start: z.number().int().nonnegative().nullable(),
  end: z.number().int().nonnegative().nullable(),
  supported: z.boolean(),
});
/** The fact base's learned confidence for a candidate (lib/learning), and whether auto-approve may read it. */
export interface LearnedConfidence {
  confidence: number;
  reason: string;
  approves: boolean;
}

export type Candidate = z.infer<typeof CandidateSchema> & { scoredFrom?: ScoreFeatures; learned?: LearnedConfidence };

/** One chunk's outcome in a run's log (ExtractionRun.chunkLog), appended as each chunk finishes. */
export const ChunkLogEntrySchema = z.object({
  index: z.number().int().nonnegative(),
  status: z.enum(["succeeded", "failed"]),
  /** Readable message for a failed chunk. */
  error: z.string().optional(),
  attempts: z.number().int().nonnegative(),
  ms: z.number().nonnegative(),
  /** Candidates the chunk added (a retried run counts only new ones). */
  candidates: z.number().int().nonnegative(),
  /** Candidates it proposed that repeated an earlier chunk's, dropped by the run's de-duplication. */
  repeats: z.number().int().nonnegative().optional(),
  /** Candidates repeating words a reviewer rejected before, rejected again by the gate (Settings). */
  rejectedAgain: z.number().int().nonnegative().optional(),
  /** Items of the reply that were not kept, one reason each ("kind 'risk' is not in the taxonomy"). */
  refused: z.array(z.string()).optional(),
  /** The provider's rate limit met by the chunk: 429 replies waited out, and the time spent waiting. */
  rateLimit: z.object({ hits: z.number().int().nonnegative(), waitedMs: z.number().nonnegative() }).optional(),
  /** Candidates the extractor found but ranked under its floor (`floor`), left out of the queue and counted. */
  belowFloor: z.object({ count: z.number().int().nonnegative(), floor: z.number().min(0).max(1) }).optional(),
  /** Closing-summary items joined to the earlier candidates they repeat, counted. */
  joined: z.number().int().nonnegative().optional(),
});
export type ChunkLogEntry = z.infer<typeof ChunkLogEntrySchema>;
export const ChunkLogSchema = z.array(ChunkLogEntrySchema);

export const RUN_STATUSES = ["queued", "running", "succeeded", "partial", "failed", "interrupted"] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];
/** A run that ended without every chunk done: Retry runs the rest. */
export const RETRYABLE_RUN_STATUSES: readonly RunStatus[] = ["failed", "partial", "interrupted"];
