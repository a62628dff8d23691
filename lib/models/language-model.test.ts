import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { parseEnv } from "@/lib/env";
import { resolveLanguageModel } from "@/lib/models/language-model";

const env = (vars: Record<string, string>) => parseEnv(vars);

function configError(vars: Record<string, string>): string {
  try {
    resolveLanguageModel(env(vars));
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe("CONFIG");
    return (error as AppError).message;
  }
  return expect.fail("expected a CONFIG error");
}

describe("resolveLanguageModel", () => {
  it("returns null when no LLM variable is set, so the offline extractor is used", () => {
    expect(resolveLanguageModel(env({}))).toBeNull();
  });

  it("infers the provider from the key that is present", () => {
    expect(resolveLanguageModel(env({ OPENAI_API_KEY: "sk-a" }))).toMatchObject({
      provider: "openai",
      modelId: "openai:gpt-4.1-mini",
    });
    expect(resolveLanguageModel(env({ ANTHROPIC_API_KEY: "k" }))).toMatchObject({
      provider: "anthropic",
      modelId: "anthropic:claude-haiku-4-5",
    });
    expect(resolveLanguageModel(env({ SIFT_LLM_API_KEY: "sk-ant-x" }))?.provider).toBe("anthropic");
    expect(resolveLanguageModel(env({ SIFT_LLM_API_KEY: "sk-x", SIFT_LLM_MODEL: "gpt-4o" }))?.modelId).toBe(
      "openai:gpt-4o",
    );
  });

  it("infers openai-compatible from a base URL, which needs no key", () => {
    const resolved = resolveLanguageModel(
      env({ SIFT_LLM_BASE_URL: "http://localhost:11434/v1", SIFT_LLM_MODEL: "llama3.1" }),
    );
    expect(resolved).toMatchObject({ provider: "openai-compatible", modelId: "openai-compatible:llama3.1" });
    expect(typeof resolved?.model).toBe("object");
  });

  it("rejects half configurations with messages naming the variables", () => {
    expect(configError({ SIFT_LLM_BASE_URL: "http://localhost:11434/v1" })).toMatch(
      /SIFT_LLM_BASE_URL is set but SIFT_LLM_MODEL is not/,
    );
    expect(configError({ SIFT_LLM_PROVIDER: "openai" })).toMatch(/SIFT_LLM_API_KEY or OPENAI_API_KEY/);
    expect(configError({ SIFT_LLM_PROVIDER: "anthropic", OPENAI_API_KEY: "sk-a" })).toMatch(/ANTHROPIC_API_KEY/);
    expect(configError({ SIFT_LLM_PROVIDER: "openai-compatible", SIFT_LLM_MODEL: "m" })).toMatch(
      /needs SIFT_LLM_BASE_URL/,
    );
    expect(configError({ SIFT_LLM_MODEL: "gpt-4o" })).toMatch(/no API key/);
  });

  it("never puts the API key in an error message", () => {
    expect(
      configError({
        SIFT_LLM_PROVIDER: "anthropic",
        SIFT_LLM_BASE_URL: "http://x.test",
        SIFT_LLM_API_KEY: "sk-ant-SECRET",
      }),
    ).not.toContain("SECRET");
  });
});
