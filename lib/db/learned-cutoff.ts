import "server-only";
import { parseStoredJson } from "@/lib/db/stored-json";
import type { Db } from "@/lib/db/types";
import { withTransaction } from "@/lib/db/types";
import {
  learnedThresholds,
  ThresholdShiftSchema,
  type CutoffSummary,
  type ThresholdRefit,
  type ThresholdShift,
} from "@/lib/learning/threshold";
import { MatchesSchema, type Match } from "@/lib/matcher/schema";
import { ThresholdsSchema } from "@/lib/matcher/thresholds";
import type { Settings } from "@/lib/settings/schema";

/** LearnedModel.target of the team's duplicate cut-off (lib/learning/threshold.ts). */
const CUTOFF = "duplicate-cutoff";

export type ServingCutoff = ThresholdShift & { id: string; trainedThrough: string; servingSince: string; why: string };

/** The space's serving learned shift of the duplicate cut-off, or null: its Settings' cut-off applies as it is. */
export async function getServingCutoff({ db, spaceId }: { db: Db; spaceId: string }): Promise<ServingCutoff | null> {
  const row = await db.learnedModel.findFirst({
    where: { spaceId, target: CUTOFF, status: "serving" },
    orderBy: { createdAt: "desc" },
  });
  if (!row) return null;
  const weights = parseStoredJson(ThresholdShiftSchema, row.weights, {
    table: "LearnedModel",
    column: "weights",
    id: row.id,
  });
  if (!weights) return null;
  return {
    ...weights,
    id: row.id,
    trainedThrough: row.trainedThrough.toISOString(),
    servingSince: row.createdAt.toISOString(),
    why: row.why,
  };
}

/**
 * A space's settings as the matcher should read them: with its team's learned duplicate cut-off when learning is on
 * and one serves. Every place that judges candidates (a new run's payload, re-judging) reads its thresholds here.
 */
export async function withLearnedCutoff({
  db,
  spaceId,
  settings,
}: {
  db: Db;
  spaceId: string;
  settings: Settings;
}): Promise<Settings> {
  if (!settings.learning.enabled) return settings;
  const serving = await getServingCutoff({ db, spaceId });
  if (!serving) return settings;
  return { ...settings, thresholds: learnedThresholds(ThresholdsSchema.parse(settings.thresholds), serving.shift) };
}

/** The serving learned cut-off as Settings shows it, beside Settings' own; null when none serves. */
export async function getCutoffSummary({
  db,
  spaceId,
  settings,
}: {
  db: Db;
  spaceId: string;
  settings: Settings;
}): Promise<CutoffSummary | null> {
  const serving = await getServingCutoff({ db, spaceId });
  if (!serving) return null;
  const configured = ThresholdsSchema.parse(settings.thresholds);
  return {
    learned: learnedThresholds(configured, serving.shift).duplicate,
    configured: configured.duplicate,
    pairs: serving.pairs,
    keptApart: serving.keptApart,
    mergedRelated: serving.mergedRelated,
    servingSince: serving.servingSince,
  };
}

/** Records a cut-off refit; one that serves retires the one before it, in the same transaction. */
export async function recordCutoffRefit({
  db,
  spaceId,
  outcome,
}: {
  db: Db;
  spaceId: string;
  outcome: ThresholdRefit;
}): Promise<void> {
  const model = outcome.model;
  if (!model || outcome.decision === "wait") return;
  const { trainedThrough, since, ...weights } = model;
  await withTransaction(db, async (tx) => {
    if (outcome.decision === "serve")
      await tx.learnedModel.updateMany({
        where: { spaceId, target: CUTOFF, status: "serving" },
        data: { status: "retired" },
      });
    await tx.learnedModel.create({
      data: {
        spaceId,
        target: CUTOFF,
        status: outcome.decision === "serve" ? "serving" : "rejected",
        weights,
        decisions: model.pairs,
        since: new Date(since),
        trainedThrough: new Date(trainedThrough),
        metrics: {},
        why: outcome.why,
      },
    });
  });
}

/** A space's open candidates with their stored comparisons: a moved cut-off re-judges those between the two. */
export async function listOpenMatches({
  db,
  spaceId,
}: {
  db: Db;
  spaceId: string;
}): Promise<{ id: string; matches: Match[] }[]> {
  const rows = await db.candidate.findMany({
    where: { spaceId, status: { in: ["pending", "gated"] } },
    select: { id: true, matches: true },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return rows.map((r) => ({
    id: r.id,
    matches: parseStoredJson(MatchesSchema, r.matches, { table: "Candidate", column: "matches", id: r.id }) ?? [],
  }));
}
