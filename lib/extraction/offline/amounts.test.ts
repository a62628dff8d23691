import { describe, expect, it } from "vitest";
import { createOfflineExtractor } from "@/lib/extraction/offline";
import { getPresetKinds } from "@/lib/extraction/kinds";
import { parseSource } from "@/lib/sources/parse";

async function contents(lines: string[], preset: "meeting" | "personal") {
  const text = `${lines.join("\n")}\n`;
  const src = parseSource({ filename: "m.txt", bytes: Buffer.from(text), maxBytes: 1e6 });
  const input = { text: src.text, segments: src.segments, kinds: getPresetKinds(preset) };
  const chunk = { index: 0, start: 0, end: text.length, segments: src.segments };
  return (await createOfflineExtractor().extractChunk(input, chunk)).facts.map((f) => f.content);
}

describe("amounts and dates are content at a meeting", () => {
  it("keeps a short clause that states a price, a figure or a date", async () => {
    const found = await contents(
      [
        "Ann: The price is $49.",
        "Bo: Launch is October 22nd.",
        "Ann: Tooling is $58,000.",
        "Bo: Freeze starts Monday.",
      ],
      "meeting",
    );
    expect(found).toEqual([
      "The price is $49.",
      "Launch is October 22nd.",
      "Tooling is $58,000.",
      "Freeze starts Monday.",
    ]);
  });

  it("still leaves out a short clause with no amount and no cue", async () => {
    expect(await contents(["Ann: The price is fine.", "Bo: Launch is soon."], "meeting")).toEqual([]);
  });
});
