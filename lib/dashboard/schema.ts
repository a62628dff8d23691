/**
 * What the dashboard (the home page) shows: plain data that lib/db/dashboard.ts reads in SQL and the
 * components in components/dashboard render. Framework-free, so components can import the types.
 */

import { FORGET_REASON } from "@/lib/facts/schema";

export const FACT_STATUS_ORDER = ["active", "superseded", "archived"] as const;
export const CANDIDATE_STATUS_ORDER = ["pending", "gated", "approved", "merged", "rejected"] as const;
export type FactStatusName = (typeof FACT_STATUS_ORDER)[number];
export type CandidateStatusName = (typeof CANDIDATE_STATUS_ORDER)[number];

export interface StatusCounts {
  facts: Record<FactStatusName, number>;
  candidates: Record<CandidateStatusName, number>;
  /** Active facts and open (pending or gated) candidates of each kind, most first. */
  kinds: Array<{ kind: string; activeFacts: number; openCandidates: number }>;
  sources: number;
}

/**
 * Rejection reasons that judge nothing the extractor proposed, left out of approval rates: forgetting a
 * source rejects its open candidates with this reason.
 */
export const NOT_JUDGED_REJECT_REASONS = [FORGET_REASON];

/** Decided candidates of one group: approved or merged count as accepted, rejected as not. */
export interface ApprovalGroup {
  label: string;
  accepted: number;
  rejected: number;
}

export interface ApprovalRates {
  byKind: ApprovalGroup[];
  byExtractor: ApprovalGroup[];
  byPromptVersion: ApprovalGroup[];
}

export interface RecentRun {
  id: string;
  sourceId: string;
  sourceTitle: string;
  extractor: string;
  modelId: string | null;
  promptVersion: string | null;
  status: string;
  inputTokens: number | null;
  outputTokens: number | null;
  cacheReadTokens: number | null;
  embeddingTokens: number | null;
  usageEstimated: boolean;
  costUsd: number | null;
  durationMs: number | null;
  candidates: number;
  createdAt: Date;
}

/** Open candidates at the end of each UTC day, oldest first. */
export type BacklogDay = { day: string; open: number };

/** "Nov 2" for the UTC day "2026-11-02", wherever it is shown. */
export const shortDay = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString("en", { month: "short", day: "numeric", timeZone: "UTC" });

/**
 * The 95% Wilson score interval of `accepted` out of `decided`: wide over 3 decisions, narrow over 300,
 * so a small sample's rate is drawn with the doubt it carries. [0, 1] when nothing was decided.
 */
export function wilsonInterval(accepted: number, decided: number): { low: number; high: number } {
  if (decided <= 0) return { low: 0, high: 1 };
  const z = 1.96;
  const p = accepted / decided;
  const z2n = (z * z) / decided;
  const centre = (p + z2n / 2) / (1 + z2n);
  const half = (z * Math.sqrt((p * (1 - p)) / decided + z2n / (4 * decided))) / (1 + z2n);
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/** A kind's label from the taxonomy (Settings), or its id made readable: "open_question" → "Open question". */
export function kindLabel(labels: Record<string, string>, kind: string): string {
  const text = labels[kind] ?? kind.replace(/_/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** One week of reviewers' decisions (lib/db/learning-weeks.ts): the learned queue's report card. */
export interface LearningWeek {
  /** Monday of the week, YYYY-MM-DD (UTC). */
  week: string;
  decisions: number;
  /** Decided cards that were in the top five of their run's queue, and of them the accepted. */
  topDecided: number;
  topAccepted: number;
  accepted: number;
  /** Accepted cards that had passed the gate (not gated when decided). */
  acceptedUngated: number;
  rejected: number;
  rejectedUngated: number;
}
