/**
 * Where a pathological input spends its time, stage by stage, with no server and no database: parse, view,
 * chunk, then the offline extractor and grounding chunk by chunk (slowest chunk reported, since one slow chunk
 * is what stalls the pages). Issue 22's shapes: one 2 MB line of words with no punctuation, 50,000 one-word lines,
 * a 5 MB transcript.
 *   npx tsx bench/chain-stages.ts [--shape line|lines|transcript] [--mb 2] [--lines 50000] [--chunks N]
 */
import { performance } from "node:perf_hooks";
import { arg } from "./lib/harness";
import { pathologicalText } from "./lib/shapes";
import { planChunks } from "@/lib/chain/chunk";
import { viewSource } from "@/lib/chain/view";
import { groundQuote } from "@/lib/extraction/grounding";
import { getPresetKinds } from "@/lib/extraction/kinds";
import { createOfflineExtractor } from "@/lib/extraction/offline";
import { parseSource } from "@/lib/sources/parse";

const shape = arg("shape", "line");
const text = pathologicalText(shape, Number(arg("mb", shape === "line" ? "2" : "5")), Number(arg("lines", "50000")));
const limit = Number(arg("chunks", "1000000"));
const time = <T>(label: string, f: () => T): T => {
  const t = performance.now();
  const out = f();
  console.log(`${label}: ${(performance.now() - t).toFixed(0)} ms`);
  return out;
};
const parsed = time("parse", () => parseSource({ text, maxBytes: 50 * 1024 * 1024 }));
const viewed = time("view", () => viewSource({ text: parsed.text, segments: parsed.segments, format: parsed.format }));
const plan = time("chunk", () => planChunks({ viewed, tokenBudget: 3000 }));
const extractor = createOfflineExtractor();
const input = { text: viewed.view.text, segments: viewed.view.segments, kinds: getPresetKinds("meeting") };
let total = 0;
let worst = 0;
let facts = 0;
let groundMs = 0;
for (const chunk of plan.chunks.slice(0, limit)) {
  const t = performance.now();
  const result = await extractor.extractChunk(input, chunk);
  const ms = performance.now() - t;
  const g = performance.now();
  for (const f of result.facts) groundQuote(viewed.view.text.slice(chunk.start, chunk.end), f.quote);
  groundMs += performance.now() - g;
  total += ms;
  worst = Math.max(worst, ms);
  facts += result.facts.length;
  if (process.env.SHOW)
    for (const f of result.facts) console.log(f.quote.length, f.content.length, f.quote.slice(0, 80));
}
const n = Math.min(limit, plan.chunks.length);
console.log(
  `${shape}, ${(Buffer.byteLength(text) / 1048576).toFixed(1)} MB: ${plan.total} chunks; extract ${n} in ` +
    `${total.toFixed(0)} ms (worst chunk ${worst.toFixed(0)} ms), ${facts} facts, grounding ${groundMs.toFixed(0)} ms`,
);
