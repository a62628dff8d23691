import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { Output, streamText } from "ai";
import { afterEach, describe, expect, it, vi } from "vitest";
import { parseEnv } from "@/lib/env";
import { getPresetKinds } from "@/lib/extraction/kinds";
import { createLlmExtractor } from "@/lib/extraction/llm/extractor";
import { factsOutputSchema } from "@/lib/extraction/llm/output";
import { resolveLanguageModel } from "@/lib/models/language-model";
import { proposeCandidates } from "@/tests/chain/propose";
import type { ExtractionInput } from "@/lib/extraction/types";
import { FABRICATED_QUOTE, startFakeOpenAI, type FakeOpenAI, type FakeOpenAIOptions } from "@/tests/fake-openai-server";
import { transcriptOf } from "@/tests/transcript";

/** The real @ai-sdk/openai-compatible provider over HTTP against the local fake server. */

const API_KEY = "sk-test-DO-NOT-LEAK";
let fake: FakeOpenAI | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function setup(
  options: FakeOpenAIOptions = {},
  extractorOptions: { timeoutMs?: number; maxRetries?: number } = {},
) {
  fake = await startFakeOpenAI({ apiKey: API_KEY, ...options });
  const resolved = resolveLanguageModel(
    parseEnv({ SIFT_LLM_BASE_URL: fake.url, SIFT_LLM_MODEL: "fake-model", SIFT_LLM_API_KEY: API_KEY }),
  )!;
  const extractor = createLlmExtractor({
    model: resolved.model,
    modelId: resolved.modelId,
    timeoutMs: extractorOptions.timeoutMs ?? 10_000,
    maxRetries: extractorOptions.maxRetries ?? 2,
  });
  return { fake, extractor, resolved };
}

function transcript(turns: [string, string][]): ExtractionInput {
  return { ...transcriptOf(turns), kinds: getPresetKinds("meeting"), sourceDate: "2024-05-06" };
}

const meeting = transcript([
  ["Ann", "Good morning everyone, thanks for joining."],
  ["Bo", "After a long debate we decided to drop the Android beta."],
  ["Cy", "The security review must finish before launch."],
  ["Ann", "Lee will draft the customer email by Thursday."],
  ["Bo", "Sounds good. [[FABRICATE]]"],
]);

describe("LLM extraction over HTTP (openai-compatible → fake server)", () => {
  it("produces grounded candidates, flags a fabricated quote and reports token usage", async () => {
    const { fake, extractor } = await setup();
    const result = await proposeCandidates({ extractor, input: meeting, tokenBudget: 30, concurrency: 2 });

    expect(result.status).toBe("succeeded");
    expect(result.chunks.length).toBeGreaterThan(1);
    const supported = result.candidates.filter((c) => c.supported);
    expect(supported.map((c) => [c.kind, c.speaker, c.quote])).toEqual([
      ["decision", "Bo", "After a long debate we decided to drop the Android beta."],
      ["constraint", "Cy", "The security review must finish before launch."],
      ["action_item", "Ann", "Lee will draft the customer email by Thursday."],
    ]);
    for (const c of supported) expect(meeting.text.slice(c.start!, c.end!)).toBe(c.quote);
    expect(result.candidates.filter((c) => !c.supported).map((c) => c.quote)).toEqual([FABRICATED_QUOTE]);
    expect(result.usage.inputTokens).toBeGreaterThan(0);
    expect(result.usage.outputTokens).toBeGreaterThan(0);

    const request = fake.requests[0]!;
    expect(request.authorization).toBe(`Bearer ${API_KEY}`);
    expect(request.body.model).toBe("fake-model");
    expect(request.body.response_format?.type).toBe("json_schema");
    expect(JSON.stringify(request.body.response_format?.json_schema?.schema)).toContain(
      '"enum":["decision","constraint"',
    );
    expect(request.userMessage).toContain("<source_date>\n2024-05-06");
    expect(request.system).not.toContain("2024-05-06");
  });

  it("waits the Retry-After of a 429, then succeeds", async () => {
    const { fake, extractor } = await setup({
      respond: (req, n) => (n === 1 ? { status: 429, headers: { "retry-after-ms": "300" } } : { facts: [] }),
    });
    // The waits scheduled between the two requests, not how long they took: a loaded machine is slower.
    const scheduled = vi.spyOn(globalThis, "setTimeout");
    try {
      const result = await proposeCandidates({ extractor, input: meeting, tokenBudget: 1_000, concurrency: 1 });
      expect(result.status).toBe("succeeded");
      expect(result.chunks[0]!.attempts).toBe(2);
      expect(fake.requests).toHaveLength(2);
      const waits = scheduled.mock.calls.map(([, ms]) => ms);
      // The provider's 300 ms, read from the real response header, less the few ms already gone by the time the
      // next request waits for its slot (the pause is a deadline); the SDK's own first backoff is 2 s.
      expect(waits.filter((ms) => typeof ms === "number" && ms > 200 && ms <= 300)).not.toHaveLength(0);
      expect(waits).not.toContain(2_000);
    } finally {
      scheduled.mockRestore();
    }
  });

  it("retries a 500 twice and then succeeds", async () => {
    const { fake, extractor } = await setup({
      respond: (req, n) => (n <= 2 ? { status: 500, headers: { "retry-after-ms": "1" } } : { facts: [] }),
    });
    const result = await proposeCandidates({ extractor, input: meeting, tokenBudget: 1_000, concurrency: 1 });
    expect(result.status).toBe("succeeded");
    expect(result.chunks[0]!.attempts).toBe(3);
    expect(fake.requests).toHaveLength(3);
  });

  it("keeps other chunks when one keeps failing with 500 (partial)", async () => {
    const input = transcript([
      ["Ann", "We decided to hire two engineers."],
      ["Bo", "That chunk breaks. [[FAIL 500]]"],
      ["Cy", "Finance will approve it."],
    ]);
    const { extractor } = await setup({}, { maxRetries: 1 });
    const result = await proposeCandidates({ extractor, input, tokenBudget: 10, concurrency: 3 });
    expect(result.status).toBe("partial");
    expect(result.chunks.map((c) => c.status)).toEqual(["succeeded", "failed", "succeeded"]);
    expect(result.chunks[1]!.error).toBe("The model provider had a server error (HTTP 500) (after 2 attempts)");
    expect(result.candidates.map((c) => c.quote)).toEqual([
      "We decided to hire two engineers.",
      "Finance will approve it.",
    ]);
  });

  it("fails a chunk whose request never answers with 'timed out after N s', after one retry", async () => {
    const { fake, extractor } = await setup({}, { timeoutMs: 200, maxRetries: 2 });
    const result = await proposeCandidates({
      extractor,
      input: transcript([["Ann", "Hold on. [[HANG]]"]]),
      tokenBudget: 100,
      concurrency: 1,
    });
    expect(result.status).toBe("failed");
    expect(result.chunks[0]!.error).toBe("The model timed out after 0.2 s (after 2 attempts)");
    expect(fake.requests).toHaveLength(2);
  });

  it("stops a hanging request when the run is cancelled", async () => {
    const controller = new AbortController();
    const { extractor } = await setup({
      respond: () => {
        controller.abort();
        return { hang: true };
      },
    });
    const input = { ...transcript([["Ann", "We decided to wait."]]), signal: controller.signal };
    const result = await proposeCandidates({ extractor, input, tokenBudget: 100, concurrency: 1 });
    expect(result.status).toBe("failed");
    expect(result.chunks[0]).toMatchObject({ error: "Extraction was cancelled", attempts: 1 });
  });

  it("fails malformed JSON after one retry", async () => {
    const { fake, extractor } = await setup();
    const result = await proposeCandidates({
      extractor,
      input: transcript([["Ann", "Odd reply. [[MALFORMED]]"]]),
      tokenBudget: 100,
      concurrency: 1,
    });
    expect(result.chunks[0]!.error).toBe(
      "The model returned malformed JSON instead of the requested facts (after 2 attempts)",
    );
    expect(fake.requests).toHaveLength(2);
  });

  it("sends the parse error back with the bad reply when it asks again", async () => {
    const { fake, extractor } = await setup();
    await proposeCandidates({
      extractor,
      input: transcript([["Ann", "Odd reply. [[MALFORMED]]"]]),
      tokenBudget: 100,
      concurrency: 1,
    });
    const second = fake.requests[1]!.body.messages!;
    expect(second.map((m) => m.role)).toEqual(["system", "user", "assistant", "user"]);
    expect(JSON.stringify(second[2]!.content)).toContain("unterminated");
    expect(JSON.stringify(second[3]!.content)).toMatch(/could not be parsed as JSON \(.+\)/);
  });

  it.each(["PROSE", "PROSE_FENCE", "TRAILING_COMMA", "BARE_ARRAY", "SINGLE_OBJECT"])(
    "reads a reply packaged as %s in one request",
    async (mode) => {
      const { fake, extractor } = await setup();
      const input = transcript([
        ["Bo", "After a long debate we decided to drop the Android beta."],
        ["Cy", `The security review must finish before launch. [[${mode}]]`],
      ]);
      const result = await proposeCandidates({ extractor, input, tokenBudget: 200, concurrency: 1 });
      expect(result.status).toBe("succeeded");
      expect(result.candidates.map((c) => c.quote)).toEqual(
        mode === "SINGLE_OBJECT"
          ? ["After a long debate we decided to drop the Android beta."]
          : [
              "After a long debate we decided to drop the Android beta.",
              "The security review must finish before launch.",
            ],
      );
      expect(fake.requests).toHaveLength(1);
    },
  );

  it("names a reply cut off at its token limit and asks again in two halves", async () => {
    const { fake, extractor } = await setup();
    const input = transcript([
      ["Bo", "After a long debate we decided to drop the Android beta."],
      ["Cy", "The security review must finish before launch. [[CUTOFF]]"],
    ]);
    const result = await proposeCandidates({ extractor, input, tokenBudget: 200, concurrency: 1 });
    expect(result.status).toBe("succeeded");
    expect(result.candidates.map((c) => c.kind).sort()).toEqual(["constraint", "decision"]);
    expect(fake.requests).toHaveLength(3);
    expect(fake.requests[0]!.body.max_tokens).toBe(50 * 120 + 200);
  });

  it("fails a chunk whose reply can never fit as cut off", async () => {
    const { extractor } = await setup({
      respond: () => ({ cutoff: '{"facts": [{"content": "a' }),
    });
    const input = transcript([["Bo", "After a long debate we decided to drop the Android beta."]]);
    const result = await proposeCandidates({ extractor, input, tokenBudget: 200, concurrency: 1 });
    expect(result.chunks[0]!.error).toMatch(/^The model's reply was cut off at its token limit/);
  });

  it("calls a response body that breaks off a network error", async () => {
    const { extractor } = await setup({}, { maxRetries: 0 });
    const input = transcript([["Bo", "We decided to drop the Android beta. [[TRUNCATED]]"]]);
    const result = await proposeCandidates({ extractor, input, tokenBudget: 200, concurrency: 1 });
    expect(result.chunks[0]!.error).toMatch(/network error/);
  });

  it("reports a wrong API key without retrying or echoing the key", async () => {
    fake = await startFakeOpenAI({ apiKey: "the-right-key" });
    const resolved = resolveLanguageModel(
      parseEnv({ SIFT_LLM_BASE_URL: fake.url, SIFT_LLM_MODEL: "m", SIFT_LLM_API_KEY: API_KEY }),
    )!;
    const extractor = createLlmExtractor({
      model: resolved.model,
      modelId: resolved.modelId,
      timeoutMs: 5_000,
      maxRetries: 3,
    });
    const result = await proposeCandidates({ extractor, input: meeting, tokenBudget: 1_000, concurrency: 1 });
    expect(result.chunks[0]).toMatchObject({ status: "failed", attempts: 1 });
    expect(result.chunks[0]!.error).toMatch(/rejected the credentials \(HTTP 401\)/);
    expect(result.chunks[0]!.error).not.toContain(API_KEY);
  });

  it("serves the streaming form too", async () => {
    const { resolved } = await setup();
    const stream = streamText({
      model: resolved.model,
      system: "- decision: Decision. A settled choice.",
      prompt: "Ann: We decided to move the offsite to June.",
      output: Output.object({ schema: factsOutputSchema(["decision"]) }),
    });
    const output = await stream.output;
    expect(output.facts.map((f) => f.quote)).toEqual(["We decided to move the offsite to June."]);
    expect((await stream.usage).inputTokens).toBeGreaterThan(0);
  });

  it("runs standalone with tsx on the given port", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", "tests/fake-openai-server.ts", "--port", "0"], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    try {
      const line = await new Promise<string>((resolve, reject) => {
        createInterface({ input: child.stdout }).once("line", resolve);
        child.once("exit", (code) => reject(new Error(`exited with ${code}`)));
      });
      const url = /listening at (\S+)/.exec(line)![1]!;
      const models = (await (await fetch(`${url}/models`)).json()) as { data: { id: string }[] };
      expect(models.data[0]!.id).toBe("fake-model");
    } finally {
      child.kill("SIGTERM");
    }
  });
});
