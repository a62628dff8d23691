import { z } from "zod";

/**
 * Cut-offs of the matcher's cascade. The defaults were calibrated on STS-B (scripts/eval-stsb.ts);
 * Settings edits them. Scores are the matcher's own 0..1 similarity; the embedding pair applies to
 * cosine similarity from an external embedder, whose scale differs by model.
 */
export const ThresholdsSchema = z
  .object({
    duplicate: z.number().min(0).max(1).default(0.725).describe("score at or above: duplicate (when no guard objects)"),
    related: z.number().min(0).max(1).default(0.45).describe("score at or above: related"),
    contradicts: z
      .number()
      .min(0)
      .max(1)
      .default(0.75)
      .describe("similarity of the rest, once the conflicting values are set aside, needed to call it a contradiction"),
    // Chosen on STS-B (2-fold CV), MRPC train and SICK train (scripts/eval-encoder.ts), never on MRPC val.
    encoderWeight: z
      .number()
      .min(0)
      .max(1)
      .default(0.4)
      .describe("share of the sentence encoder's cosine in the score, the lexical score taking the rest"),
    encoderDuplicate: z
      .number()
      .min(0)
      .max(1)
      .default(0.74)
      .describe("blended score at or above: duplicate (when no guard objects and the encoder has loaded)"),
    embeddingDuplicate: z.number().min(0).max(1).default(0.92),
    embeddingRelated: z.number().min(0).max(1).default(0.75),
    ambiguousLow: z
      .number()
      .min(0)
      .max(1)
      .default(0.55)
      .describe("an LLM judge, if any, sees pairs scoring in [low, high)"),
    ambiguousHigh: z.number().min(0).max(1).default(0.725),
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
