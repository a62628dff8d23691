import { describe, expect, it } from "vitest";
import { parseEnv } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { buildExtractor, configuredModelId } from "@/lib/models";

const env = (vars: Record<string, string> = {}) => parseEnv(vars);
const openai = { OPENAI_API_KEY: "sk-a", SIFT_LLM_MODEL: "gpt-4o-mini" };

describe("buildExtractor", () => {
  it("is the offline extractor when no model is configured", () => {
    const choice = buildExtractor({ env: env() });
    expect(choice).toMatchObject({ mode: "offline", label: "Offline extractor (no model configured)" });
    expect(choice.extractor).toMatchObject({ name: "offline", modelId: null });
    expect(configuredModelId(env())).toBeNull();
  });

  it("is the LLM extractor, named after its model, when one is configured", () => {
    const choice = buildExtractor({ env: env(openai) });
    expect(choice).toMatchObject({ mode: "llm", label: "LLM extractor (openai:gpt-4o-mini)" });
    expect(choice.extractor).toMatchObject({ name: "llm", modelId: "openai:gpt-4o-mini", promptVersion: "extract-v3" });
    expect(configuredModelId(env(openai))).toBe("openai:gpt-4o-mini");
  });

  it("stamps a custom prompt template's own version on the extractor", () => {
    const choice = buildExtractor({
      env: env(openai),
      settings: { promptTemplate: "Extract facts.", knownFactsLimit: 4 },
    });
    expect(choice.extractor.promptVersion).toMatch(/^custom-[0-9a-f]{8}$/);
  });

  it("runs offline when asked to, even with a model configured (retrying an offline run)", () => {
    expect(buildExtractor({ env: env(openai), mode: "offline" }).extractor.name).toBe("offline");
  });

  it("refuses the LLM without a model, saying what to set", () => {
    expect(() => buildExtractor({ env: env(), mode: "llm" })).toThrow(AppError);
    expect(() => buildExtractor({ env: env(), mode: "llm" })).toThrow(/set SIFT_LLM_MODEL/);
  });
});
