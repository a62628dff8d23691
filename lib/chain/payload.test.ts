import { describe, expect, it } from "vitest";
import {
  buildRunPayload,
  completeLegacyPayload,
  EXAMPLES_POOL,
  extractorLabel,
  KNOWN_FACTS_POOL,
  StoredRunPayloadSchema,
} from "@/lib/chain/payload";
import { getPresetKinds } from "@/lib/extraction/kinds";
import { SettingsSchema } from "@/lib/settings/schema";

const settings = SettingsSchema.parse({
  customKinds: [{ id: "risk", label: "Risk", definition: "Something that may go wrong." }],
  thresholds: { duplicate: 0.8 },
  gates: { minConfidence: 0.6, autoApprove: { enabled: true, minConfidence: 0.95 } },
  knownFactsLimit: 2,
  promptTemplate: "Extract facts about {{kinds}}.",
});

const common = { settings, knownFacts: ["A", "B", "C"], chunkTokens: 1_500 };

describe("a run's payload", () => {
  it("copies what the run reads from the settings and the source, and survives the trip through JSON", () => {
    const payload = buildRunPayload({
      ...common,
      source: {
        origin: "upload",
        filename: "sync.vtt",
        mediaType: "text/vtt",
        contextHints: " billing ",
        meetingDate: "2026-11-30",
      },
      extractor: { mode: "llm", modelId: "openai:gpt-4o-mini" },
      preset: "custom",
    });
    expect(payload).toMatchObject({
      input: { kind: "file", filename: "sync.vtt", mediaType: "text/vtt" },
      extractor: { mode: "llm", modelId: "openai:gpt-4o-mini" },
      preset: "custom",
      kinds: [{ id: "risk" }],
      contextHints: "billing",
      meetingDate: "2026-11-30",
      // The pool: each chunk's prompt shows the knownFactsLimit most about it (lib/extraction/llm/relevance.ts).
      knownFacts: ["A", "B", "C"],
      examples: [],
      chunkTokens: 1_500,
      settings: { knownFactsLimit: 2, promptTemplate: "Extract facts about {{kinds}}." },
    });
    expect(payload.settings.thresholds.duplicate).toBe(0.8);
    expect(payload.settings.gates.autoApprove.enabled).toBe(true);
    expect(StoredRunPayloadSchema.parse(JSON.parse(JSON.stringify(payload)))).toEqual(payload);
  });

  it("keeps no known facts when the setting says none, and at most the pools of facts and examples", () => {
    const source = { origin: "paste" };
    const extractor = { mode: "llm" as const, modelId: "openai:gpt-4o-mini" };
    const none = buildRunPayload({ ...common, source, extractor, settings: { ...settings, knownFactsLimit: 0 } });
    expect(none.knownFacts).toEqual([]);
    const many = Array.from({ length: 500 }, (_, i) => `Fact ${i}`);
    const examples = many.map((content) => ({ content, kind: "decision", outcome: "rejected" as const, reason: null }));
    const full = buildRunPayload({ ...common, source, extractor, knownFacts: many, examples });
    expect(full.knownFacts).toHaveLength(KNOWN_FACTS_POOL);
    expect(full.examples).toHaveLength(EXAMPLES_POOL);
    expect(full.examples[0]).toEqual(examples[0]);
  });

  it("reads a payload stored before runs kept examples as one with none", () => {
    const stored = buildRunPayload({
      ...common,
      source: { origin: "paste" },
      extractor: { mode: "offline", modelId: null },
    });
    const { examples: _, ...before } = stored;
    expect(StoredRunPayloadSchema.parse(JSON.parse(JSON.stringify(before)))).toEqual({ ...before, examples: [] });
  });

  it("stores an agent's own facts as its input, and never lets them auto-approve", () => {
    const facts = [
      {
        content: "Ann owns the launch.",
        kind: "decision",
        confidence: 0.9,
        importance: 0.5,
        temporal: "present" as const,
        speaker: null,
      },
    ];
    const payload = buildRunPayload({
      ...common,
      source: { origin: "agent" },
      agentFacts: facts,
      extractor: { mode: "offline", modelId: null },
    });
    expect(payload.input).toEqual({ kind: "agent_facts", facts });
    expect(payload.extractor).toEqual({ mode: "agent", modelId: null });
    expect(payload.settings.gates.autoApprove.enabled).toBe(false);
    expect(extractorLabel(payload)).toBe("Proposed by an agent");
  });

  it("completes a run made before payloads from today's settings, as such a run always read them", () => {
    const legacy = StoredRunPayloadSchema.parse({ version: 0, extractor: "llm", preset: "personal" });
    if (legacy.version !== 0) throw new Error("expected a legacy payload");
    const payload = completeLegacyPayload(legacy, {
      ...common,
      source: { origin: "paste" },
      configuredModelId: "openai:gpt-4o-mini",
    });
    expect(payload).toMatchObject({
      version: 1,
      input: { kind: "paste" },
      extractor: { mode: "llm", modelId: "openai:gpt-4o-mini" },
      preset: "personal",
      kinds: getPresetKinds("personal"),
    });
    const unnamed = completeLegacyPayload(
      { version: 0, extractor: "offline", preset: null },
      { ...common, source: { origin: "paste" }, configuredModelId: null },
    );
    expect(unnamed.preset).toBe(settings.defaultPreset);
    expect(extractorLabel(unnamed)).toBe("Offline extractor (no model configured)");
  });
});
