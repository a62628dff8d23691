import type { ImportanceModel } from "@/lib/extraction/offline/importance";

// Written by `SIFT_EVAL_DIR=… npx tsx scripts/eval-meetings.ts --write-importance`.

/** Work meetings' importance: fitted on the six written meetings (../shared/eval/meetings). */
export const IMPORTANCE_MODEL: ImportanceModel = {
  bias: -0.9807,
  kinds: {
    action_item: -0.77,
    constraint: -0.5121,
    context: 1.2436,
    decision: 0.1025,
    insight: -1.0566,
    mistake: -0.7249,
    preference: 1.3525,
  },
  cue: 2.7713,
  weights: {
    value: 0.7835,
    dated: 0.5969,
    negation: 1.2383,
    repeats: 0.4665,
    corrected: 0.3546,
  },
};
