import { z } from "zod";
import { KindSchema, TemporalSchema } from "@/lib/extraction/schema";

export const FACT_STATUSES = ["active", "archived", "superseded"] as const;

/** A fact in the fact base; the edit form, the actions and the API validate with this. */
export const FactSchema = z.object({
  content: z.string().trim().min(3, "A fact needs at least a few words").max(1_000),
  kind: KindSchema,
  confidence: z.number().min(0).max(1),
  importance: z.number().min(0).max(1),
  temporal: TemporalSchema,
  status: z.enum(FACT_STATUSES).default("active"),
  validFrom: z.coerce.date().nullable().optional(),
  validTo: z.coerce.date().nullable().optional(),
});
export type Fact = z.infer<typeof FactSchema>;
