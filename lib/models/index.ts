import "server-only";
import type { Env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { createLlmExtractor } from "@/lib/extraction/llm/extractor";
import { createOfflineExtractor } from "@/lib/extraction/offline";
import { createThreadedOfflineExtractor } from "@/lib/extraction/thread/client";
import type { Extractor } from "@/lib/extraction/types";
import { resolveLanguageModel } from "@/lib/models/language-model";
import { resolveEmbedder, resolveJudge, type ModelEmbedder } from "@/lib/models/matcher-models";
import type { Judge } from "@/lib/matcher";
import type { Settings } from "@/lib/settings/schema";

/**
 * The one place where the environment and the settings become models: the extractor, and the
 * matcher's optional embedding and judge stages. The app, the jobs and the CLI all build them here.
 * Nothing is called at build time; a half-configured model is a CONFIG error that names the variable.
 */

export type { ModelEmbedder };
export type ExtractorMode = "offline" | "llm";

export interface ExtractorChoice {
  extractor: Extractor;
  mode: ExtractorMode;
  /** What the UI and the CLI say about it: "Offline extractor (no model configured)" or the model id. */
  label: string;
}

/** The configured chat model's id ("openai:gpt-4.1-mini"), or null when the offline extractor runs. */
export function configuredModelId(env: Env): string | null {
  return resolveLanguageModel(env)?.modelId ?? null;
}

/**
 * The LLM extractor when a model is configured, otherwise the offline one. `mode` forces one: "llm"
 * without a configured model is a CONFIG error that says what to set. `offThread` runs the offline one on
 * the extraction thread (lib/extraction/thread), as the server's runs do; the LLM one waits on the network
 * and stays on this thread.
 */
export function buildExtractor({
  env,
  settings,
  mode,
  offThread = false,
}: {
  env: Env;
  settings?: Pick<Settings, "promptTemplate" | "knownFactsLimit">;
  mode?: ExtractorMode;
  offThread?: boolean;
}): ExtractorChoice {
  const resolved = mode === "offline" ? null : resolveLanguageModel(env);
  if (!resolved) {
    if (mode === "llm") {
      throw new AppError("CONFIG", "No model is configured: set SIFT_LLM_MODEL and SIFT_LLM_BASE_URL, or an API key.");
    }
    const extractor = offThread ? createThreadedOfflineExtractor() : createOfflineExtractor();
    return { extractor, mode: "offline", label: "Offline extractor (no model configured)" };
  }
  return {
    extractor: createLlmExtractor({
      model: resolved.model,
      modelId: resolved.modelId,
      template: settings?.promptTemplate ?? undefined,
      knownFactsLimit: settings?.knownFactsLimit,
      timeoutMs: env.SIFT_LLM_TIMEOUT_MS,
      maxRetries: 2,
    }),
    mode: "llm",
    label: `LLM extractor (${resolved.modelId})`,
  };
}

/** The matcher's model stages: each only when configured, and each degrades to the lexical verdict. */
export function buildMatcherModels({ env }: { env: Env }): { embed?: ModelEmbedder; judge?: Judge } {
  const embed = resolveEmbedder(env);
  const judge = resolveJudge(env);
  return { ...(embed ? { embed } : {}), ...(judge ? { judge } : {}) };
}
