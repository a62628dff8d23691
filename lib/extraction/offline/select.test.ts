import { describe, expect, it } from "vitest";
import { getPresetKinds } from "@/lib/extraction/kinds";
import { createOfflineExtractor, extractScored } from "@/lib/extraction/offline";
import { rankOf } from "@/lib/extraction/rank";
import { QUEUE_FOLD_AT } from "@/lib/queue/schema";
import { proposeCandidates } from "@/tests/chain/propose";
import type { Segment } from "@/lib/sources/schema";
import { transcriptOf } from "@/tests/transcript";

/** Things people say in a design meeting that are each a plausible candidate, all different. */
const chatter = (i: number) =>
  [
    `I looked at prototype ${i} with Anna and the new buttons felt quite heavy in my hand.`,
    `My impression of rubber case ${i} from the workshop was that the grip seemed fine for most testers.`,
    `We talked about colour sample ${i} for the front panel and it looked a bit cheap to me.`,
    `I spent the morning reading survey answer ${i} from the focus groups in Leeds.`,
  ][i % 4]!;

const chunkOf = (src: { text: string; segments: Segment[] }) => ({
  index: 0,
  start: 0,
  end: src.text.length,
  segments: src.segments,
});

describe("meetings: every plausible candidate, ranked", () => {
  it("an hour of talk keeps what it finds, ranked: its decisions are in the top the queue opens on", async () => {
    const turns: [string, string][] = [];
    for (let i = 0; i < 400; i++) turns.push([i % 2 ? "Ana" : "Ben", chatter(i)]);
    turns.splice(120, 0, ["Ana", "We decided to drop the kinetic charger and use two AA batteries."]);
    turns.splice(260, 0, ["Ben", "The unit price must stay under twelve euros and fifty cents."]);
    const meeting = transcriptOf(turns);
    const words = meeting.text.split(/\s+/).length;
    const input = { text: meeting.text, segments: meeting.segments, kinds: getPresetKinds("meeting") };
    const { candidates } = await proposeCandidates({
      extractor: createOfflineExtractor(),
      input,
      tokenBudget: 3000,
      concurrency: 1,
    });
    expect(words).toBeGreaterThan(7_000);
    // No density cap: what clears the floor is proposed (the old cap kept at most 5 per 1,000 words).
    const scored = extractScored(input, chunkOf(meeting));
    expect(scored.length).toBeGreaterThan(200);
    expect((1000 * candidates.length) / words).toBeGreaterThan(5);
    const top = [...candidates].sort((a, b) => rankOf(b) - rankOf(a)).slice(0, QUEUE_FOLD_AT);
    const contents = top.map((c) => c.content);
    expect(contents).toContain("The team decided to drop the kinetic charger and use two AA batteries.");
    expect(contents).toContain("The unit price must stay under twelve euros and fifty cents.");
  });

  it("a short stand-up keeps everything it says", async () => {
    const standup = transcriptOf([
      ["Ana", "We decided to ship the beta on Monday."],
      ["Ben", "The budget can't exceed 20,000 dollars."],
      ["Ana", "I'll send the release notes to Ben by Friday."],
      ["Ben", "We agreed to freeze the API on Thursday."],
      ["Ana", "The security review must finish before the launch."],
      ["Ben", "I will book the demo room for Tuesday."],
    ]);
    const { candidates } = await proposeCandidates({
      extractor: createOfflineExtractor(),
      input: { text: standup.text, segments: standup.segments, kinds: getPresetKinds("meeting") },
      tokenBudget: 3000,
      concurrency: 1,
    });
    expect(candidates).toHaveLength(6);
  });
});
