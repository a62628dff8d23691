import { describe, expect, it } from "vitest";
import { createOfflineExtractor } from "@/lib/extraction/offline";
import { getPresetKinds } from "@/lib/extraction/kinds";
import { smallTalkScore } from "@/lib/extraction/offline/small-talk";
import { parseSource } from "@/lib/sources/parse";

async function extract(lines: string[], preset: "meeting" | "personal" = "meeting") {
  const text = `${lines.join("\n")}\n`;
  const src = parseSource({ filename: "m.txt", bytes: Buffer.from(text), maxBytes: 1e6 });
  const input = { text: src.text, segments: src.segments, kinds: getPresetKinds(preset) };
  return createOfflineExtractor().extractChunk(input, { index: 0, start: 0, end: text.length, segments: src.segments });
}

describe("small talk at a work meeting", () => {
  it("ranks under the floor and is counted there, while the work facts around it stay", async () => {
    const result = await extract([
      "Ann: My dog howls at the mail truck every single morning.",
      "Bo: Apparently it is supposed to be twenty-five degrees this weekend.",
      "Ann: We decided to drop the Android beta.",
      "Bo: The security review must finish before the launch in March.",
    ]);
    const quotes = result.facts.map((f) => f.quote);
    expect(quotes.join(" ")).toContain("drop the Android beta");
    expect(quotes.join(" ")).toContain("security review must finish");
    expect(quotes.join(" ")).not.toMatch(/mail truck|degrees/);
    expect(result.belowFloor?.count).toBeGreaterThanOrEqual(2);
  });

  it("keeps a clause about lunch or a trip that carries an amount or a date: that is content", async () => {
    expect(smallTalkScore("The caterer charges $400 for the launch lunch.")).toBe(0);
    expect(smallTalkScore("Priya books the trip to Berlin by Friday.")).toBe(0);
    expect(smallTalkScore("The retro snacks cost 300 dollars a month.")).toBe(0);
    expect(smallTalkScore("My basement's got a puddle in it.")).toBe(1);
    const result = await extract(["Ann: The caterer charges $400 for the launch lunch, we decided."]);
    expect(result.facts.map((f) => f.quote).join(" ")).toContain("$400");
  });

  it("does not count work words that sound like small talk", () => {
    expect(smallTalkScore("We got a connection storm against the pooler.")).toBe(0);
    expect(smallTalkScore("The canary only gets two percent of traffic.")).toBe(0);
    expect(smallTalkScore("Add it as pipeline, not forecast.")).toBe(0);
  });

  it("leaves chat alone: in a personal conversation family and trips are the facts", async () => {
    const result = await extract(
      ["Mel: My daughter graduated from high school last weekend.", "Caro: That is wonderful news!"],
      "personal",
    );
    expect(result.facts.map((f) => f.quote).join(" ")).toContain("daughter graduated");
  });
});
