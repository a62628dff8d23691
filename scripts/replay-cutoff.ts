// Replays public sentence pairs as a team's reviewers deciding suggested duplicates, to measure what the learned
// duplicate cut-off (lib/learning/threshold.ts) buys: each "team" is a corpus whose own notion of "the same" is
// the reviewer's (MRPC paraphrase, STS-B gold ≥ 4), its pairs shuffled and met in sessions of 20 pairs a card
// would show (the score model's duplicate or related verdicts no guard vetoed). After each session the cut-off is
// refitted as the app refits it (refitThreshold: fitted on the older pairs, served only if it predicts the newest
// better); the next session is judged with the cut-off then in force. Reported: accuracy and F1 of the duplicate
// verdict on the shown pairs of later sessions (5+) with the shipped cut-off and with the learned one, over
// seeds. The matcher was fitted on MRPC train and SICK train: MRPC val and STS-B dev/test are held out from it,
// and the cut-off's prior strength and bounds were set before this replay ran, not tuned on it.
// Usage: npx tsx scripts/replay-cutoff.ts [--seeds 5] [--session 20]
import { analyze, DEFAULT_THRESHOLDS, loadWordVectors, scoreAnalyses } from "@/lib/matcher";
import { isVetoed } from "@/lib/matcher/matcher";
import { learnedThresholds, refitThreshold, type PairLabel } from "@/lib/learning/threshold";
import { isDuplicate, SETS, type SetName } from "./lib/pair-data";
import { accuracy, prf, seededOrder } from "./lib/pair-metrics";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const SEEDS = arg("seeds", 5);
const SESSION = arg("session", 20);
const EARLY = 4;
const vectors = loadWordVectors();
const base = DEFAULT_THRESHOLDS;

interface Shown {
  score: number;
  gold: boolean;
}

/** The pairs of a corpus a card would show, scored once: the score model's, with no guard vetoing them. */
function shownPairs(set: SetName): Shown[] {
  return SETS[set]().flatMap((p) => {
    const r = scoreAnalyses(analyze(p.a), analyze(p.b), base, vectors);
    if (r.stage !== "lexical" || isVetoed(r) || r.score < base.related) return [];
    return [{ score: r.score, gold: isDuplicate(set, p) }];
  });
}

function replay(pairs: Shown[], seed: number) {
  const order = seededOrder(pairs.length, seed).map((i) => pairs[i]!);
  const decided: PairLabel[] = [];
  let shift = 0;
  const later = { gold: [] as boolean[], shipped: [] as boolean[], learned: [] as boolean[] };
  for (let s = 0; s * SESSION < order.length; s++) {
    const session = order.slice(s * SESSION, (s + 1) * SESSION);
    const cutoff = learnedThresholds(base, shift).duplicate;
    if (s >= EARLY) {
      for (const p of session) {
        later.gold.push(p.gold);
        later.shipped.push(p.score >= base.duplicate);
        later.learned.push(p.score >= cutoff);
      }
    }
    session.forEach((p, i) =>
      decided.push({
        score: p.score,
        y: p.gold ? 1 : 0,
        verdict: p.score >= cutoff ? "duplicate" : "related",
        decidedAt: new Date(Date.UTC(2026, 0, 1) + (s * SESSION + i) * 60_000).toISOString(),
      }),
    );
    const outcome = refitThreshold(decided, base.duplicate, shift);
    if (outcome.decision === "serve" && outcome.model) shift = outcome.model.shift;
  }
  return { later, cutoff: learnedThresholds(base, shift).duplicate };
}

const pct = (x: number) => (100 * x).toFixed(1);
console.log(`shipped cut-off ${base.duplicate.toFixed(3)}; sessions of ${SESSION} shown pairs; later: ${EARLY + 1}+`);
console.log("| team (corpus) | shown pairs | later: accuracy shipped → learned | F1 | final cut-off |");
console.log("|---|--:|--:|--:|--:|");
for (const set of ["mrpcVal", "stsbDev", "stsbTest", "mrpcTrain"] as SetName[]) {
  const pairs = shownPairs(set);
  const acc = { shipped: [] as number[], learned: [] as number[] };
  const f1 = { shipped: [] as number[], learned: [] as number[] };
  const cutoffs: number[] = [];
  for (let seed = 1; seed <= SEEDS; seed++) {
    const { later, cutoff } = replay(pairs, seed);
    acc.shipped.push(accuracy(later.shipped, later.gold));
    acc.learned.push(accuracy(later.learned, later.gold));
    f1.shipped.push(prf(later.shipped, later.gold).f1);
    f1.learned.push(prf(later.learned, later.gold).f1);
    cutoffs.push(cutoff);
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const range = (xs: number[]) => `${Math.min(...xs).toFixed(3)}–${Math.max(...xs).toFixed(3)}`;
  console.log(
    `| ${set}${set === "mrpcTrain" ? " (in-sample: the matcher was fitted on it)" : ""} | ${pairs.length} | ` +
      `${pct(mean(acc.shipped))} → ${pct(mean(acc.learned))} % | ${mean(f1.shipped).toFixed(3)} → ` +
      `${mean(f1.learned).toFixed(3)} | ${range(cutoffs)} |`,
  );
}
