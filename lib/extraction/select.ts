import "server-only";
import type { Env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { createLlmExtractor } from "@/lib/extraction/llm/extractor";
import { resolveModel } from "@/lib/extraction/llm/provider";
import { createOfflineExtractor } from "@/lib/extraction/offline";
import type { Extractor } from "@/lib/extraction/types";

export interface ExtractorChoice {
  extractor: Extractor;
  mode: "offline" | "llm";
  /** What the UI says about it: "Offline extractor (no model configured)" or the model id. */
  label: string;
}

/**
 * The LLM extractor when a model is configured, otherwise the offline one. `mode` forces one:
 * "llm" without a configured model is a CONFIG error that says what to set.
 */
export function selectExtractor({
  env,
  template,
  knownFactsLimit,
  mode,
}: {
  env: Env;
  template?: string | null;
  knownFactsLimit?: number;
  mode?: "offline" | "llm";
}): ExtractorChoice {
  const resolved = mode === "offline" ? null : resolveModel(env);
  if (!resolved) {
    if (mode === "llm") {
      throw new AppError("CONFIG", "No model is configured: set SIFT_LLM_MODEL and SIFT_LLM_BASE_URL, or an API key.");
    }
    return { extractor: createOfflineExtractor(), mode: "offline", label: "Offline extractor (no model configured)" };
  }
  return {
    extractor: createLlmExtractor({
      model: resolved.model,
      modelId: resolved.modelId,
      template: template ?? undefined,
      knownFactsLimit,
      timeoutMs: env.SIFT_LLM_TIMEOUT_MS,
      maxRetries: 2,
    }),
    mode: "llm",
    label: `LLM extractor (${resolved.modelId})`,
  };
}
