import { z } from "zod";
import { FITTED } from "./model-weights";

/**
 * Which scale the score cut-offs are on: the duplicate model's P(duplicate) (model.ts). Settings stored
 * before the model (a lexical similarity, another scale) are reset to these defaults when read (lib/db/settings.ts).
 */
export const SCORE_SCALE = "pair-model-1";
const fitted = FITTED.thresholds;

/**
 * Cut-offs of the matcher's cascade. The score ones are on the duplicate model's P(duplicate) and were chosen
 * with it by cross-validation (scripts/fit-matcher.ts); Settings edits them. The embedding pair applies to
 * cosine similarity from an external embedder, whose scale differs by model.
 */
export const ThresholdsSchema = z
  .object({
    scale: z.literal(SCORE_SCALE).default(SCORE_SCALE),
    duplicate: z
      .number()
      .min(0)
      .max(1)
      .default(fitted.duplicate)
      .describe("score at or above: duplicate (when no guard vetoes)"),
    related: z.number().min(0).max(1).default(fitted.related).describe("score at or above: related"),
    contradicts: z
      .number()
      .min(0)
      .max(1)
      .default(0.75)
      .describe("similarity of the rest, once the conflicting values are set aside, needed to call it a contradiction"),
    encoderDuplicate: z
      .number()
      .min(0)
      .max(1)
      .default(fitted.encoderDuplicate)
      .describe("score of the model with the sentence encoder at or above: duplicate (when it has loaded)"),
    embeddingDuplicate: z.number().min(0).max(1).default(0.92),
    embeddingRelated: z.number().min(0).max(1).default(0.75),
    ambiguousLow: z
      .number()
      .min(0)
      .max(1)
      .default(fitted.related)
      .describe("an LLM judge, if any, sees pairs scoring in [low, high)"),
    ambiguousHigh: z.number().min(0).max(1).default(fitted.duplicate),
  })
  .refine((t) => t.related < t.duplicate, { message: "related must be below duplicate", path: ["related"] })
  .refine((t) => t.embeddingRelated < t.embeddingDuplicate, {
    message: "embeddingRelated must be below embeddingDuplicate",
    path: ["embeddingRelated"],
  })
  .refine((t) => t.ambiguousLow <= t.ambiguousHigh, {
    message: "ambiguousLow must not exceed ambiguousHigh",
    path: ["ambiguousLow"],
  });

export type Thresholds = z.infer<typeof ThresholdsSchema>;
export type ThresholdsInput = z.input<typeof ThresholdsSchema>;
export const DEFAULT_THRESHOLDS: Thresholds = ThresholdsSchema.parse({});
