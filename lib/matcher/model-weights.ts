import type { FittedModels } from "./model";

// Written by `npx tsx scripts/fit-matcher.ts --write`; placeholder until the first fit.
export const FITTED: FittedModels = {
  lexical: { features: ["overlap", "embedding"], bias: -6, weights: [6, 3] },
  encoder: { features: ["overlap", "embedding", "encoder"], bias: -7, weights: [5, 2, 3] },
  thresholds: { duplicate: 0.5, related: 0.1, encoderDuplicate: 0.5 },
};
