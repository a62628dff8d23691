import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { getPresetKinds } from "@/lib/extraction/kinds";
import { chunkInput } from "@/lib/extraction/chunking";
import { extractScored } from "@/lib/extraction/offline";
import { featureVector, type FeatureName, type ScoringFeatures } from "@/lib/extraction/offline/confidence";
import { transcriptFeatures } from "@/lib/extraction/offline/noise";
import type { Segment } from "@/lib/sources/schema";
import { buildTranscript, contentTokens, tokenF1 } from "../eval-locomo";
import { buildMeeting, seriesOf, type Meeting } from "../eval-qmsum";
import type { Row } from "./logistic";
import { labelsByMeeting, matchLabel, readLabels, type MeetingLabel } from "./meeting-labels";

/**
 * The rows the confidence models are fitted and checked on: candidates of the offline extractor (before the
 * density cap), each with its features as the extractor computes them now, and the transcript features of the
 * chunk the app would have extracted it from (the candidates themselves come from the whole text, as labelled).
 */

const evalDir = process.env.SIFT_EVAL_DIR ?? path.resolve(import.meta.dirname, "../../../shared/eval");

/** A labelled candidate with every feature a model may read; `group` is the fold it is held out with. */
export interface Sample {
  features: ScoringFeatures;
  y: 0 | 1;
  group: string;
}

export const isLocomo = (s: { group: string }) => s.group.startsWith("locomo ");

/** The rows a model over `names` is fitted on, optionally weighted. */
export function toRows(samples: Sample[], names: readonly FeatureName[], weight?: (s: Sample) => number): Row[] {
  return samples.map((s) => ({ x: featureVector(s.features, names), y: s.y, group: s.group, weight: weight?.(s) }));
}

/** The app's chunk size (SIFT_CHUNK_TOKENS' default): the transcript features are measured per chunk there. */
const CHUNK_TOKENS = 3000;

function scored(text: string, segments: Segment[], preset: "personal" | "meeting") {
  const whole = { index: 0, start: 0, end: text.length, segments };
  const chunks = chunkInput({ text, segments, tokenBudget: CHUNK_TOKENS }).map((chunk) => ({
    chunk,
    transcript: transcriptFeatures(text, chunk),
  }));
  const candidates = extractScored({ text, segments, kinds: getPresetKinds(preset) }, whole);
  return candidates.map((c) => {
    const at = c.start ?? 0;
    const { transcript } = chunks.find(({ chunk }) => at >= chunk.start && at < chunk.end) ?? chunks[0]!;
    return { c, features: { ...c.features, ...transcript } };
  });
}

interface Session {
  sample_id: string;
  turns: { speaker: string; dia_id: string; text: string }[];
  gold_observations_llm_generated: { text: string; evidence: string }[];
}

/**
 * LoCoMo dev sessions run with `preset`: correct = the candidate finds a gold observation (README's content
 * match: inside the observation's evidence turn, token-F1 ≥ 0.3). Grouped by conversation.
 */
export function locomoSamples(preset: "personal" | "meeting"): Sample[] {
  const rows: Sample[] = [];
  const lines = readFileSync(path.join(evalDir, "locomo/dev-sessions.jsonl"), "utf8").split("\n");
  for (const line of lines.filter((l) => l.trim())) {
    const session = JSON.parse(line) as Session;
    const { text, segments, turnSpans } = buildTranscript(session.turns);
    const gold = session.gold_observations_llm_generated.map((o) => ({
      tokens: contentTokens(o.text),
      span: turnSpans.get(o.evidence),
    }));
    for (const { c, features } of scored(text, segments, preset)) {
      const tokens = contentTokens(c.content);
      const hit = gold.some(
        (g) => g.span && c.start! >= g.span[0] && c.end! <= g.span[1] && tokenF1(tokens, g.tokens) >= 0.3,
      );
      rows.push({ features, y: hit ? 1 : 0, group: `locomo ${session.sample_id}` });
    }
  }
  return rows;
}

/**
 * QMSum val, meeting preset: each hand label (scripts/labels/) matched to the current candidate whose span
 * overlaps it most. Grouped by meeting series.
 */
export function meetingSamples(round: MeetingLabel["round"]): Sample[] {
  const labels = readLabels().filter((l) => l.round === round);
  const rows: Sample[] = [];
  const dir = path.join(evalDir, "qmsum/val");
  const files = new Set(readdirSync(dir));
  for (const [file, own] of [...labelsByMeeting(labels)].sort()) {
    if (!files.has(file)) continue;
    const { text, segments } = buildMeeting(JSON.parse(readFileSync(path.join(dir, file), "utf8")) as Meeting);
    const used = new Set<MeetingLabel>();
    for (const { c, features } of scored(text, segments, "meeting")) {
      const label = matchLabel(own, c.start ?? 0, c.end ?? 0);
      if (!label || used.has(label)) continue;
      used.add(label);
      rows.push({ features, y: label.label, group: seriesOf(file) });
    }
  }
  console.log(
    `QMSum val round ${round}: ${labels.length} labels, ${rows.length} matched to a current candidate by span`,
  );
  return rows;
}
