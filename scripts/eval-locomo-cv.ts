import path from "node:path";
import { createOfflineExtractor } from "@/lib/extraction/offline";
import type { Tuning } from "@/lib/extraction/offline/select";
import { relaunchUnderServerCondition } from "../bench/lib/harness";
import { readSessions, report, runSessions, scoreSession, type Session, type Tally } from "./eval-locomo";

/**
 * LoCoMo content match with held-out folds: leave one conversation out over the offline extractor's two
 * thresholds (lib/extraction/offline/select.ts); each conversation is scored with the thresholds that did
 * best on the other four. Every session goes down the app's chain (lib/chain) into a store in memory, one
 * store per setting, with the offline extractor at that setting.
 * Usage: npx tsx scripts/eval-locomo-cv.ts (about ten minutes on a quiet machine: 28 settings × 128 runs).
 */

const GRID: Tuning[] = [0, 1, 2, 3].flatMap((perTurnUncued) =>
  [2, 2.5, 3, 3.5, 4, 4.5, 5].map((minInformativeness) => ({ perTurnUncued, minInformativeness })),
);

const empty = (): Tally => ({ candidates: 0, candidatesHit: 0, gold: 0, goldFound: 0 });
function add(into: Tally, t: Tally): void {
  into.candidates += t.candidates;
  into.candidatesHit += t.candidatesHit;
  into.gold += t.gold;
  into.goldFound += t.goldFound;
}
function f1(t: Tally): number {
  const p = t.candidates ? t.candidatesHit / t.candidates : 0;
  const r = t.gold ? t.goldFound / t.gold : 0;
  return p + r ? (2 * p * r) / (p + r) : 0;
}
const label = (t: Tuning) => `uncued/turn ${t.perTurnUncued}, min informativeness ${t.minInformativeness}`;

async function crossValidate(sessions: Session[]): Promise<void> {
  const conversations = [...new Set(sessions.map((s) => s.sample_id))];
  // tallies[config][conversation]
  const tallies = GRID.map(() => new Map(conversations.map((c) => [c, empty()])));
  for (const [k, tuning] of GRID.entries()) {
    for (const { session, turnSpans, candidates } of await runSessions(sessions, createOfflineExtractor({ tuning }))) {
      scoreSession(session, turnSpans, candidates, tallies[k]!.get(session.sample_id)!);
    }
  }
  const pooled = (k: number, keep: (c: string) => boolean) => {
    const t = empty();
    for (const c of conversations) if (keep(c)) add(t, tallies[k]!.get(c)!);
    return t;
  };
  console.log("\nLeave one conversation out (HELD-OUT folds):");
  const heldOut = empty();
  for (const c of conversations) {
    let best = 0;
    GRID.forEach((_, k) => {
      if (f1(pooled(k, (x) => x !== c)) > f1(pooled(best, (x) => x !== c))) best = k;
    });
    const fold = tallies[best]!.get(c)!;
    add(heldOut, fold);
    report(`  ${c}`, fold);
    console.log(`             chosen on the other four: ${label(GRID[best]!)}`);
  }
  report("held-out", heldOut);
  let bestAll = 0;
  GRID.forEach((_, k) => {
    if (f1(pooled(k, () => true)) > f1(pooled(bestAll, () => true))) bestAll = k;
  });
  console.log(`IN-SAMPLE best on all five: ${label(GRID[bestAll]!)}`);
  report(
    "in-sample",
    pooled(bestAll, () => true),
  );
}

relaunchUnderServerCondition(import.meta.filename);
const evalDir = process.env.SIFT_EVAL_DIR ?? path.resolve(import.meta.dirname, "../../shared/eval");
crossValidate(readSessions(path.join(evalDir, "locomo/dev-sessions.jsonl"))).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
