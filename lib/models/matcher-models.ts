import "server-only";
import { log } from "@/lib/log";
import { createOpenAI } from "@ai-sdk/openai";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { embedMany, generateText, Output, type EmbeddingModel, type LanguageModel } from "ai";
import { z } from "zod";
import type { Env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { resolveLanguageModel } from "@/lib/models/language-model";
import type { Embedder, Judge } from "@/lib/matcher";

/**
 * The optional model-backed stages of the matcher's cascade: embeddings when an embedding model is
 * configured, an LLM judgment for the ambiguous middle band when a chat model is. Both degrade to the
 * lexical result when the model fails, so a provider outage never fails an extraction run.
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

export function resolveEmbedder(env: Env): ModelEmbedder | undefined {
  const model = embeddingModel(env);
  return model
    ? createEmbedder({ model, modelId: env.SIFT_EMBEDDING_MODEL, timeoutMs: env.SIFT_LLM_TIMEOUT_MS })
    : undefined;
}

export function createEmbedder({
  model,
  modelId,
  timeoutMs,
}: {
  model: EmbeddingModel;
  /** Defaults to the model's own id. */
  modelId?: string;
  timeoutMs: number;
}): ModelEmbedder {
  const embed: Embedder = async (values) => {
    try {
      const { embeddings } = await embedMany({
        model,
        values,
        maxRetries: 2,
        abortSignal: AbortSignal.timeout(timeoutMs),
      });
      return { embeddings };
    } catch (error) {
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

export function resolveJudge(env: Env): Judge | undefined {
  const resolved = resolveLanguageModel(env);
  return resolved ? createJudge({ model: resolved.model, timeoutMs: env.SIFT_LLM_TIMEOUT_MS }) : undefined;
}

export function createJudge({ model, timeoutMs }: { model: LanguageModel; timeoutMs: number }): Judge {
  return async (a, b) => {
    try {
      const { output } = await generateText({
        model,
        system: JUDGE_PROMPT,
        prompt: `Statement A: ${a}\nStatement B: ${b}`,
        output: Output.object({ schema: JudgmentSchema }),
        maxRetries: 2,
        abortSignal: AbortSignal.timeout(timeoutMs),
      });
      return { verdict: output.verdict, reason: `LLM: ${output.reason}` };
    } catch (error) {
      log.warn({ err: error }, "LLM judge failed; keeping the lexical verdict");
      return null;
    }
  };
}
