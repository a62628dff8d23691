/**
 * Chooses the learned model's pull toward the shipped confidence (λ, lib/learning/model.ts) by leave-one-
 * conversation-out over what scripts/replay-learning.ts --off --dump stored: each conversation's cards in session
 * order, the learning replayed in memory as lib/jobs/learning.ts runs it (refit after every 10 decisions, served
 * only when it beats the serving model), λ chosen on the other conversations' later sessions, reported on the
 * held-out one. The cards do not depend on the learning (extraction never reads it), so this replays the same
 * decisions; the gate's shares need the real replay (other gate reasons are not in the dump).
 * Usage: npx tsx scripts/tune-learning.ts /tmp/replay-learn.off.json
 */
import { readFileSync } from "node:fs";
import { auc, ece } from "@/lib/learning/metrics";
import { scorer } from "@/lib/learning/model";
import { refit, REFIT_EVERY, type DecidedLabel, type ServingModel } from "@/lib/learning/refit";
import type { Card } from "./replay-learning";

const LAMBDAS = [1, 2, 4, 8, 16, 32];
const LATER_FROM = 8;
const EARLY = 3;

type Dumped = Card & { conversation: string };
interface Scored {
  session: number;
  p: number;
  rank: number;
  y: 0 | 1;
}

function replay(cards: Dumped[], lambda: number | null): Scored[] {
  const out: Scored[] = [];
  const labels: DecidedLabel[] = [];
  let current: ServingModel | null = null;
  let lastAttempt = 0;
  const sessions = [...new Set(cards.map((c) => c.session))].sort((a, b) => a - b);
  for (const s of sessions) {
    const these = cards.filter((c) => c.session === s);
    const score = current ? scorer(current.weights, current.decisions) : null;
    for (const c of these) {
      const input = { ...c, sourceFormat: "text", confidence: c.shipped };
      const p = score ? score(input).confidence : c.shipped;
      out.push({ session: s, p, rank: p * c.importance, y: c.y });
    }
    if (lambda === null) continue;
    for (const c of these) {
      const at = new Date(Date.UTC(2026, 0, 1) + labels.length * 1000).toISOString();
      labels.push({
        ...c,
        sourceFormat: "text",
        confidence: c.shipped,
        outcome: c.y ? "approved" : "rejected",
        decidedAt: at,
      });
      if (labels.length - lastAttempt < REFIT_EVERY) continue;
      const outcome = refit(labels, current, { lambda });
      if (outcome.decision === "wait") continue;
      lastAttempt = labels.length;
      if (outcome.decision === "serve") current = outcome.model!;
    }
  }
  return out;
}

function summary(rows: Scored[]) {
  const bySession = new Map<number, Scored[]>();
  for (const r of rows) bySession.set(r.session, [...(bySession.get(r.session) ?? []), r]);
  const top5 = [...bySession.values()].map((s) => {
    const top = [...s].sort((a, b) => b.rank - a.rank).slice(0, 5);
    return top.filter((r) => r.y === 1).length / Math.max(1, top.length);
  });
  return { top5: top5.reduce((a, b) => a + b, 0) / Math.max(1, top5.length), auc: auc(rows), ece: ece(rows) };
}

// Sessions are keyed conversation × 1000 + session, so each conversation's sessions stay apart in the top 5.
const later = (rows: Scored[]) => rows.filter((r) => r.session % 1000 >= LATER_FROM);
const early = (rows: Scored[]) => rows.filter((r) => r.session % 1000 <= EARLY);

function main() {
  const cards = JSON.parse(readFileSync(process.argv[2] ?? "/tmp/replay-learn.off.json", "utf8")) as Dumped[];
  const conversations = [...new Set(cards.map((c) => c.conversation))];
  const of = (id: string) => cards.filter((c) => c.conversation === id);
  // Every conversation replayed once per λ (and once without learning), then folds choose among them.
  const runs = new Map<string, Map<number | null, Scored[]>>();
  for (const id of conversations) {
    const byLambda = new Map<number | null, Scored[]>();
    for (const lambda of [null, ...LAMBDAS]) byLambda.set(lambda, replay(of(id), lambda));
    runs.set(id, byLambda);
  }
  const key = (id: string, rows: Scored[]) =>
    rows.map((r) => ({ ...r, session: r.session + 1000 * conversations.indexOf(id) }));
  const pooled = (ids: string[], lambda: number | null) => ids.flatMap((id) => key(id, runs.get(id)!.get(lambda)!));
  const heldOut: Scored[] = [];
  for (const id of conversations) {
    const others = conversations.filter((c) => c !== id);
    const best = LAMBDAS.reduce((a, b) => (auc(later(pooled(others, b))) > auc(later(pooled(others, a))) ? b : a));
    heldOut.push(...key(id, runs.get(id)!.get(best)!));
    console.log(`fold ${id}: λ ${best} chosen on the others`);
  }
  const off = pooled(conversations, null);
  const both = (rows: Scored[]) => `early ${fmt(summary(early(rows)))} | later ${fmt(summary(later(rows)))}`;
  const fmt = (s: ReturnType<typeof summary>) =>
    `top-5 P ${s.top5.toFixed(3)}  AUC ${s.auc.toFixed(3)}  ECE ${s.ece.toFixed(3)}`;
  console.log(`off:                 ${both(off)}`);
  console.log(`on, λ held out:      ${both(heldOut)}`);
  for (const lambda of LAMBDAS) {
    const rows = pooled(conversations, lambda);
    console.log(`on, λ ${String(lambda).padEnd(3)} in-sample: ${both(rows)}`);
  }
}

main();
