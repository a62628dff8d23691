import "server-only";
import { loadLearnedScorer } from "@/lib/chain/learn";
import { listDecisionLabels } from "@/lib/db/decision-labels";
import {
  getServingModel,
  hasDecidedSinceRefit,
  listOpenForScoring,
  recordRefit,
  retireServingModels,
  saveRescored,
} from "@/lib/db/learned-models";
import { getServingCutoff, listOpenMatches, recordCutoffRefit } from "@/lib/db/learned-cutoff";
import { getSettings } from "@/lib/db/settings";
import type { Db } from "@/lib/db/types";
import { rankOf } from "@/lib/extraction/rank";
import { refit, REFIT_EVERY, type RefitOutcome } from "@/lib/learning/refit";
import { regate } from "@/lib/learning/regate";
import {
  learnedThresholds,
  movedBand,
  pairLabelsOf,
  refitThreshold,
  type ThresholdRefit,
} from "@/lib/learning/threshold";
import { rejudgeAfterChange } from "@/lib/jobs/rejudge";
import type { DecisionLabel } from "@/lib/learning/labels";
import { log } from "@/lib/log";
import { GatePolicySchema } from "@/lib/matcher/gating";
import { ThresholdsSchema } from "@/lib/matcher/thresholds";
import type { Settings } from "@/lib/settings/schema";

/**
 * The queue's learning, run after decisions (lib/jobs/decisions.ts), in the process that took them: after every
 * REFIT_EVERY new decisions a model is fitted on the older ones and serves only if it beats the serving one on the
 * newest (lib/learning/refit.ts); when one starts serving, or Settings reset to the shipped model, the open
 * candidates are scored again, ranked and gated by it. Never calls a model: this is arithmetic on stored labels.
 * Per space (issue 27): a space's decisions, read with its settings, train its models, and only its open candidates
 * are scored and judged again; another space's models and queue are never touched.
 */

/** Refits when REFIT_EVERY decisions were taken since the last try; re-scores the queue if a new model serves. */
export async function learnFromDecisions({
  db,
  spaceId,
  force = false,
}: {
  db: Db;
  spaceId: string;
  force?: boolean;
}): Promise<RefitOutcome | null> {
  const settings = await getSettings({ db, spaceId });
  if (!settings.learning.enabled) return null;
  // Counted first, cheaply: the labels are read only when a refit is due.
  const wait = waited.get(db)?.get(spaceId);
  const due = { atLeast: wait?.atLeast ?? REFIT_EVERY, after: wait?.after };
  if (!force && !(await hasDecidedSinceRefit({ db, spaceId, ...due }))) return null;
  const labels = await listDecisionLabels({ db, spaceId, limit: 2_000 });
  const outcome = refit(labels, await getServingModel({ db, spaceId }));
  await recordRefit({ db, spaceId, outcome });
  rememberWait(db, spaceId, outcome, labels);
  if (outcome.decision === "serve") await rescoreOpenCandidates({ db, spaceId, settings });
  await learnCutoff({ db, spaceId, settings, labels });
  return outcome;
}

/**
 * A refit that waits (too few decisions, or the newest all of one kind) records no model, so the count since the
 * last one never resets, and every later decision read the labels and fitted again: a team that approves
 * everything paid a refit per approval (issue 28). After a wait the next try comes a twentieth of the labels read
 * later (at least one decision): while they are few it still tries after every decision, as the matcher's
 * cut-off, which learns from the same tries, needs; at 2,000 labels after a hundred. Remembered per database and
 * space in this process; another process tries on its own count, a restart tries once more.
 */
const waited = new WeakMap<Db, Map<string, { after: Date; atLeast: number }>>();
const WAIT_BACKOFF = 20;

function rememberWait(db: Db, spaceId: string, outcome: RefitOutcome, labels: DecisionLabel[]) {
  const spaces = waited.get(db) ?? new Map<string, { after: Date; atLeast: number }>();
  waited.set(db, spaces);
  const newest = labels.reduce((at, l) => (l.decidedAt > at ? l.decidedAt : at), "");
  if (outcome.decision !== "wait" || !newest) return spaces.delete(spaceId);
  spaces.set(spaceId, { after: new Date(newest), atLeast: Math.max(1, Math.ceil(labels.length / WAIT_BACKOFF)) });
}

/**
 * The matcher's part (lib/learning/threshold.ts): the same decisions, read as judged pairs, refit the team's duplicate
 * cut-off; when a new one serves, the open candidates with a pair between the old and new cut-off are judged again.
 */
async function learnCutoff({
  db,
  spaceId,
  settings,
  labels,
}: {
  db: Db;
  spaceId: string;
  settings: Settings;
  labels: DecisionLabel[];
}): Promise<ThresholdRefit> {
  const base = ThresholdsSchema.parse(settings.thresholds);
  const serving = await getServingCutoff({ db, spaceId });
  const outcome = refitThreshold(labels.flatMap(pairLabelsOf), base.duplicate, serving?.shift ?? 0);
  await recordCutoffRefit({ db, spaceId, outcome });
  if (outcome.decision === "serve" && outcome.model) {
    const from = learnedThresholds(base, serving?.shift ?? 0).duplicate;
    const to = learnedThresholds(base, outcome.model.shift).duplicate;
    await rejudgeMoved({ db, spaceId, from, to });
  }
  return outcome;
}

/** Re-judges, a hundred at a time, every open candidate of the space a move of the cut-off from → to could change. */
async function rejudgeMoved({
  db,
  spaceId,
  from,
  to,
}: {
  db: Db;
  spaceId: string;
  from: number;
  to: number;
}): Promise<number> {
  const open = await listOpenMatches({ db, spaceId });
  const ids = open.filter((c) => movedBand(c.matches, from, to)).map((c) => c.id);
  let updated = 0;
  for (let i = 0; i < ids.length; i += 100) {
    updated += (await rejudgeAfterChange({ db, change: { reopened: ids.slice(i, i + 100) } })).length;
  }
  return updated;
}

/** The learning running in this process, by space. */
const learning = new Map<string, Promise<void>>();

/**
 * Never fails a decision: a refit that throws is logged and tried again after the next decision in the space.
 * One at a time per space in a process: under a team's load every decision taken while a refit runs would find
 * ten new decisions too and fit the same model again (issue 28); such a decision leaves the work to the one
 * running and answers at once, and the next decision after it counts what that refit did not see.
 */
export async function learnQuietly({ db, spaceId }: { db: Db; spaceId: string }): Promise<void> {
  if (learning.has(spaceId)) return;
  const run = learnFromDecisions({ db, spaceId }).then(
    () => undefined,
    (error: unknown) => log.error({ err: error, spaceId }, "refitting the learned confidence after decisions failed"),
  );
  learning.set(spaceId, run);
  try {
    await run;
  } finally {
    learning.delete(spaceId);
  }
}

/**
 * Back to the shipped calibrated confidence in one space: none of its learned models serves, its open candidates
 * are scored as shipped. Other spaces keep theirs.
 */
export async function resetLearning({ db, spaceId }: { db: Db; spaceId: string }): Promise<void> {
  const settings = await getSettings({ db, spaceId });
  const cutoff = await getServingCutoff({ db, spaceId });
  await retireServingModels({ db, spaceId });
  await rescoreOpenCandidates({ db, spaceId, settings });
  if (cutoff) {
    const base = ThresholdsSchema.parse(settings.thresholds);
    await rejudgeMoved({ db, spaceId, from: learnedThresholds(base, cutoff.shift).duplicate, to: base.duplicate });
  }
}

/**
 * Every open candidate of the space scored by what serves there now (its learned model, or the shipped confidence),
 * ranked and gated by its settings.
 */
export async function rescoreOpenCandidates({
  db,
  spaceId,
  settings,
}: {
  db: Db;
  spaceId: string;
  settings: Settings;
}): Promise<number> {
  const load = await loadLearnedScorer({ db, spaceId, learning: settings.learning });
  const { minConfidence } = GatePolicySchema.parse(settings.gates);
  const open = await listOpenForScoring({ db, spaceId });
  const rows = open.map((c) => {
    const learned = load ? load(c.sourceFormat)(c) : null;
    const confidence = learned?.confidence ?? c.confidence;
    const gate = regate(c, { confidence, minConfidence });
    return {
      id: c.id,
      learnedConfidence: learned?.confidence ?? null,
      rankReason: learned?.reason ?? null,
      rank: rankOf({ confidence, importance: c.importance }),
      ...gate,
      moved: gate.status !== c.status,
    };
  });
  return saveRescored({ db, rows });
}
