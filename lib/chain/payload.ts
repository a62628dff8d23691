import { z } from "zod";
import { ProposedFactSchema, type ProposedFact } from "@/lib/extraction/agent";
import { TaxonomySchema } from "@/lib/extraction/kinds";
import type { ReviewedExample } from "@/lib/extraction/types";
import { GatePolicySchema, gatePolicyForOrigin } from "@/lib/matcher/gating";
import { ThresholdsSchema } from "@/lib/matcher/thresholds";
import { kindsForPreset, LearningSettingsSchema, type Settings } from "@/lib/settings/schema";

/**
 * What a run is, stored on its row (ExtractionRun.payload) when it is made: Start, Retry and every
 * instance's worker rebuild the same run from it alone (lib/jobs/extraction.ts). Whatever the run reads
 * from the settings of the day is copied here, so a run resumed after Settings changed, or on another
 * instance, extracts, matches and gates as it started; only the fact base it is matched against is the
 * present one.
 */

/** What the person or agent gave: a paste, a file, or an agent's own facts (with the text they came from). */
export const RunInputSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("paste") }),
  z.object({ kind: z.literal("file"), filename: z.string().nullable(), mediaType: z.string().nullable() }),
  z.object({ kind: z.literal("agent_facts"), facts: z.array(ProposedFactSchema).min(1) }),
]);
export type RunInput = z.infer<typeof RunInputSchema>;

const EXTRACTOR_MODES = ["offline", "llm", "agent"] as const;

/**
 * How many approved facts and decided candidates a run keeps for its prompts: each chunk's prompt shows the
 * `knownFactsLimit` facts and the few examples most about that chunk (lib/extraction/llm/relevance.ts).
 */
export const KNOWN_FACTS_POOL = 200;
export const EXAMPLES_POOL = 100;

export const ReviewedExampleSchema = z.object({
  content: z.string(),
  kind: z.string(),
  outcome: z.enum(["approved", "rejected"]),
  reason: z.string().nullable(),
}) satisfies z.ZodType<ReviewedExample>;

export const RunPayloadSchema = z.object({
  version: z.literal(1),
  input: RunInputSchema,
  /** The extractor, and for an LLM the model it was started with (a resumed run refuses another one). */
  extractor: z.object({ mode: z.enum(EXTRACTOR_MODES), modelId: z.string().nullable() }),
  preset: z.string(),
  /** The preset's kinds as they were (a custom preset can be edited since). */
  kinds: TaxonomySchema,
  contextHints: z.string().nullable(),
  /** yyyy-mm-dd: the day the conversation took place, to resolve "next Friday". */
  meetingDate: z.iso.date().nullable(),
  /** Approved facts the extractor is told not to propose again, as the fact base had them at the start. */
  knownFacts: z.array(z.string()),
  /** Candidates this fact base's reviewers had decided, newest first (an LLM run's prompts show the closest). */
  examples: z.array(ReviewedExampleSchema).default([]),
  /** At most this many facts per chunk from the extractor (the CLI's --max-facts); null is its own default. */
  maxFacts: z.number().int().positive().nullable(),
  /** The chunk size: chunk indexes in the run's log mean the same chunks on every resume. */
  chunkTokens: z.number().int().positive(),
  settings: z.object({
    thresholds: ThresholdsSchema,
    /** The gate policy for this source's origin (an agent's proposals never auto-approve). */
    gates: GatePolicySchema,
    knownFactsLimit: z.number().int().nonnegative(),
    promptTemplate: z.string().nullable(),
    /** Absent on payloads made before the queue learned: those runs use the shipped confidence. */
    learning: LearningSettingsSchema.default({ enabled: false, autoApprove: false }),
  }),
});
export type RunPayload = z.infer<typeof RunPayloadSchema>;

/**
 * What the migration that added payloads wrote on the runs made before (20261204090010_run_payload): their
 * extractor and preset only. Such a run takes the rest from the settings of the day when it next runs, as
 * every run did then, and keeps it from there (completeLegacyPayload).
 */
export const LegacyRunPayloadSchema = z.object({
  version: z.literal(0),
  extractor: z.enum(["offline", "llm"]),
  preset: z.string().nullable(),
});

export const StoredRunPayloadSchema = z.discriminatedUnion("version", [RunPayloadSchema, LegacyRunPayloadSchema]);

/** The source fields a payload copies or depends on. */
export interface PayloadSource {
  origin: string;
  filename?: string | null;
  mediaType?: string | null;
  contextHints?: string | null;
  meetingDate?: string | null;
}

/** The one way a payload is made, for a new run and for a legacy one alike. */
export function buildRunPayload({
  source,
  agentFacts,
  extractor,
  preset,
  settings,
  knownFacts,
  examples = [],
  chunkTokens,
  maxFacts = null,
}: {
  source: PayloadSource;
  /** An agent's own facts: the run proposes them instead of extracting (lib/extraction/agent.ts). */
  agentFacts?: ProposedFact[];
  extractor: { mode: "offline" | "llm"; modelId: string | null };
  /** A preset id; the settings' default when absent. */
  preset?: string | null;
  settings: Settings;
  knownFacts: string[];
  examples?: ReviewedExample[];
  chunkTokens: number;
  maxFacts?: number | null;
}): RunPayload {
  const chosen = preset ?? settings.defaultPreset;
  const input: RunInput = agentFacts?.length
    ? { kind: "agent_facts", facts: agentFacts }
    : source.filename
      ? { kind: "file", filename: source.filename, mediaType: source.mediaType ?? null }
      : { kind: "paste" };
  return {
    version: 1,
    input,
    extractor: input.kind === "agent_facts" ? { mode: "agent", modelId: null } : extractor,
    preset: chosen,
    kinds: kindsForPreset(chosen, settings),
    contextHints: source.contextHints?.trim() || null,
    meetingDate: source.meetingDate || null,
    // No known facts at all when the setting says none; else the pool each chunk's prompt picks from.
    knownFacts: settings.knownFactsLimit > 0 ? knownFacts.slice(0, KNOWN_FACTS_POOL) : [],
    examples: examples.slice(0, EXAMPLES_POOL),
    maxFacts,
    chunkTokens,
    settings: {
      thresholds: settings.thresholds,
      gates: gatePolicyForOrigin(settings.gates, source.origin),
      knownFactsLimit: settings.knownFactsLimit,
      promptTemplate: settings.promptTemplate,
      learning: settings.learning,
    },
  };
}

/** A legacy payload made whole from today's settings and environment, as its run would have read them. */
export function completeLegacyPayload(
  legacy: z.infer<typeof LegacyRunPayloadSchema>,
  rest: Omit<Parameters<typeof buildRunPayload>[0], "extractor" | "preset" | "agentFacts"> & {
    configuredModelId: string | null;
  },
): RunPayload {
  const { configuredModelId, ...common } = rest;
  return buildRunPayload({
    ...common,
    preset: legacy.preset,
    extractor:
      legacy.extractor === "llm" ? { mode: "llm", modelId: configuredModelId } : { mode: "offline", modelId: null },
  });
}

/** What the ingest page and the API say about the extractor a run uses. */
export function extractorLabel(payload: RunPayload): string {
  switch (payload.extractor.mode) {
    case "agent":
      return "Proposed by an agent";
    case "llm":
      return `LLM extractor (${payload.extractor.modelId ?? "unknown model"})`;
    default:
      return "Offline extractor (no model configured)";
  }
}
