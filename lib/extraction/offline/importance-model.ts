import type { ImportanceModel } from "@/lib/extraction/offline/importance";

// Written by `SIFT_EVAL_DIR=… npx tsx scripts/eval-meetings.ts --write-importance`.

/** Work meetings' importance: the cue's own, unchanged (no fit yet). */
export const IMPORTANCE_MODEL: ImportanceModel = {
  bias: 0,
  kinds: {},
  cue: 1,
  weights: { value: 0, dated: 0, negation: 0, repeats: 0, corrected: 0, position: 0 },
};
