import "server-only";
import type { Env } from "@/lib/env";
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

/** The LLM extractor when a model is configured, otherwise the offline one. */
export function selectExtractor({ env, template }: { env: Env; template?: string | null }): ExtractorChoice {
  const resolved = resolveModel(env);
  if (!resolved) {
    return { extractor: createOfflineExtractor(), mode: "offline", label: "Offline extractor (no model configured)" };
  }
  return {
    extractor: createLlmExtractor({
      model: resolved.model,
      modelId: resolved.modelId,
      template: template ?? undefined,
      timeoutMs: env.SIFT_LLM_TIMEOUT_MS,
      maxRetries: 2,
    }),
    mode: "llm",
    label: `LLM extractor (${resolved.modelId})`,
  };
}
