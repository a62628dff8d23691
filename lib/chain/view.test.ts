import { describe, expect, it } from "vitest";
import { planChunks } from "@/lib/chain/chunk";
import { buildRunPayload } from "@/lib/chain/payload";
import { extractorInput, viewSource } from "@/lib/chain/view";
import { DEFAULT_SETTINGS } from "@/lib/settings/schema";
import { parseSource } from "@/lib/sources/parse";

const chat = JSON.stringify([
  { speaker: "Ann", text: "We decided to drop the <b>beta</b>." },
  { speaker: "Bo", text: "I will write the guide by Friday." },
]);

describe("the view and chunk stages", () => {
  it("read a chat as Speaker: text lines, and plain text as stored", () => {
    const parsed = parseSource({ filename: "chat.json", bytes: Buffer.from(chat), maxBytes: 1_000_000 });
    const viewed = viewSource(parsed);
    expect(viewed.mapped).toBe(true);
    expect(viewed.view.text.split("\n")[0]).toMatch(/^Ann: We decided to drop the/);
    expect(viewSource({ text: "Ann: hi", segments: [] })).toMatchObject({ mapped: false, stored: "Ann: hi" });
  });

  it("hand the extractor the view with what the payload says, and leave out the chunks already saved", () => {
    const text = Array.from(
      { length: 8 },
      (_, i) => `Speaker${i}: Sentence number ${i} says something long enough.`,
    ).join("\n");
    const viewed = viewSource(parseSource({ text, maxBytes: 1_000_000 }));
    const payload = buildRunPayload({
      source: { origin: "paste", contextHints: "billing", meetingDate: "2026-11-30" },
      extractor: { mode: "offline", modelId: null },
      settings: DEFAULT_SETTINGS,
      knownFacts: ["Ann owns the launch."],
      chunkTokens: 20,
    });
    expect(extractorInput(viewed, payload)).toMatchObject({
      text,
      contextHints: "billing",
      sourceDate: "2026-11-30",
      knownFacts: ["Ann owns the launch."],
    });
    const all = planChunks({ viewed, tokenBudget: payload.chunkTokens });
    const resumed = planChunks({ viewed, tokenBudget: payload.chunkTokens, skip: new Set([0, 2]) });
    expect(all.total).toBeGreaterThan(3);
    expect(resumed.total).toBe(all.total);
    expect(resumed.chunks.map((c) => c.index)).toEqual(
      all.chunks.map((c) => c.index).filter((i) => i !== 0 && i !== 2),
    );
  });
});
