import "server-only";
import { loadLearnedScorer } from "@/lib/chain/learn";
import { listDecisionLabels } from "@/lib/db/decision-labels";
import {
  countDecidedSince,
  getServingModel,
  lastRefitAt,
  listOpenForScoring,
  recordRefit,
  retireServingModels,
  saveRescored,
} from "@/lib/db/learned-models";
import { getSettings } from "@/lib/db/settings";
import type { Db } from "@/lib/db/types";
import { rankOf } from "@/lib/extraction/rank";
import { refit, REFIT_EVERY, type RefitOutcome } from "@/lib/learning/refit";
import { regate } from "@/lib/learning/regate";
import { log } from "@/lib/log";
import { GatePolicySchema } from "@/lib/matcher/gating";
import type { Settings } from "@/lib/settings/schema";

/**
 * The queue's learning, run after decisions (lib/jobs/decisions.ts), in the process that took them: after every
 * REFIT_EVERY new decisions a model is fitted on the older ones and serves only if it beats the serving one on the
 * newest (lib/learning/refit.ts); when one starts serving, or Settings reset to the shipped model, the open
 * candidates are scored again, ranked and gated by it. Never calls a model: this is arithmetic on stored labels.
 */

/** Refits when REFIT_EVERY decisions were taken since the last try; re-scores the queue if a new model serves. */
export async function learnFromDecisions({
  db,
  force = false,
}: {
  db: Db;
  force?: boolean;
}): Promise<RefitOutcome | null> {
  const settings = await getSettings({ db });
  if (!settings.learning.enabled) return null;
  const last = await lastRefitAt({ db });
  // Counted first, cheaply: the labels are read only when a refit is due.
  if (!force && (await countDecidedSince({ db, since: last })) < REFIT_EVERY) return null;
  const labels = await listDecisionLabels({ db, limit: 2_000 });
  const outcome = refit(labels, await getServingModel({ db }));
  await recordRefit({ db, outcome });
  if (outcome.decision === "serve") await rescoreOpenCandidates({ db, settings });
  return outcome;
}

/** Never fails a decision: a refit that throws is logged and tried again after the next decision. */
export async function learnQuietly({ db }: { db: Db }): Promise<void> {
  try {
    await learnFromDecisions({ db });
  } catch (error) {
    log.error({ err: error }, "refitting the learned confidence after decisions failed");
  }
}

/** Back to the shipped calibrated confidence: no learned model serves, the open candidates are scored as shipped. */
export async function resetLearning({ db }: { db: Db }): Promise<void> {
  await retireServingModels({ db });
  await rescoreOpenCandidates({ db, settings: await getSettings({ db }) });
}

/** Every open candidate scored by what serves now (the learned model, or the shipped confidence), ranked and gated. */
export async function rescoreOpenCandidates({ db, settings }: { db: Db; settings: Settings }): Promise<number> {
  const load = await loadLearnedScorer({ db, learning: settings.learning });
  const { minConfidence } = GatePolicySchema.parse(settings.gates);
  const open = await listOpenForScoring({ db });
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
