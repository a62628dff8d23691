import { describe, expect, it } from "vitest";
import { FITTED } from "@/lib/matcher/model-weights";
import type { PairModel } from "@/lib/matcher/model";
import { writtenModels } from "@/scripts/lib/written-models";

// fit-matcher --no-encoder --write refits the words-only model; it must not throw away the committed
// encoder model (SIFT_SENTENCE_ENCODER=on would then score with a model that never saw the encoder).

const refit = (bias: number): PairModel => ({ features: ["overlap", "negation"], bias, weights: [1.234567, -2] });
const thresholds = { duplicate: 0.52, related: 0.2, encoderDuplicate: 0.52 };

describe("writtenModels", () => {
  it("keeps the committed encoder model and its cut-off when fitted without the encoder", () => {
    const out = writtenModels({ lexical: refit(-1.23456), encoder: refit(0) }, thresholds, {
      encoder: FITTED.encoder,
      encoderDuplicate: FITTED.thresholds.encoderDuplicate,
    });
    expect(out.encoder).toEqual(FITTED.encoder);
    expect(out.encoder.features).toContain("encoder");
    expect(out.thresholds).toEqual({
      duplicate: 0.52,
      related: 0.2,
      encoderDuplicate: FITTED.thresholds.encoderDuplicate,
    });
    expect(out.lexical).toEqual({ features: ["overlap", "negation"], bias: -1.2346, weights: [1.2346, -2] });
  });

  it("writes the newly fitted encoder model when the encoder was fitted", () => {
    const out = writtenModels({ lexical: refit(-1), encoder: refit(-3) }, thresholds, null);
    expect(out.encoder.bias).toBe(-3);
    expect(out.thresholds).toEqual(thresholds);
  });
});
