import { z } from "zod";
import { getPresetKinds, isPresetId, PRESET_IDS, PRESETS, TaxonomySchema } from "@/lib/extraction/kinds";
import type { KindDefinition } from "@/lib/extraction/types";
import { GatePolicySchema } from "@/lib/matcher/gating";
import { ThresholdsSchema } from "@/lib/matcher/thresholds";

/**
 * Whether the fact base's learned confidence (lib/learning) ranks and gates the queue, and whether auto-approve
 * may use it too: off by default, so a learned model never approves without a person unless a reviewer says so.
 */
export const LearningSettingsSchema = z.object({
  enabled: z.boolean().default(true),
  autoApprove: z.boolean().default(false),
});

/** Everything a reviewer can change in Settings. Stored as one JSON row; defaults fill the gaps. */
export const CUSTOM_PRESET = "custom";

export const SettingsSchema = z
  .object({
    defaultPreset: z.enum([...PRESET_IDS, CUSTOM_PRESET]).default("meeting"),
    /** The reviewer's own kinds, offered as the "Custom" preset. */
    customKinds: TaxonomySchema.nullable().default(null),
    /** null = the built-in, versioned template. */
    promptTemplate: z
      .string()
      .trim()
      .max(20_000, "Keep the template under 20,000 characters")
      .nullable()
      .default(null)
      .transform((t) => (t ? t : null)),
    knownFactsLimit: z.number().int().min(0).max(100).default(16),
    /** Single-key shortcuts in the review queue; off for those they get in the way of (WCAG 2.1.4). */
    keyboardShortcuts: z.boolean().default(true),
    thresholds: ThresholdsSchema.default(ThresholdsSchema.parse({})),
    gates: GatePolicySchema.default(GatePolicySchema.parse({})),
    learning: LearningSettingsSchema.default(LearningSettingsSchema.parse({})),
  })
  .refine((s) => s.defaultPreset !== CUSTOM_PRESET || s.customKinds !== null, {
    message: "Define custom kinds before making Custom the default preset",
    path: ["defaultPreset"],
  });

export type Settings = z.infer<typeof SettingsSchema>;
export type SettingsInput = z.input<typeof SettingsSchema>;
export const DEFAULT_SETTINGS: Settings = SettingsSchema.parse({});

/** The kinds a preset stands for; "custom" without custom kinds falls back to the meeting preset. */
export function kindsForPreset(preset: string | null | undefined, settings: Settings): KindDefinition[] {
  if (preset === CUSTOM_PRESET && settings.customKinds) return settings.customKinds.map((k) => ({ ...k }));
  if (preset && isPresetId(preset)) return getPresetKinds(preset);
  return kindsForPreset(
    settings.defaultPreset === CUSTOM_PRESET && !settings.customKinds ? "meeting" : settings.defaultPreset,
    settings,
  );
}

/** Presets offered on the Ingest page and in Settings. */
export function presetOptions(settings: Settings): { id: string; label: string; kinds: KindDefinition[] }[] {
  const builtIn = Object.values(PRESETS).map((p) => ({ id: p.id, label: p.label, kinds: getPresetKinds(p.id) }));
  return settings.customKinds
    ? [...builtIn, { id: CUSTOM_PRESET, label: "Custom", kinds: settings.customKinds }]
    : builtIn;
}

/** Every kind any preset offers, once each, for kind filters and editors. */
export function kindOptions(settings: Settings): Array<{ id: string; label: string }> {
  const kinds = presetOptions(settings).flatMap((p) =>
    p.kinds.map((k) => [k.id, { id: k.id, label: k.label }] as const),
  );
  return [...new Map(kinds).values()];
}
