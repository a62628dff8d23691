/**
 * The review workspace on a busy fact base, server side: 10k approved facts and 2,000 open candidates
 * (bench/lib/seed-queue.ts; real verdicts, clusters and bands), then
 *   - the queue's first page as /review loads it (cards, counts per status/kind/verdict, quote contexts,
 *     fact origins), 20 times;
 *   - 100 approvals as the approve action makes them (lib/jobs/decisions.ts approveAndRejudge): the
 *     decision's transaction, then re-judging the open candidates it touched; each part timed, and how
 *     many candidates each re-judging updated.
 *   npx tsx bench/review-workspace.ts [--db pglite|postgres|both] [--facts 10000] [--open 2000] [--actions 100]
 * The browser side (key press to focus, first load to interactive) is bench/review-ui.ts.
 */
import { arg, forEachBenchDatabase, pct, relaunchUnderServerCondition, timed } from "./lib/harness";

relaunchUnderServerCondition(import.meta.filename);

const { seedQueue } = await import("./lib/seed-queue");
const { getFactOrigins, listQueuePage } = await import("@/lib/db/review-queue");
const { getQuoteContexts } = await import("@/lib/db/quote-contexts");
const { parseQueueQuery } = await import("@/lib/queue/schema");
const { approveCandidate } = await import("@/lib/facts/decide");
const { rejudgeAfterChange } = await import("@/lib/jobs/rejudge");

const facts = Number(arg("facts", "10000"));
const open = Number(arg("open", "2000"));
const actions = Number(arg("actions", "100"));

const stats = (xs: number[]) => `median ${pct(xs, 50).toFixed(1)} ms, p95 ${pct(xs, 95).toFixed(1)} ms`;

await forEachBenchDatabase(arg("db", "both"), async (opened, label) => {
  const db = opened.prisma;
  const seeding = performance.now();
  await seedQueue(opened, { facts, open });
  const query = parseQueueQuery({});
  const first = await listQueuePage({ db, query });
  console.log(
    `\n${label}: seeded ${facts} facts and ${open} open candidates in ` +
      `${((performance.now() - seeding) / 1000).toFixed(0)} s — ${first.total} cards ` +
      `(${first.counts.pending} pending, ${first.counts.gated} gated; the rest are in clusters)`,
  );

  const load: number[] = [];
  for (let i = 0; i < 22; i++) {
    const t: number[] = [];
    await timed(t, async () => {
      const page = await listQueuePage({ db, query });
      const factIds = page.units.flatMap((u) => (u.matches ?? []).flatMap((m) => (m.factId ? [m.factId] : [])));
      await Promise.all([
        getQuoteContexts({ db, candidateIds: page.units.map((u) => u.id) }),
        getFactOrigins({ db, factIds: [...new Set(factIds)] }),
      ]);
    });
    if (i >= 2) load.push(t[0] as number);
  }
  console.log(`queue first page (50 cards + counts + contexts + origins): ${stats(load)}`);

  const decide: number[] = [];
  const rejudge: number[] = [];
  const total: number[] = [];
  const updated: number[] = [];
  let done = 0;
  while (done < actions) {
    const page = await listQueuePage({ db, query });
    if (page.units.length === 0) break;
    // Every other card from the top, as a reviewer skipping some would: each approval changes the queue.
    for (const unit of page.units.filter((_, i) => i % 2 === 0)) {
      if (done >= actions) break;
      const started = performance.now();
      const fact = await timed(decide, () =>
        approveCandidate({ db, candidateId: unit.id, reviewerId: null, withCluster: unit.members.length > 0 }),
      );
      const rejudged = await timed(rejudge, () =>
        rejudgeAfterChange({
          db,
          change: { factIds: [fact.id], texts: [fact.content], candidateIds: [unit.id, ...fact.mergedCandidateIds] },
        }),
      );
      total.push(performance.now() - started);
      updated.push(rejudged.length);
      done++;
    }
  }
  console.log(`approve, the decision's transaction:  ${stats(decide)}`);
  console.log(`approve, re-judging what it touched:  ${stats(rejudge)}`);
  console.log(`approve, server time in all:          ${stats(total)}  (${done} approvals)`);
  console.log(
    `candidates re-judged per approval: median ${pct(updated, 50)}, p95 ${pct(updated, 95)}, ` +
      `max ${Math.max(...updated)}; ` +
      `${updated.filter((n) => n > 0).length} of ${done} approvals re-judged at least one`,
  );
});
