/**
 * Benchmark: offline extraction of a ~2,000-word meeting transcript.
 * Usage: npx tsx bench/extract-offline.ts [--runs N]. Prints median and p95 in ms (target: median ≤ 100 ms).
 * The transcript is generated deterministically (seeded), so runs are comparable across machines.
 */
import { performance } from "node:perf_hooks";
import { groundQuote } from "@/lib/extraction/grounding";
import { getPresetKinds } from "@/lib/extraction/kinds";
import { createOfflineExtractor } from "@/lib/extraction/offline";
import type { Segment } from "@/lib/sources/schema";
import { transcriptOf } from "@/tests/transcript";
import { mulberry32 } from "@/lib/random";

const SPEAKERS = ["Priya", "Marcus", "Elena", "Tom", "Aisha"];
const LINES = [
  "Hi everyone, thanks for joining.",
  "ok",
  "We decided to go with {tool} for the {area} after comparing it with {tool2}.",
  "The deadline for the {area} is {day}, and the budget can't exceed ${num},000.",
  "I'll send the updated plan for the {area} to {name} by {day}.",
  "Can you share the numbers from last sprint?",
  "Conversion on the new onboarding flow went up {num} percent in the last two weeks.",
  "We shouldn't have shipped the {area} change on a Friday; the bug was a missing migration.",
  "I prefer {tool} over {tool2} for anything customer-facing.",
  "Honestly I think the {area} is in decent shape, but the docs are still thin.",
  "Let's go with the smaller rollout first and see how support tickets look.",
  "{name} will own the follow-up with legal about the data retention policy.",
  "The vendor contract requires us to keep audit logs for at least {num} months.",
  "Yeah, that makes sense.",
  "Users keep asking for an export button on the {area} page, it came up in {num} interviews.",
  "My team is blocked by the {area} review until the security sign-off lands.",
  "Thanks!",
  "We agreed that the {area} freeze starts on {day} and nothing merges without two approvals.",
  "Lesson learned: we need a staging environment that mirrors production data volumes.",
  "I can take the action item to draft the incident report before the retro.",
];
const FILL = {
  tool: ["Postgres", "Kafka", "Grafana", "Terraform", "Redis"],
  tool2: ["MySQL", "RabbitMQ", "Kibana", "Pulumi", "Memcached"],
  area: ["billing service", "search index", "mobile app", "checkout flow", "analytics pipeline"],
  day: ["Monday", "Tuesday", "Friday", "March 3", "the end of the quarter"],
  num: ["3", "12", "18", "25", "40"],
  name: SPEAKERS,
};

export function generateMeeting(targetWords = 2_000, seed = 42): { text: string; segments: Segment[] } {
  const rand = mulberry32(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const turns: [string, string][] = [];
  for (let words = 0; words < targetWords;) {
    const speaker = pick(SPEAKERS);
    const said = pick(LINES).replace(/\{(\w+)\}/g, (_, key: keyof typeof FILL) => pick(FILL[key]));
    turns.push([speaker, said]);
    words += said.split(/\s+/).length + 1;
  }
  return transcriptOf(turns);
}

async function main(): Promise<void> {
  const runsAt = process.argv.indexOf("--runs");
  const runs = runsAt >= 0 ? Number(process.argv[runsAt + 1]) : 30;
  const { text, segments } = generateMeeting();
  const input = { text, segments, kinds: getPresetKinds("meeting") };
  const chunk = { index: 0, start: 0, end: text.length, segments };
  const extractor = createOfflineExtractor();

  const t0 = performance.now();
  const first = await extractor.extractChunk(input, chunk); // includes loading the language model
  const coldMs = performance.now() - t0;
  for (let i = 0; i < 3; i++) await extractor.extractChunk(input, chunk);

  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await extractor.extractChunk(input, chunk);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const q = (p: number) => times[Math.min(times.length - 1, Math.ceil(p * times.length) - 1)]!;
  console.log(`transcript: ${text.split(/\s+/).length} words, ${segments.length} turns; facts: ${first.facts.length}`);
  console.log(`cold (first call, model load): ${coldMs.toFixed(1)} ms`);
  console.log(`runs: ${runs}  median: ${q(0.5).toFixed(1)} ms  p95: ${q(0.95).toFixed(1)} ms`);

  // Grounding worst case: a quote that is not in a ~100 KB text goes through all three passes.
  const big = generateMeeting(17_000, 7).text;
  const missing = "The marketing team will hire two designers for the brand refresh next month";
  const groundTimes: number[] = [];
  for (let i = 0; i < 10; i++) {
    const start = performance.now();
    groundQuote(big + "\n" + i, missing); // a new text each time, so nothing is cached
    groundTimes.push(performance.now() - start);
  }
  groundTimes.sort((a, b) => a - b);
  console.log(
    `groundQuote, unfound quote in ${(big.length / 1024).toFixed(0)} KB: median ${groundTimes[5]!.toFixed(1)} ms`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
