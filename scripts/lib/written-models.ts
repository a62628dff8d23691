import type { FittedModels, PairModel } from "@/lib/matcher/model";

const round = (m: PairModel): PairModel => ({
  features: m.features,
  bias: Number(m.bias.toFixed(4)),
  weights: m.weights.map((w) => Number(w.toFixed(4))),
});

/**
 * What fit-matcher --write stores. Without the encodings (--no-encoder) there is no new encoder model: the
 * committed one and its cut-off are kept rather than replaced by a stand-in fitted without the encoder's
 * cosine, which would silently turn SIFT_SENTENCE_ENCODER=on into a second lexical model. The encoder model
 * reads its features by name, so a lexical feature added since is simply not in it.
 */
export function writtenModels(
  fitted: { lexical: PairModel; encoder: PairModel },
  thresholds: FittedModels["thresholds"],
  kept: { encoder: PairModel; encoderDuplicate: number } | null,
): FittedModels {
  return {
    lexical: round(fitted.lexical),
    encoder: kept ? kept.encoder : round(fitted.encoder),
    thresholds: kept ? { ...thresholds, encoderDuplicate: kept.encoderDuplicate } : thresholds,
  };
}
