import { readFileSync } from "node:fs";
import path from "node:path";

/**
 * Hand labels of meeting candidates (scripts/labels/qmsum-val-candidates.jsonl, rubric in its README).
 * A label is keyed by meeting file and the quote's span in the text `buildMeeting` makes, not by content,
 * so it survives changes to how content is rewritten; a candidate takes the label whose span overlaps its own
 * the most (at least half of the longer of the two).
 */
export interface MeetingLabel {
  /** 1: the sample the meeting model is fitted on; 2: drawn and labelled after it was written, to check it. */
  round: 1 | 2;
  meeting: string;
  start: number;
  end: number;
  kind: string;
  content: string;
  label: 0 | 1;
  reason: string;
}

export const LABELS_FILE = path.resolve(import.meta.dirname, "../labels/qmsum-val-candidates.jsonl");

export function readLabels(file = LABELS_FILE): MeetingLabel[] {
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as MeetingLabel);
}

/** The labels of one meeting, by file name. */
export function labelsByMeeting(labels: MeetingLabel[]): Map<string, MeetingLabel[]> {
  const out = new Map<string, MeetingLabel[]>();
  for (const l of labels) out.set(l.meeting, [...(out.get(l.meeting) ?? []), l]);
  return out;
}

export function matchLabel(labels: MeetingLabel[] | undefined, start: number, end: number): MeetingLabel | null {
  let best: MeetingLabel | null = null;
  let bestOverlap = 0;
  for (const l of labels ?? []) {
    const overlap = Math.min(end, l.end) - Math.max(start, l.start);
    if (overlap >= 0.5 * Math.max(end - start, l.end - l.start) && overlap > bestOverlap) {
      best = l;
      bestOverlap = overlap;
    }
  }
  return best;
}
