/**
 * Why a QMSum decision query is missed: a diagnostic beside the README's decision recall, never a
 * replacement for it. Each query gets the first reason that applies:
 * - found: the README's metric counts it (an ungated candidate in the relevant turns, token-F1 ≥ 0.25);
 * - gated: a candidate the reviewer sees reaches 0.25, but its confidence is under the gate;
 * - capped: the extractor made one that reaches 0.25, and the density cap dropped it;
 * - not extracted: some single sentence of the relevant turns reaches 0.25, yet no candidate does;
 * - beyond one sentence: no single sentence of the relevant turns reaches 0.25 against the answer (the
 *   answers are 25–60-word abstractive summaries), so no one-clause fact can, whatever its confidence.
 */
import { cleanSpoken } from "@/lib/extraction/offline/clean";
import { analyse } from "@/lib/extraction/offline/nlp";
import type { Candidate } from "@/lib/extraction/schema";
import { contentTokens, tokenF1 } from "../eval-locomo";

export const REASONS = ["found", "gated", "capped", "not extracted", "beyond one sentence"] as const;
export type Reason = (typeof REASONS)[number];

const MATCH = 0.25;
const GATE = 0.7;

export interface DecisionQuery {
  query: string;
  answer: string;
  relevant_text_span: [string, string][];
}

export interface Diagnosis {
  query: string;
  reason: Reason;
  /** Best token-F1 of a kept candidate with confidence ≥ 0.7, of any kept candidate, of any made before the cap. */
  ungated: number;
  kept: number;
  made: number;
  /** Best token-F1 of one cleaned sentence of the relevant turns: what a one-sentence fact could reach. */
  sentence: number;
}

function best(candidates: Candidate[], inside: (c: Candidate) => boolean, answer: string[]): number {
  let top = 0;
  for (const c of candidates) if (inside(c)) top = Math.max(top, tokenF1(contentTokens(c.content), answer));
  return top;
}

export function diagnose(
  q: DecisionQuery,
  turns: string[],
  turnSpans: [number, number][],
  kept: Candidate[],
  made: Candidate[],
): Diagnosis {
  const answer = contentTokens(q.answer);
  const spans = q.relevant_text_span.map(([from, to]) => [Number(from), Number(to)] as const);
  const inside = (c: Candidate) =>
    c.start !== null &&
    c.end !== null &&
    spans.some(([from, to]) => c.start! >= (turnSpans[from]?.[0] ?? Infinity) && c.end! <= (turnSpans[to]?.[1] ?? -1));
  let sentence = 0;
  for (const [from, to] of spans) {
    for (let i = from; i <= to && i < turns.length; i++) {
      const cleaned = cleanSpoken(turns[i]!).text;
      for (const s of analyse(cleaned)) {
        sentence = Math.max(sentence, tokenF1(contentTokens(cleaned.slice(s.start, s.end)), answer));
      }
    }
  }
  const d = {
    query: q.query,
    ungated: best(
      kept.filter((c) => c.confidence >= GATE),
      inside,
      answer,
    ),
    kept: best(kept, inside, answer),
    made: best(made, inside, answer),
    sentence,
  };
  const reason: Reason =
    d.ungated >= MATCH
      ? "found"
      : d.kept >= MATCH
        ? "gated"
        : d.made >= MATCH
          ? "capped"
          : sentence >= MATCH
            ? "not extracted"
            : "beyond one sentence";
  return { ...d, reason };
}
