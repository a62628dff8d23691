import { z } from "zod";
import { PRESET_IDS } from "@/lib/extraction/kinds";
import { GatePolicySchema } from "@/lib/review/gating";
import { ThresholdsSchema } from "@/lib/review/thresholds";

/** Everything a reviewer can change in Settings. Stored as one JSON row; defaults fill the gaps. */
export const SettingsSchema = z.object({
  defaultPreset: z.enum(PRESET_IDS).default("meeting"),
  /** null = the built-in, versioned template. */
  promptTemplate: z
    .string()
    .trim()
    .max(20_000, "Keep the template under 20,000 characters")
    .nullable()
    .default(null)
    .transform((t) => (t ? t : null)),
  knownFactsLimit: z.number().int().min(0).max(100).default(16),
  thresholds: ThresholdsSchema.default(ThresholdsSchema.parse({})),
  gates: GatePolicySchema.default(GatePolicySchema.parse({})),
});

export type Settings = z.infer<typeof SettingsSchema>;
export type SettingsInput = z.input<typeof SettingsSchema>;
export const DEFAULT_SETTINGS: Settings = SettingsSchema.parse({});
