import "server-only";
import type { Db } from "@/lib/db/types";
import { withTransaction } from "@/lib/db/types";
import { parseStoredJson } from "@/lib/db/stored-json";
import type { Prisma } from "@/lib/generated/prisma/client";
import { LearnedWeightsSchema, type LearningSummary } from "@/lib/learning/model";
import type { RefitOutcome, ServingModel } from "@/lib/learning/refit";

/** LearnedModel.target of the learned confidence; the duplicate cut-off's rows are lib/db/learned-cutoff.ts's. */
const CONFIDENCE = "confidence";

/**
 * Learned models are per space (issue 27): a space's reviewers' decisions teach its own models, which serve its
 * runs and its queue only. Every function here takes the space.
 */

/** The space's serving learned model, or null: the shipped confidence serves. */
export async function getServingModel({
  db,
  spaceId,
}: {
  db: Db;
  spaceId: string;
}): Promise<(ServingModel & { id: string }) | null> {
  const row = await db.learnedModel.findFirst({
    where: { spaceId, target: CONFIDENCE, status: "serving" },
    orderBy: { createdAt: "desc" },
  });
  if (!row) return null;
  const weights = parseStoredJson(LearnedWeightsSchema, row.weights, {
    table: "LearnedModel",
    column: "weights",
    id: row.id,
  });
  if (!weights) return null;
  return { id: row.id, weights, decisions: row.decisions, trainedThrough: row.trainedThrough.toISOString() };
}

/**
 * Whether at least `atLeast` of the space's candidates were decided by a reviewer since its last refit (since the
 * start, before the first) and after `after`: asked after every decision, so one statement that stops counting
 * at `atLeast`.
 */
export async function hasDecidedSinceRefit({
  db,
  spaceId,
  atLeast,
  after,
}: {
  db: Db;
  spaceId: string;
  atLeast: number;
  /** Count only the decisions after this too (a refit that waited had read up to it). */
  after?: Date;
}): Promise<boolean> {
  const rows = await db.$queryRaw<{ n: number }[]>`
    WITH last AS (
      SELECT greatest(max(m."createdAt"), ${after ?? null}::timestamp) AS at
      FROM "LearnedModel" m WHERE m."spaceId" = ${spaceId} AND m."target" = ${CONFIDENCE}
    )
    SELECT count(*)::int AS n FROM (
      SELECT 1 FROM "Candidate" c, last
      WHERE c."spaceId" = ${spaceId} AND c."status" IN ('approved', 'merged', 'rejected') AND c."reviewerId" IS NOT NULL
        AND (last.at IS NULL OR c."reviewedAt" > last.at)
      LIMIT ${atLeast}
    ) decided`;
  return (rows[0]?.n ?? 0) >= atLeast;
}

/** Records a refit's model; one that serves retires the one before it, in the same transaction. */
export async function recordRefit({
  db,
  spaceId,
  outcome,
}: {
  db: Db;
  spaceId: string;
  outcome: RefitOutcome;
}): Promise<string | null> {
  const model = outcome.model;
  if (!model || outcome.decision === "wait") return null;
  return withTransaction(db, async (tx) => {
    if (outcome.decision === "serve")
      await tx.learnedModel.updateMany({
        where: { spaceId, target: CONFIDENCE, status: "serving" },
        data: { status: "retired" },
      });
    const row = await tx.learnedModel.create({
      data: {
        spaceId,
        target: CONFIDENCE,
        status: outcome.decision === "serve" ? "serving" : "rejected",
        weights: model.weights,
        decisions: model.decisions,
        since: new Date(model.since),
        trainedThrough: new Date(model.trainedThrough),
        metrics: { candidate: { ...outcome.candidate }, serving: { ...outcome.serving } } as Prisma.InputJsonObject,
        why: outcome.why,
      },
    });
    return row.id;
  });
}

/**
 * Reset to the shipped model in one space: none of its learned models serves — neither the confidence nor the
 * duplicate cut-off — until enough new decisions teach a better one. Other spaces' models are left as they are.
 */
export async function retireServingModels({ db, spaceId }: { db: Db; spaceId: string }): Promise<number> {
  const { count } = await db.learnedModel.updateMany({
    where: { spaceId, status: "serving" },
    data: { status: "retired" },
  });
  return count;
}

/** What the settings page shows of a space: its serving model's decisions, since when, its held-out metrics. */
export async function getLearningSummary({ db, spaceId }: { db: Db; spaceId: string }): Promise<LearningSummary> {
  const [serving, attempts] = await Promise.all([
    db.learnedModel.findFirst({
      where: { spaceId, target: CONFIDENCE, status: "serving" },
      orderBy: { createdAt: "desc" },
    }),
    db.learnedModel.count({ where: { spaceId, target: CONFIDENCE } }),
  ]);
  const metrics = serving?.metrics as
    { candidate?: { holdout?: number; logLoss?: number; auc?: number; ece?: number } } | undefined;
  return {
    attempts,
    serving: serving
      ? {
          decisions: serving.decisions,
          since: serving.since.toISOString(),
          servingSince: serving.createdAt.toISOString(),
          why: serving.why,
          holdout: metrics?.candidate?.holdout ?? null,
          logLoss: metrics?.candidate?.logLoss ?? null,
          auc: metrics?.candidate?.auc ?? null,
          ece: metrics?.candidate?.ece ?? null,
        }
      : null,
  };
}

/** The space's open candidates as the learned model reads them. */
export async function listOpenForScoring({ db, spaceId }: { db: Db; spaceId: string }) {
  const rows = await db.candidate.findMany({
    where: { spaceId, status: { in: ["pending", "gated"] } },
    select: {
      id: true,
      content: true,
      quote: true,
      kind: true,
      speaker: true,
      confidence: true,
      importance: true,
      status: true,
      gateReason: true,
      run: { select: { source: { select: { format: true } } } },
    },
  });
  return rows.map(({ run, ...row }) => ({
    ...row,
    status: row.status as "pending" | "gated",
    sourceFormat: run.source.format,
  }));
}

export interface Rescored {
  id: string;
  learnedConfidence: number | null;
  rankReason: string | null;
  rank: number;
  status: "pending" | "gated";
  gateReason: string | null;
  /** The status changed: the version is bumped, so a reviewer who read the old card decides it knowingly. */
  moved: boolean;
}

/** Stores re-scored open candidates; a candidate decided meanwhile is left as it is (the status guard). */
export async function saveRescored({ db, rows }: { db: Db; rows: Rescored[] }): Promise<number> {
  let saved = 0;
  for (const r of rows) {
    const { count } = await db.candidate.updateMany({
      where: { id: r.id, status: { in: ["pending", "gated"] } },
      data: {
        learnedConfidence: r.learnedConfidence,
        rankReason: r.rankReason,
        rank: r.rank,
        status: r.status,
        gateReason: r.gateReason,
        ...(r.moved ? { version: { increment: 1 } } : {}),
      },
    });
    saved += count;
  }
  return saved;
}

/** The spaces the candidates belong to, each once: a decision teaches the models of its card's space. */
export async function listSpacesOfCandidates({ db, ids }: { db: Db; ids: string[] }): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db.candidate.findMany({
    where: { id: { in: ids } },
    select: { spaceId: true },
    distinct: ["spaceId"],
  });
  return rows.map((r) => r.spaceId).sort();
}
