import "server-only";
import { createHash } from "node:crypto";
import { createAnthropic } from "@ai-sdk/anthropic";
import { createOpenAI } from "@ai-sdk/openai";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import type { LanguageModel } from "ai";
import type { Env } from "@/lib/env";
import { AppError } from "@/lib/errors";

/**
 * Picks the model from the environment. No LLM variables at all means "use the offline extractor"
 * (null); a half-configured LLM is an error rather than a silent fallback, so a typo never turns
 * into a quietly worse extraction.
 */

export type LlmProvider = "openai" | "anthropic" | "openai-compatible";

export const DEFAULT_MODELS: Record<Exclude<LlmProvider, "openai-compatible">, string> = {
  openai: "gpt-4.1-mini",
  anthropic: "claude-haiku-4-5",
};

export type LlmEnv = Pick<
  Env,
  | "SIFT_LLM_PROVIDER"
  | "SIFT_LLM_MODEL"
  | "SIFT_LLM_BASE_URL"
  | "SIFT_LLM_API_KEY"
  | "OPENAI_API_KEY"
  | "ANTHROPIC_API_KEY"
>;

export interface ResolvedModel {
  model: LanguageModel;
  /** "<provider>:<model>", recorded on extraction runs for provenance. */
  modelId: string;
  provider: LlmProvider;
}

export function resolveLanguageModel(env: LlmEnv): ResolvedModel | null {
  const provider = env.SIFT_LLM_PROVIDER ?? inferProvider(env);
  if (provider === null) {
    if (env.SIFT_LLM_MODEL) {
      throw new AppError(
        "CONFIG",
        "SIFT_LLM_MODEL is set but there is no API key (SIFT_LLM_API_KEY, OPENAI_API_KEY or ANTHROPIC_API_KEY) " +
          "and no SIFT_LLM_BASE_URL. Set one of them, or unset SIFT_LLM_MODEL to use the offline extractor.",
      );
    }
    return null;
  }
  if (env.SIFT_LLM_BASE_URL && !env.SIFT_LLM_MODEL) {
    throw new AppError(
      "CONFIG",
      "SIFT_LLM_BASE_URL is set but SIFT_LLM_MODEL is not: name the model to use at that endpoint.",
    );
  }

  switch (provider) {
    case "openai": {
      const apiKey = env.SIFT_LLM_API_KEY ?? env.OPENAI_API_KEY;
      if (!apiKey) throw missingKey("openai", "OPENAI_API_KEY");
      const modelName = env.SIFT_LLM_MODEL ?? DEFAULT_MODELS.openai;
      const openai = createOpenAI({ apiKey, ...(env.SIFT_LLM_BASE_URL ? { baseURL: env.SIFT_LLM_BASE_URL } : {}) });
      // OpenAI's own API gets the Responses API; a proxy at a custom URL most likely speaks only Chat Completions.
      const model = env.SIFT_LLM_BASE_URL ? openai.chat(modelName) : openai(modelName);
      return { model, modelId: `openai:${modelName}`, provider };
    }
    case "anthropic": {
      const apiKey = env.SIFT_LLM_API_KEY ?? env.ANTHROPIC_API_KEY;
      if (!apiKey) throw missingKey("anthropic", "ANTHROPIC_API_KEY");
      const modelName = env.SIFT_LLM_MODEL ?? DEFAULT_MODELS.anthropic;
      const anthropic = createAnthropic({
        apiKey,
        ...(env.SIFT_LLM_BASE_URL ? { baseURL: env.SIFT_LLM_BASE_URL } : {}),
      });
      return { model: anthropic(modelName), modelId: `anthropic:${modelName}`, provider };
    }
    case "openai-compatible": {
      if (!env.SIFT_LLM_BASE_URL) {
        throw new AppError(
          "CONFIG",
          "SIFT_LLM_PROVIDER=openai-compatible needs SIFT_LLM_BASE_URL (e.g. http://localhost:11434/v1).",
        );
      }
      const modelName = env.SIFT_LLM_MODEL;
      if (!modelName) throw new AppError("CONFIG", "SIFT_LLM_PROVIDER=openai-compatible needs SIFT_LLM_MODEL.");
      const apiKey = env.SIFT_LLM_API_KEY ?? env.OPENAI_API_KEY;
      const compatible = createOpenAICompatible({
        name: "openai-compatible",
        baseURL: env.SIFT_LLM_BASE_URL,
        ...(apiKey ? { apiKey } : {}),
        // Without this the provider sends response_format {type:"json_object"} and drops the schema.
        // Ollama, vLLM, llama.cpp and LM Studio accept json_schema; the prompt also spells out the shape.
        supportsStructuredOutputs: true,
        includeUsage: true,
      });
      return { model: compatible.chatModel(modelName), modelId: `openai-compatible:${modelName}`, provider };
    }
  }
}

function inferProvider(env: LlmEnv): LlmProvider | null {
  if (env.SIFT_LLM_BASE_URL) return "openai-compatible";
  if (env.SIFT_LLM_API_KEY) return env.SIFT_LLM_API_KEY.startsWith("sk-ant-") ? "anthropic" : "openai";
  if (env.OPENAI_API_KEY) return "openai";
  if (env.ANTHROPIC_API_KEY) return "anthropic";
  return null;
}

function missingKey(provider: string, variable: string): AppError {
  return new AppError("CONFIG", `SIFT_LLM_PROVIDER=${provider} needs an API key: set SIFT_LLM_API_KEY or ${variable}.`);
}

/**
 * What a provider's limits are counted by: its endpoint, the model and the key (hashed: the key itself is never
 * kept). Two runs with the same three share one limiter; another key or model is another account's limit.
 */
export function limiterKey(env: Env, resolved: ResolvedModel): string {
  const key = env.SIFT_LLM_API_KEY ?? (resolved.provider === "anthropic" ? env.ANTHROPIC_API_KEY : env.OPENAI_API_KEY);
  const keyHash = key ? createHash("sha256").update(key).digest("hex").slice(0, 12) : "nokey";
  return [resolved.provider, env.SIFT_LLM_BASE_URL ?? "default", resolved.modelId, keyHash].join("|");
}
