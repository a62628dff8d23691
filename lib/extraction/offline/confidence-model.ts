import type { LogisticModel } from "@/lib/extraction/offline/confidence";

/** Written by `npx tsx scripts/fit-confidence.ts --write`; weights in FEATURE_NAMES order. */
export const CONFIDENCE_MODEL: LogisticModel = {
  bias: -2.3039,
  weights: [0.1764, -0.1089, -0.2461, 1.1336, -0.0675, -0.553, 1.5615, 0.4303, 1.0113, 0.0188],
};
