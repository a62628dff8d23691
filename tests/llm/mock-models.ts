import { APICallError } from "ai";
import { MockLanguageModelV3 } from "ai/test";

/** Test doubles for the LLM extractor: a scripted model and the errors providers throw. */

export type GenerateResult = Awaited<ReturnType<MockLanguageModelV3["doGenerate"]>>;
export type CallOptions = Parameters<MockLanguageModelV3["doGenerate"]>[0];

export function textResult(text: string, inputTokens = 100, outputTokens = 20): GenerateResult {
  return {
    content: [{ type: "text", text }],
    finishReason: { unified: "stop", raw: "stop" },
    usage: {
      inputTokens: { total: inputTokens, noCache: inputTokens, cacheRead: undefined, cacheWrite: undefined },
      outputTokens: { total: outputTokens, text: outputTokens, reasoning: undefined },
    },
    warnings: [],
  };
}

export function factsResult(facts: unknown[], inputTokens = 100, outputTokens = 20): GenerateResult {
  return textResult(JSON.stringify({ facts }), inputTokens, outputTokens);
}

export function fact(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    content: "Dana decided to ship on Friday.",
    kind: "decision",
    confidence: 0.9,
    importance: 0.7,
    temporal: "past",
    speaker: "Dana",
    quote: "we ship on Friday",
    ...overrides,
  };
}

export function apiError(statusCode: number | undefined, headers: Record<string, string> = {}): APICallError {
  return new APICallError({
    message: statusCode ? `HTTP ${statusCode} from provider: secret internals` : "Cannot connect to API: ECONNREFUSED",
    url: "https://api.example.test/v1/chat/completions",
    requestBodyValues: {},
    ...(statusCode !== undefined ? { statusCode } : {}),
    responseHeaders: headers,
    responseBody: '{"error":{"message":"internal detail sk-live-SECRET"}}',
    isRetryable: statusCode === undefined || statusCode === 429 || statusCode >= 500,
  });
}

type Step = GenerateResult | Error | ((options: CallOptions) => Promise<GenerateResult>);

/** A model that plays `steps` in order (the last one repeats); each call is recorded in doGenerateCalls. */
export function scriptedModel(steps: Step[]): MockLanguageModelV3 {
  let call = 0;
  return new MockLanguageModelV3({
    modelId: "mock-model",
    doGenerate: async (options) => {
      const step = steps[Math.min(call++, steps.length - 1)]!;
      if (step instanceof Error) throw step;
      if (typeof step === "function") return step(options);
      return step;
    },
  });
}

/** A model call that only ends when its abort signal fires, like a provider that never answers. */
export function hangingStep(): (options: CallOptions) => Promise<GenerateResult> {
  return (options) =>
    new Promise((_, reject) => {
      const signal = options.abortSignal;
      if (!signal) return;
      if (signal.aborted) return reject(signal.reason);
      signal.addEventListener("abort", () => reject(signal.reason), { once: true });
    });
}

/**
 * Concatenated text of the system and user messages a call received, and the conversation itself: the inside
 * of the extraction request's <source_text id="…"> tag (lib/extraction/llm/prompt.ts renderUserMessage).
 */
export function promptText(options: CallOptions): { system: string; user: string; source: string } {
  let system = "";
  let user = "";
  for (const message of options.prompt) {
    if (message.role === "system") system += message.content;
    if (message.role === "user") {
      for (const part of message.content) if (part.type === "text") user += part.text;
    }
  }
  const tagged = /<source_text id="([0-9a-f]+)">\n([\s\S]*?)\n<\/source_text id="\1">/.exec(user);
  return { system, user, source: tagged ? tagged[2]! : user };
}
