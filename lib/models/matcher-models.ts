import "server-only";
import { log } from "@/lib/log";
import { createOpenAI } from "@ai-sdk/openai";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import {
  APICallError,
  embedMany,
  generateText,
  NoObjectGeneratedError,
  Output,
  RetryError,
  type EmbeddingModel,
  type LanguageModel,
} from "ai";
import { z } from "zod";
import type { Env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { fromSdkUsage } from "@/lib/extraction/llm/usage";
import { estimateTokens } from "@/lib/extraction/usage";
import { providerLimiter } from "@/lib/extraction/llm/rate-limit";
import { limitedModel } from "@/lib/extraction/llm/request";
import { limiterKey, resolveLanguageModel } from "@/lib/models/language-model";
import type { UsageMeter } from "@/lib/models/usage-meter";
import type { Embedder, Judge } from "@/lib/matcher";

/**
 * The optional model-backed stages of the matcher's cascade: embeddings when an embedding model is
 * configured, an LLM judgment for the ambiguous middle band when a chat model is. Both degrade to the
 * lexical result when the model fails, so a provider outage never fails an extraction run. Given a meter (one
 * per run, lib/models/usage-meter.ts), each call's tokens go into the run's: what the provider reported, or for
 * a call it billed without reporting (a timeout, a broken body) an estimate, marked as one.
 */

function embeddingModel(env: Env): EmbeddingModel | null {
  const id = env.SIFT_EMBEDDING_MODEL;
  if (!id) return null;
  if (env.SIFT_LLM_BASE_URL) {
    const apiKey = env.SIFT_LLM_API_KEY ?? env.OPENAI_API_KEY;
    return createOpenAICompatible({
      name: "embeddings",
      baseURL: env.SIFT_LLM_BASE_URL,
      ...(apiKey ? { apiKey } : {}),
    }).embeddingModel(id);
  }
  const apiKey = env.SIFT_LLM_API_KEY ?? env.OPENAI_API_KEY;
  if (!apiKey || env.SIFT_LLM_PROVIDER === "anthropic") {
    throw new AppError(
      "CONFIG",
      "SIFT_EMBEDDING_MODEL is set, but embeddings need an OpenAI key (OPENAI_API_KEY) " +
        "or an OpenAI-compatible SIFT_LLM_BASE_URL.",
    );
  }
  return createOpenAI({ apiKey }).embedding(id);
}

/** An embedder that names its model: stored vectors are keyed by it, so a model change re-embeds. */
export type ModelEmbedder = Embedder & { modelId: string };

export function resolveEmbedder(env: Env, meter?: UsageMeter): ModelEmbedder | undefined {
  const model = embeddingModel(env);
  return model
    ? createEmbedder({ model, modelId: env.SIFT_EMBEDDING_MODEL, timeoutMs: env.SIFT_LLM_TIMEOUT_MS, meter })
    : undefined;
}

export function createEmbedder({
  model,
  modelId,
  timeoutMs,
  meter,
}: {
  model: EmbeddingModel;
  /** Defaults to the model's own id. */
  modelId?: string;
  timeoutMs: number;
  meter?: UsageMeter;
}): ModelEmbedder {
  const embed: Embedder = async (values) => {
    const signal = AbortSignal.timeout(timeoutMs);
    try {
      const { embeddings, usage } = await embedMany({ model, values, maxRetries: 2, abortSignal: signal });
      // A provider that reports no usage is counted as if it had: the inputs, estimated.
      const reported = usage.tokens > 0;
      meter?.add({
        inputTokens: 0,
        outputTokens: 0,
        embeddingTokens: reported ? usage.tokens : estimateTokens(values.join(" ")),
        ...(reported ? {} : { estimated: true }),
      });
      return { embeddings };
    } catch (error) {
      if (billedWithoutUsage(error, signal)) {
        meter?.add({
          inputTokens: 0,
          outputTokens: 0,
          embeddingTokens: estimateTokens(values.join(" ")),
          estimated: true,
        });
      }
      log.warn({ err: error }, "embedding model failed; matching on words only for this batch");
      return { embeddings: [] };
    }
  };
  return Object.assign(embed, { modelId: modelId ?? (typeof model === "string" ? model : model.modelId) });
}

const JudgmentSchema = z.object({
  verdict: z
    .enum(["duplicate", "related", "contradicts", "new"])
    .describe("duplicate: same claim; contradicts: cannot both be true; related: same topic; new: unrelated"),
  reason: z.string().max(300).describe("One short sentence naming what is the same or what differs"),
});

// A backslash at the end of a line joins the next line to it.
export const JUDGE_PROMPT = `Compare two statements from a team's fact base.
- "duplicate" only if they make the same claim; any different number, date, name, negation or qualifier \
is NOT a duplicate.
- "contradicts" if both cannot be true at once (e.g. different deadlines for the same thing).
- "related" if they are about the same subject but say different things.
- "new" if they are unrelated.`;

/** A verdict and a 300-character reason, in JSON: room enough, and the bound a timed-out call is estimated at. */
const JUDGE_MAX_OUTPUT_TOKENS = 200;

export function resolveJudge(env: Env, meter?: UsageMeter): Judge | undefined {
  const resolved = resolveLanguageModel(env);
  if (!resolved) return undefined;
  // The judge's requests count against the provider's limit as the extractor's do: through the same limiter.
  const limiter = providerLimiter(limiterKey(env, resolved), env.SIFT_LLM_CONCURRENCY);
  return createJudge({
    model: limitedModel(resolved.model, limiter, env.SIFT_LLM_TIMEOUT_MS),
    timeoutMs: env.SIFT_LLM_TIMEOUT_MS,
    meter,
  });
}

export function createJudge({
  model,
  timeoutMs,
  meter,
}: {
  model: LanguageModel;
  timeoutMs: number;
  meter?: UsageMeter;
}): Judge {
  return async (a, b) => {
    const prompt = `Statement A: ${a}\nStatement B: ${b}`;
    const signal = AbortSignal.timeout(timeoutMs);
    try {
      const { output, usage } = await generateText({
        model,
        system: JUDGE_PROMPT,
        prompt,
        output: Output.object({ schema: JudgmentSchema }),
        maxRetries: 2,
        maxOutputTokens: JUDGE_MAX_OUTPUT_TOKENS,
        abortSignal: signal,
      });
      meter?.add(fromSdkUsage(usage));
      return { verdict: output.verdict, reason: `LLM: ${output.reason}` };
    } catch (error) {
      if (NoObjectGeneratedError.isInstance(error) && error.usage) meter?.add(fromSdkUsage(error.usage));
      else if (billedWithoutUsage(error, signal)) {
        meter?.add({
          inputTokens: estimateTokens(`${JUDGE_PROMPT}\n${prompt}`),
          outputTokens: JUDGE_MAX_OUTPUT_TOKENS,
          estimated: true,
        });
      }
      log.warn({ err: error }, "LLM judge failed; keeping the lexical verdict");
      return null;
    }
  };
}

/** A call the provider may have billed but never reported on: it timed out, or a 2xx body broke off. */
function billedWithoutUsage(error: unknown, signal: AbortSignal): boolean {
  if (signal.aborted) return true;
  const cause = RetryError.isInstance(error) ? error.lastError : error;
  const status = APICallError.isInstance(cause) ? cause.statusCode : undefined;
  return status !== undefined && status >= 200 && status < 300;
}
