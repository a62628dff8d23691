import type { ImportanceModel } from "@/lib/extraction/offline/importance";

// Written by `SIFT_EVAL_DIR=… npx tsx scripts/eval-meetings.ts --write-importance`.

/** Work meetings' importance: fitted on the six written meetings (../shared/eval/meetings). */
export const IMPORTANCE_MODEL: ImportanceModel = {
  bias: -0.898,
  kinds: {
    action_item: -0.7825,
    constraint: -0.5556,
    context: 1.2443,
    decision: 0.1056,
    insight: -1.0467,
    mistake: -0.66,
    preference: 1.3479,
  },
  cue: 2.7679,
  weights: {
    value: 0.6284,
    dated: 0.5752,
    negation: 1.593,
    repeats: 0.3899,
    corrected: 0.3229,
  },
};
