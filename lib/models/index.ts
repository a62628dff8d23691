import "server-only";
import type { RunPayload } from "@/lib/chain/payload";
import type { Env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { agentExtractor } from "@/lib/extraction/agent";
import { createLlmExtractor } from "@/lib/extraction/llm/extractor";
import { providerLimiter } from "@/lib/extraction/llm/rate-limit";
import { createOfflineExtractor } from "@/lib/extraction/offline";
import { createThreadedOfflineExtractor } from "@/lib/extraction/thread/client";
import type { Extractor } from "@/lib/extraction/types";
import { limiterKey, resolveLanguageModel } from "@/lib/models/language-model";
import { resolveEmbedder, resolveJudge, type ModelEmbedder } from "@/lib/models/matcher-models";
import type { UsageMeter } from "@/lib/models/usage-meter";
import type { Judge, PairScorer } from "@/lib/matcher";
import { createThreadedPairScorer } from "@/lib/matcher/thread/client";

/**
 * The one place where the environment and the settings become models: the extractor, and the
 * matcher's optional embedding and judge stages. The app, the jobs and the CLI all build them here.
 * Nothing is called at build time; a half-configured model is a CONFIG error that names the variable.
 */

export type { ModelEmbedder };

/** The configured chat model's id ("openai:gpt-4.1-mini"), or null when the offline extractor runs. */
export function configuredModelId(env: Env): string | null {
  return resolveLanguageModel(env)?.modelId ?? null;
}

/**
 * The extractor a new run gets when the caller does not choose: the LLM when a model is configured, else the
 * offline one. `mode` forces one: "llm" without a configured model is a CONFIG error that says what to set.
 * A half-configured model is a CONFIG error either way, so a typo never falls back to the offline one.
 */
export function extractorForNewRun({ env, mode }: { env: Env; mode?: "offline" | "llm" }): {
  mode: "offline" | "llm";
  modelId: string | null;
} {
  if (mode === "offline") return { mode: "offline", modelId: null };
  const modelId = configuredModelId(env);
  if (mode === "llm" && modelId === null) throw noModel();
  return modelId !== null ? { mode: "llm", modelId } : { mode: "offline", modelId: null };
}

/**
 * The one place a run's extractor is built, from its payload alone: an agent's proposed facts, the offline
 * extractor, or the LLM the run was started with (with the prompt template and known-facts limit of its
 * payload). A run that needs a model the environment no longer offers is a CONFIG error, before anything
 * runs: it is never finished by another model. `offThread` runs the offline extractor on the extraction
 * thread (lib/extraction/thread), as the server does; a CLI or an evaluation runs it here.
 */
export function extractorForRun({
  env,
  payload,
  offThread,
  onRateLimitWait,
}: {
  env: Env;
  payload: RunPayload;
  offThread: boolean;
  /** A chunk starts waiting out the provider's rate limit, for `ms` (the job shows it on the run). */
  onRateLimitWait?: (ms: number) => void;
}): Extractor {
  const { mode, modelId } = payload.extractor;
  if (mode === "agent") {
    if (payload.input.kind !== "agent_facts") throw new AppError("CONFIG", "This agent's run has no proposed facts.");
    return agentExtractor(payload.input.facts);
  }
  if (mode === "offline") return offThread ? createThreadedOfflineExtractor() : createOfflineExtractor();
  const resolved = resolveLanguageModel(env);
  if (!resolved) throw noModel(`This run extracts with ${modelId ?? "a model"}, and no model is configured now: `);
  if (modelId !== null && resolved.modelId !== modelId) {
    throw new AppError(
      "CONFIG",
      `This run was started with ${modelId} and the server now uses ${resolved.modelId}: configure ${modelId} ` +
        "again to finish it, or extract the source again.",
    );
  }
  return createLlmExtractor({
    model: resolved.model,
    modelId: resolved.modelId,
    template: payload.settings.promptTemplate ?? undefined,
    knownFactsLimit: payload.settings.knownFactsLimit,
    timeoutMs: env.SIFT_LLM_TIMEOUT_MS,
    maxRetries: 2,
    // One per provider in the process: every chunk of every run shares its bound and its pauses after a 429.
    limiter: providerLimiter(limiterKey(env, resolved), env.SIFT_LLM_CONCURRENCY),
    runBudgetMs: env.SIFT_LLM_RUN_BUDGET_MS,
    ...(onRateLimitWait ? { onRateLimitWait } : {}),
  });
}

function noModel(prefix = "No model is configured: "): AppError {
  return new AppError("CONFIG", `${prefix}set SIFT_LLM_MODEL and SIFT_LLM_BASE_URL, or an API key.`);
}

/**
 * The matcher's model stages: each only when configured, and each degrades to the lexical verdict. `offThread`
 * (a server's runs) sends the lexical stage to the matcher thread, as the offline extractor goes to its own.
 */
export function buildMatcherModels({
  env,
  meter,
  offThread = false,
}: {
  env: Env;
  meter?: UsageMeter;
  offThread?: boolean;
}): {
  embed?: ModelEmbedder;
  judge?: Judge;
  scorer?: PairScorer;
} {
  const embed = resolveEmbedder(env, meter);
  const judge = resolveJudge(env, meter);
  return {
    ...(embed ? { embed } : {}),
    ...(judge ? { judge } : {}),
    ...(offThread ? { scorer: createThreadedPairScorer() } : {}),
  };
}
