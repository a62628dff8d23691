import { expect } from "vitest";
import { getPresetKinds, type PresetId } from "@/lib/extraction/kinds";
import { extractScored } from "@/lib/extraction/offline";
import { transcriptOf } from "@/tests/transcript";

/**
 * A meeting's turns through the offline extractor as one chunk, before the run's floor and with the features the
 * confidence model weighs: what the extractor recognises (kind, an explicit cue), not where a probability fitted
 * on data falls. Every quote is checked to be the text at its span.
 */
export function extractTurns(turns: [speaker: string, said: string][], preset: PresetId = "meeting") {
  const src = transcriptOf(turns);
  const input = { text: src.text, segments: src.segments, kinds: getPresetKinds(preset) };
  const facts = extractScored(input, { index: 0, start: 0, end: src.text.length, segments: src.segments });
  for (const f of facts) expect(src.text.slice(f.start!, f.end!)).toBe(f.quote);
  return facts;
}
