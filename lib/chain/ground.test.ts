import { describe, expect, it } from "vitest";
import type { ExtractedChunk } from "@/lib/chain/extract";
import { groundChunk } from "@/lib/chain/ground";
import { viewSource } from "@/lib/chain/view";
import type { ExtractedFact } from "@/lib/extraction/schema";
import { parseSource } from "@/lib/sources/parse";

const f = (quote: string, extra: Partial<ExtractedFact> = {}): ExtractedFact => ({
  content: quote,
  kind: "decision",
  confidence: 0.8,
  importance: 0.5,
  temporal: "past",
  speaker: null,
  quote,
  ...extra,
});

function extracted(facts: ExtractedFact[], chunk: { start: number; end: number }, spans = []): ExtractedChunk {
  return {
    chunk: { index: 0, ...chunk, segments: [] },
    facts,
    spans,
    outcome: {
      index: 0,
      status: "succeeded",
      factCount: facts.length,
      attempts: 1,
      ms: 0,
      usage: { inputTokens: 0, outputTokens: 0 },
      refused: [],
    },
  };
}

describe("the ground stage", () => {
  const text = "Ann: We decided to ship the beta.\n\nBo: Fine.\n\nDi: We decided to ship the beta.";
  const viewed = viewSource({ text, segments: [] });

  it("finds a quote said twice in the chunk it came from, and marks an invented one unsupported", () => {
    const later = text.lastIndexOf("Di:");
    const { candidates } = groundChunk(
      extracted([f("We decided to ship the beta"), f("The board approved a moon base budget today.")], {
        start: later,
        end: text.length,
      }),
      viewed,
    );
    expect(candidates[0]).toMatchObject({ supported: true, start: text.lastIndexOf("We decided") });
    expect(candidates[1]).toMatchObject({ supported: false, start: null, end: null });
  });

  it("places what it finds in a subtitle file's view back in the file as given", () => {
    const vtt =
      "WEBVTT\r\n\r\n00:00:01.000 --> 00:00:05.000\r\n" +
      "<v Ann Lee>We decided to <b>drop</b> the Android &amp; iPad beta.</v>\r\n";
    const parsed = parseSource({ filename: "sync.vtt", bytes: Buffer.from(vtt), maxBytes: 1_000_000 });
    const subtitles = viewSource(parsed);
    expect(subtitles.mapped).toBe(true);
    expect(subtitles.view.text).toContain("We decided to drop the Android & iPad beta.");
    const { candidates } = groundChunk(
      extracted([f("We decided to drop the Android & iPad beta.")], { start: 0, end: subtitles.view.text.length }),
      subtitles,
    );
    const [c] = candidates;
    expect(c?.supported).toBe(true);
    expect(c?.quote).toBe(vtt.slice(c!.start!, c!.end!));
    expect(c?.quote).toContain("<b>drop</b> the Android &amp; iPad beta.");
  });
});
