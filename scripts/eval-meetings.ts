/**
 * The six written meetings with gold facts (../shared/eval/meetings/, README there), each run through the app's
 * chain (lib/chain, via lib/jobs/local-run: parsing as an upload, chunking, the offline extractor, grounding,
 * de-duplication, matching, the gate) into a store in memory, as `sift extract` runs it.
 * Usage: npx tsx scripts/eval-meetings.ts [--verbose] (it runs itself again under the react-server condition)
 *
 * Scoring is the README's (score.py): a gold fact is found when its `cue` is a case-insensitive substring of a
 * candidate's quote or content; precision = candidates holding some cue / all candidates; chit-chat = noise
 * phrases inside any candidate. Top-N recall: gold facts found among the N best-ranked candidates, N the
 * meeting's gold count; a candidate's rank is its stored `rank` (Candidate.rank,
 * lib/extraction/rank.ts), the queue's order.
 *
 * Leave one meeting out: the chain runs with no floor and the small-talk rule off, and each fold chooses on the
 * other five meetings the queue's floor (the lowest rank a candidate may have to be counted in) and the
 * small-talk threshold (how many small-talk topic words make a candidate small talk,
 * lib/extraction/offline/small-talk.ts), best F2 of recall and precision (recall weighs four times; ties to fewer
 * chit-chat phrases), and scores the sixth. It does so twice: BEFORE, with each candidate's cue importance (the
 * ranking before lib/extraction/offline/importance.ts), and LEARNED, with the importance model refitted on the
 * five training meetings (its L2 chosen by leave-one-meeting-out inside them) from the evidence each candidate is
 * stored with. Every figure printed per fold and pooled is held out; the "in-sample" lines say so.
 * `--write-importance` stores the model fitted on all six (importance-model.ts; run prettier on it after).
 * The extractor's small-talk threshold (1) is what every fold chooses; its RANK_FLOOR (0.2) is within what the
 * folds choose (0.15–0.30) and kept low, as nothing plausible should be dropped. `--cue-importance` prints only
 * BEFORE.
 * The data is read in place (no copy in the repo); SIFT_EVAL_DIR overrides its path.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { relaunchUnderServerCondition } from "../bench/lib/harness";
import { fitOn, importanceModule, rerank, type FoldCandidate } from "./lib/meeting-folds";
import { superseded } from "./lib/superseded";

interface Gold {
  facts: { kind: string; content: string; cue: string; superseded: boolean }[];
  noise: string[];
}
export interface Scorable {
  /** The gate's reasons, where a correction shows the words it supersedes ("Supersedes what was said …"). */
  gateReason?: string | null;
  content: string;
  quote: string;
  rank: number;
  kind: string;
  importance: number;
  confidence: number;
}

/** Area under the ROC curve of `score` for `positive`: the chance a random positive outranks a random negative. */
export function auc(items: { score: number; positive: boolean }[]): number | null {
  const pos = items.filter((i) => i.positive);
  const neg = items.filter((i) => !i.positive);
  if (pos.length === 0 || neg.length === 0) return null;
  let wins = 0;
  for (const p of pos) for (const n of neg) wins += p.score > n.score ? 1 : p.score === n.score ? 0.5 : 0;
  return wins / (pos.length * neg.length);
}

/** Share of the k best-ranked that are positive. */
export function precisionAt(items: { score: number; positive: boolean }[], k: number): number {
  const top = [...items].sort((a, b) => b.score - a.score).slice(0, k);
  return top.length ? top.filter((i) => i.positive).length / top.length : 0;
}
export interface MeetingTally {
  gold: number;
  found: number;
  candidates: number;
  carrying: number;
  chitChat: number;
  topN: number;
  foundTopN: number;
}

/** The README's match: the phrase (a cue or a noise phrase) inside the candidate's quote or content. */
const holds = (c: Pick<Scorable, "quote" | "content">, phrase: string) =>
  c.quote.toLowerCase().includes(phrase.toLowerCase()) || c.content.toLowerCase().includes(phrase.toLowerCase());

/** The README's scoring for one meeting's candidates (already cut at a floor). */
export function scoreMeeting(gold: Gold, candidates: Scorable[]): MeetingTally {
  const ranked = [...candidates].sort((a, b) => b.rank - a.rank);
  const top = ranked.slice(0, gold.facts.length);
  return {
    gold: gold.facts.length,
    found: gold.facts.filter((f) => candidates.some((c) => holds(c, f.cue))).length,
    candidates: candidates.length,
    carrying: candidates.filter((c) => gold.facts.some((f) => holds(c, f.cue))).length,
    chitChat: gold.noise.filter((n) => candidates.some((c) => holds(c, n))).length,
    topN: gold.facts.length,
    foundTopN: gold.facts.filter((f) => top.some((c) => holds(c, f.cue))).length,
  };
}

const empty = (): MeetingTally => ({
  gold: 0,
  found: 0,
  candidates: 0,
  carrying: 0,
  chitChat: 0,
  topN: 0,
  foundTopN: 0,
});
function add(into: MeetingTally, t: MeetingTally): void {
  for (const key of Object.keys(into) as (keyof MeetingTally)[]) into[key] += t[key];
}
const recall = (t: MeetingTally) => (t.gold ? t.found / t.gold : 0);
const precision = (t: MeetingTally) => (t.candidates ? t.carrying / t.candidates : 0);
/** F2: recall counts four times precision — the queue folds the tail, so a floor should cut only junk. */
const f2 = (t: MeetingTally) => {
  const p = precision(t);
  const r = recall(t);
  return p + r ? (5 * p * r) / (4 * p + r) : 0;
};

/** Floors tried: 0 keeps everything the chain stored. */
const FLOORS = [0, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5];
/** Small-talk thresholds tried (topic words a candidate needs to be small talk); Infinity is no rule. */
const SMALL_TALK = [1, 2, 3, Infinity];
/** The extractor's small-talk threshold (DEFAULT_TUNING.smallTalkMin), which every fold chooses. */
const DEFAULT_SMALL_TALK = 1;

function line(name: string, t: MeetingTally, floor?: number): string {
  const pct = (a: number, b: number) => `${b ? ((100 * a) / b).toFixed(0) : "-"}% (${a}/${b})`;
  return (
    `${name.padEnd(24)} ${floor === undefined ? "" : `floor ${floor.toFixed(2)}  `}recall ${pct(t.found, t.gold)}  ` +
    `carrying gold ${pct(t.carrying, t.candidates)}  chit-chat ${t.chitChat}  top-N recall ${pct(t.foundTopN, t.topN)}`
  );
}

async function main(): Promise<void> {
  const evalDir = process.env.SIFT_EVAL_DIR ?? path.resolve(import.meta.dirname, "../../shared/eval");
  const dir = path.join(evalDir, "meetings");
  const sources = readdirSync(dir)
    .filter((f) => /^\d\d_.*\.(txt|vtt)$/.test(f))
    .sort();
  const { parseEnv } = await import("@/lib/env");
  const { openLocalStore } = await import("@/lib/jobs/local-run");
  const { parseSource } = await import("@/lib/sources/parse");
  const { createOfflineExtractor } = await import("@/lib/extraction/offline");
  const { DEFAULT_TUNING } = await import("@/lib/extraction/offline/select");
  const env = parseEnv(process.env);
  const store = await openLocalStore({ env });
  const meetings: Meeting[] = [];
  for (const file of sources) {
    const bytes = readFileSync(path.join(dir, file));
    const parsed = parseSource({ filename: file, bytes, maxBytes: env.SIFT_MAX_UPLOAD_BYTES });
    // Small talk is left in (threshold off) and no floor is applied, so each fold chooses both on the other five;
    // the importance model is refitted per fold from the evidence each candidate is stored with (folds.ts).
    const { candidates } = await store.extract({
      source: { title: file, origin: "upload", parsed },
      preset: "meeting",
      mode: "offline",
      extractor: createOfflineExtractor({ tuning: { ...DEFAULT_TUNING, smallTalkMin: Infinity, rankFloor: 0 } }),
    });
    const stored = await store.db.candidate.findMany({
      where: { id: { in: candidates.map((c) => c.id) } },
      select: { id: true, features: true },
    });
    const features = new Map(stored.map((r) => [r.id, r.features as Record<string, number>]));
    const gold = JSON.parse(readFileSync(path.join(dir, file.replace(/\.(txt|vtt)$/, ".gold.json")), "utf8")) as Gold;
    if (process.argv.includes("--verbose")) {
      for (const c of candidates)
        console.log(
          `${file} [${c.kind} ${c.confidence} ${c.importance} r${c.rank.toFixed(2)}] ${c.content} || ${c.quote}`,
        );
    }
    const scorable = candidates.map((c) => ({
      content: c.content,
      quote: c.quote,
      rank: c.rank,
      gateReason: c.gateReason,
      kind: c.kind,
      importance: c.importance,
      confidence: c.confidence,
      features: features.get(c.id) ?? {},
    }));
    meetings.push({ name: file, gold, candidates: scorable });
  }
  await store.close();
  await report(meetings);
}

type Meeting = { name: string; gold: Gold; candidates: FoldCandidate[] };

async function report(meetings: Meeting[]): Promise<void> {
  const { RANK_FLOOR } = await import("@/lib/extraction/offline/select");
  const { isSmallTalk, SMALL_TALK_IMPORTANCE } = await import("@/lib/extraction/offline/small-talk");
  const { IMPORTANCE_MODEL } = await import("@/lib/extraction/offline/importance-model");
  // A setting: the floor and the small-talk threshold (as the extractor applies it: small talk's importance,
  // so its rank, then the floor).
  type Setting = { floor: number; smallTalk: number };
  const atSetting = (m: Meeting, s: Setting) =>
    m.candidates
      .map((c) => (isSmallTalk(c.quote, s.smallTalk) ? { ...c, rank: c.confidence * SMALL_TALK_IMPORTANCE } : c))
      .filter((c) => c.rank >= s.floor);
  const tallyAt = (ms: Meeting[], s: Setting) => {
    const t = empty();
    for (const m of ms) add(t, scoreMeeting(m.gold, atSetting(m, s)));
    return t;
  };
  const settings = SMALL_TALK.flatMap((smallTalk) => FLOORS.map((floor) => ({ floor, smallTalk })));
  // Best F2 on the training meetings; ties go to fewer chit-chat phrases, then to the first (lowest) setting.
  const better = (a: MeetingTally, b: MeetingTally) =>
    f2(a) > f2(b) + 1e-9 || (Math.abs(f2(a) - f2(b)) <= 1e-9 && a.chitChat < b.chitChat);
  const choose = (train: Meeting[]) =>
    settings.reduce((b, s) => (better(tallyAt(train, s), tallyAt(train, b)) ? s : b), settings[0]!);
  const labelled = (ms: Meeting[]) =>
    ms.flatMap((m) => m.candidates.map((c) => ({ candidate: c, positive: m.gold.facts.some((f) => holds(c, f.cue)) })));
  const rankItems = (m: Meeting, s: Setting) =>
    atSetting(m, s).map((c) => ({ score: c.rank, positive: m.gold.facts.some((f) => holds(c, f.cue)) }));
  // The importance model's L2, chosen inside each fold by leave-one-meeting-out on its five (pooled AUC over all
  // they found, small talk as shipped): no held-out meeting's labels touch its own model.
  const L2 = [0.3, 1, 3, 10];
  const chooseL2 = (train: Meeting[]) => {
    let best = { l2: L2[0]!, a: -1 };
    for (const l2 of L2) {
      const items = train.flatMap((held) => {
        const model = fitOn(labelled(train.filter((m) => m !== held)), l2);
        return rankItems({ ...held, candidates: rerank(held.candidates, model) }, { floor: 0, smallTalk: 1 });
      });
      const a = auc(items) ?? 0;
      if (a > best.a + 1e-9) best = { l2, a };
    }
    return best.l2;
  };
  console.log(
    `Written meetings: ${meetings.length}, leave one meeting out over the floor (${FLOORS.join(", ")}), ` +
      `the small-talk threshold (${SMALL_TALK.join(", ")}) and, for the learned importance, ` +
      `its weights (L2 ${L2.join(", ")})`,
  );
  const learned = process.argv.includes("--cue-importance") ? [false] : [false, true];
  for (const learn of learned) {
    console.log(
      learn
        ? "\nLEARNED importance (importance.ts), refitted on the five training meetings of each fold:"
        : "\nBEFORE: the cue's own importance (the ranking without the importance model):",
    );
    const pooled = empty();
    const items: { score: number; positive: boolean }[] = [];
    const itemsAll: { score: number; positive: boolean }[] = [];
    const per: string[] = [];
    for (const held of meetings) {
      const train = meetings.filter((m) => m !== held);
      const model = learn ? fitOn(labelled(train), chooseL2(train)) : null;
      const ranked = meetings.map((m) => ({ ...m, candidates: rerank(m.candidates, model) }));
      const heldRanked = ranked.find((m) => m.name === held.name)!;
      const best = choose(ranked.filter((m) => m !== heldRanked));
      const t = scoreMeeting(held.gold, atSetting(heldRanked, best));
      add(pooled, t);
      console.log(`${line(`held out ${held.name}`, t, best.floor)}  small talk >= ${best.smallTalk}`);
      const mine = rankItems(heldRanked, best);
      const all = rankItems(heldRanked, { floor: 0, smallTalk: best.smallTalk });
      items.push(...mine);
      itemsAll.push(...all);
      const f = (a: number | null) => (a === null ? "-" : a.toFixed(2));
      per.push(
        `${held.name.padEnd(26)} AUC ${f(auc(mine))} (all found ${f(auc(all))})  P@10 ` +
          `${precisionAt(mine, 10).toFixed(2)}  P@20 ${precisionAt(mine, 20).toFixed(2)}`,
      );
    }
    console.log(line("pooled held-out folds", pooled));
    console.log("Ranking per held-out meeting: AUC above the fold's floor (and over all it found), precision@10, @20");
    for (const p of per) console.log(p);
    console.log(
      `${"pooled".padEnd(26)} AUC ${auc(items)?.toFixed(2) ?? "-"} (all found ${auc(itemsAll)?.toFixed(2) ?? "-"})`,
    );
  }

  // As shipped (in-sample): the committed model, the extractor's floor and threshold.
  const shippedModel = fitOn(labelled(meetings), chooseL2(meetings));
  if (process.argv.includes("--write-importance")) {
    const { writeFileSync } = await import("node:fs");
    const target = path.resolve(import.meta.dirname, "../lib/extraction/offline/importance-model.ts");
    writeFileSync(
      target,
      importanceModule(shippedModel, "fitted on the six written meetings (../shared/eval/meetings)."),
    );
    console.log(`\nwrote ${target}`);
  }
  console.log(`\nFitted on all six (in-sample; --write-importance stores it): ${JSON.stringify(shippedModel)}`);
  const shipped = meetings.map((m) => ({ ...m, candidates: rerank(m.candidates, IMPORTANCE_MODEL) }));
  const onAll = choose(shipped);
  console.log(
    `Chosen on all six with the committed model (in-sample): floor ${onAll.floor}, small talk >= ${onAll.smallTalk}`,
  );
  const asShipped = { floor: RANK_FLOOR, smallTalk: DEFAULT_SMALL_TALK };
  console.log(`${line("in-sample, as shipped", tallyAt(shipped, asShipped), RANK_FLOOR)}  small talk >= 1`);
  superseded(shipped.map((m) => ({ ...m, candidates: atSetting(m, asShipped) })));
  console.log("\nImportance per kind as shipped, over every candidate above the floor (n, min, mean, max, sd)");
  const byKind = new Map<string, number[]>();
  for (const c of shipped.flatMap((m) => atSetting(m, asShipped)))
    byKind.set(c.kind, [...(byKind.get(c.kind) ?? []), c.rank / Math.max(c.confidence, 1e-9)]);
  for (const [kind, xs] of [...byKind].sort()) {
    const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
    const sd = Math.sqrt(xs.reduce((a, b) => a + (b - mean) ** 2, 0) / xs.length);
    const f = (n: number) => n.toFixed(2);
    console.log(
      `${kind.padEnd(12)} n ${String(xs.length).padStart(3)}  ` +
        `${f(Math.min(...xs))} ${f(mean)} ${f(Math.max(...xs))}  sd ${f(sd)}`,
    );
  }
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  relaunchUnderServerCondition(import.meta.filename);
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
