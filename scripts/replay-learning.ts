/**
 * Replays LoCoMo conversations through the app's chain and decisions as a reviewer who follows the gold, and
 * measures what the queue's learning (lib/learning) changes. Each conversation is one fact base (a team): its
 * sessions in order, each extracted down the chain (lib/chain, offline extractor), then every open card decided
 * by the reviewer's functions the server uses (lib/jobs/decisions.ts: approve what matches a gold observation,
 * reject the rest), which refit the learned model every 10 decisions. Each session's cards are scored before the
 * reviewer sees them, by a model that learned only from earlier sessions: every figure is held out.
 * Usage: npx tsx scripts/replay-learning.ts [--conversations N] [--sessions N] [--off | --on] [--dump path-prefix]
 * Reports early (sessions 1–EARLY) vs later (sessions > LATER_FROM): top-5 precision by the queue's rank, AUC
 * and ECE of the confidence the queue read, the share of true and of false cards ungated, learning on and off.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { relaunchUnderServerCondition } from "../bench/lib/harness";
import { buildTranscript, contentTokens, readSessions, tokenF1, type Session } from "./eval-locomo";

const EARLY = 3;
const LATER_FROM = 8;

export interface Card {
  session: number;
  /** What the learned model reads (scripts/tune-learning.ts replays the learning on these, in memory). */
  content: string;
  quote: string;
  kind: string;
  speaker: string | null;
  shipped: number;
  importance: number;
  p: number;
  rank: number;
  ungated: boolean;
  /** Gated for low confidence alone (the learning can open it), or for another reason too (it cannot). */
  lowOnly: boolean;
  y: 0 | 1;
}

function truth(
  session: Session,
  spans: Map<string, [number, number]>,
  c: { content: string; start: number | null; end: number | null },
) {
  const tokens = contentTokens(c.content);
  return session.gold_observations_llm_generated.some((obs) => {
    const span = spans.get(obs.evidence);
    if (!span || c.start === null || c.end === null || c.start < span[0] || c.end > span[1]) return false;
    return tokenF1(tokens, contentTokens(obs.text)) >= 0.3;
  })
    ? 1
    : 0;
}

async function replayConversation(sessions: Session[], learning: boolean): Promise<Card[]> {
  const { parseEnv } = await import("@/lib/env");
  const { openLocalStore } = await import("@/lib/jobs/local-run");
  const { SettingsSchema } = await import("@/lib/settings/schema");
  const { approveAndRejudge, rejectAndRejudge } = await import("@/lib/jobs/decisions");
  const settings = SettingsSchema.parse({ defaultPreset: "personal", learning: { enabled: learning } });
  const store = await openLocalStore({ env: parseEnv({ ...process.env, SIFT_CHUNK_TOKENS: "3000" }), settings });
  const cards: Card[] = [];
  try {
    const reviewer = await store.db.reviewer.create({ data: { name: "Gold" } });
    for (const session of sessions) {
      const { text, segments, turnSpans } = buildTranscript(session.turns);
      const { runId } = await store.extract({
        source: {
          title: `${session.sample_id} session ${session.session}`,
          origin: "paste",
          parsed: { format: "text", text, segments, participants: [...new Set(session.turns.map((t) => t.speaker))] },
        },
        preset: "personal",
        mode: "offline",
      });
      const rows = await store.db.candidate.findMany({ where: { runId }, orderBy: { rank: "desc" } });
      for (const c of rows) {
        if (c.status !== "pending" && c.status !== "gated") continue;
        const y = truth(session, turnSpans, c);
        cards.push({
          session: session.session,
          content: c.content,
          quote: c.quote,
          kind: c.kind,
          speaker: c.speaker,
          shipped: c.confidence,
          importance: c.importance,
          p: c.learnedConfidence ?? c.confidence,
          rank: c.rank,
          ungated: c.status === "pending",
          lowOnly: c.status === "gated" && /^Low confidence \([^;]*\)$/.test(c.gateReason ?? ""),
          y,
        });
      }
      // The reviewer works down the queue in its order, deciding every card still open.
      for (const c of rows) {
        const now = await store.db.candidate.findUnique({ where: { id: c.id }, select: { status: true } });
        if (now?.status !== "pending" && now?.status !== "gated") continue;
        const args = { db: store.db, candidateId: c.id, reviewerId: reviewer.id };
        try {
          if (truth(session, turnSpans, c)) await approveAndRejudge(args);
          else await rejectAndRejudge({ ...args, reason: "Not in the conversation's facts" });
        } catch {
          // Decided with its cluster meanwhile, or a card the decision may not take unasked: left as it is.
        }
      }
    }
  } finally {
    await store.close();
  }
  return cards;
}

function summarize(cards: Card[], metrics: typeof import("@/lib/learning/metrics")) {
  const bySession = new Map<string, Card[]>();
  for (const c of cards) bySession.set(`${c.session}`, [...(bySession.get(`${c.session}`) ?? []), c]);
  const top5 = [...bySession.values()].map((s) => {
    const top = [...s].sort((a, b) => b.rank - a.rank).slice(0, 5);
    return top.filter((c) => c.y === 1).length / Math.max(1, top.length);
  });
  const t = cards.filter((c) => c.y === 1);
  const f = cards.filter((c) => c.y === 0);
  return {
    cards: cards.length,
    top5: top5.reduce((a, b) => a + b, 0) / Math.max(1, top5.length),
    auc: metrics.auc(cards),
    ece: metrics.ece(cards),
    trueUngated: t.filter((c) => c.ungated).length / Math.max(1, t.length),
    falseUngated: f.filter((c) => c.ungated).length / Math.max(1, f.length),
    trueLowOnly: t.filter((c) => c.lowOnly).length / Math.max(1, t.length),
  };
}

async function main() {
  const args = process.argv.slice(2);
  const num = (flag: string) => (args.includes(flag) ? Number(args[args.indexOf(flag) + 1]) : Infinity);
  const evalDir = process.env.SIFT_EVAL_DIR ?? path.resolve(import.meta.dirname, "../../shared/eval");
  const all = readSessions(path.join(evalDir, "locomo/dev-sessions.jsonl"));
  const conversations = [...new Set(all.map((s) => s.sample_id))].slice(0, num("--conversations"));
  const metrics = await import("@/lib/learning/metrics");
  const modes = args.includes("--off") ? [false] : args.includes("--on") ? [true] : [true, false];
  for (const learning of modes) {
    const cards: Array<Card & { conversation: string }> = [];
    for (const id of conversations) {
      const sessions = all
        .filter((s) => s.sample_id === id)
        .sort((a, b) => a.session - b.session)
        .slice(0, num("--sessions"));
      const got = await replayConversation(sessions, learning);
      cards.push(...got.map((c) => ({ ...c, conversation: id })));
      const late = summarize(
        got.filter((c) => c.session >= LATER_FROM),
        metrics,
      );
      console.error(
        `${learning ? "on " : "off"} ${id}: ${got.length} cards; ` +
          `later top5 ${late.top5.toFixed(2)} AUC ${late.auc.toFixed(3)}`,
      );
    }
    // Top-5 per session per conversation: the key keeps conversations apart.
    const keyed = cards.map((c) => ({
      ...c,
      session: Number(`${conversations.indexOf(c.conversation) + 1}${String(c.session).padStart(3, "0")}`),
    }));
    const early = summarize(
      keyed.filter((c) => c.session % 1000 <= EARLY),
      metrics,
    );
    const later = summarize(
      keyed.filter((c) => c.session % 1000 >= LATER_FROM),
      metrics,
    );
    const fmt = (s: ReturnType<typeof summarize>) =>
      `cards ${s.cards}  top-5 P ${s.top5.toFixed(3)}  AUC ${s.auc.toFixed(3)}  ECE ${s.ece.toFixed(3)}  ` +
      `true ungated ${(100 * s.trueUngated).toFixed(1)} %  false ungated ${(100 * s.falseUngated).toFixed(1)} %  ` +
      `true gated for low confidence alone ${(100 * s.trueLowOnly).toFixed(1)} %`;
    if (args.includes("--dump")) {
      const file = `${args[args.indexOf("--dump") + 1]}.${learning ? "on" : "off"}.json`;
      writeFileSync(file, JSON.stringify(cards));
    }
    console.log(`learning ${learning ? "on" : "off"}, ${conversations.length} conversations`);
    console.log(`  early (sessions 1–${EARLY}):  ${fmt(early)}`);
    console.log(`  later (sessions ≥ ${LATER_FROM}): ${fmt(later)}`);
  }
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  relaunchUnderServerCondition(import.meta.filename);
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
