/**
 * What one approval costs the server, as the REST API makes it (lib/api/candidates.ts approveApiCandidate:
 * the decision, re-judging what it touched, the learning's check): SQL statements sent (PostgreSQL: counted on
 * the driver), CPU time of this process and wall time, per approval and per part. In one process with nothing
 * else running, so the CPU figure is the bound on approvals per second per core that bench/load.ts meets under
 * load. Seeds bench/lib/seed-queue.ts's queue (real verdicts, clusters, bands).
 *   npx tsx bench/approval-cost.ts [--db pglite|postgres|both] [--facts 3000] [--open 1000] [--actions 100]
 *     [--cpu-prof DIR]   (a V8 CPU profile of the approvals alone)
 * APPROVAL_SQL_LOG=N prints the statements of the N-th approval (PostgreSQL).
 */
import { arg, forEachBenchDatabase, pct, relaunchUnderServerCondition } from "./lib/harness";

relaunchUnderServerCondition(import.meta.filename);

const pg = (await import("pg")).default;
const { seedQueue } = await import("./lib/seed-queue");
const { listQueuePage } = await import("@/lib/db/review-queue");
const { parseQueueQuery } = await import("@/lib/queue/schema");
const { approveCandidate } = await import("@/lib/facts/decide");
const { rejudgeQuietly } = await import("@/lib/jobs/rejudge");
const { learnQuietly } = await import("@/lib/jobs/learning");
const { approveApiCandidate } = await import("@/lib/api/candidates");

const facts = Number(arg("facts", "3000"));
const open = Number(arg("open", "1000"));
const actions = Number(arg("actions", "100"));
// --cpu-prof DIR: a V8 CPU profile of the approvals alone (not the seeding), one file per database.
const profileDir = arg("cpu-prof", "");
const inspector = await import("node:inspector/promises");
const session = profileDir ? new inspector.Session() : null;
session?.connect();

// Every statement the pg driver sends, whoever sends it (Prisma's adapter, a raw pool query).
let statements = 0;
let logging = false;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: unknown, ...args: unknown[]) {
  statements++;
  if (process.env.APPROVAL_SQL_LOG && logging) {
    const first = args[0] as string | { text?: string };
    console.log(
      `SQL ${String(typeof first === "string" ? first : first?.text)
        .replace(/\s+/g, " ")
        .slice(0, 160)}`,
    );
  }
  return (query as (...a: unknown[]) => unknown).apply(this, args);
} as typeof query;

interface Cost {
  wall: number[];
  cpu: number[];
  sql: number[];
}
const cost = (): Cost => ({ wall: [], cpu: [], sql: [] });
async function measured<T>(into: Cost, f: () => Promise<T>): Promise<T> {
  const [t, c, s] = [performance.now(), process.cpuUsage(), statements];
  const out = await f();
  const used = process.cpuUsage(c);
  into.wall.push(performance.now() - t);
  into.cpu.push((used.user + used.system) / 1000);
  into.sql.push(statements - s);
  return out;
}
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const line = (label: string, c: Cost, counted: boolean) =>
  `${label.padEnd(34)} wall median ${pct(c.wall, 50).toFixed(1)} / p95 ${pct(c.wall, 95).toFixed(1)} ms · ` +
  `CPU mean ${(sum(c.cpu) / c.cpu.length).toFixed(1)} ms` +
  (counted ? ` · SQL statements mean ${(sum(c.sql) / c.sql.length).toFixed(1)}, max ${Math.max(...c.sql)}` : "");

await forEachBenchDatabase(arg("db", "both"), async (opened, label) => {
  const db = opened.prisma;
  await seedQueue(opened, { facts, open });
  const page = parseQueueQuery({});
  const whole = cost();
  const parts = { decide: cost(), rejudge: cost(), learn: cost() };
  // Half the approvals through the API's function in one piece, half part by part (the same calls in the same
  // order as approveAndRejudge), alternating, so the parts add up to what the whole costs.
  let done = 0;
  await session?.post("Profiler.enable");
  await session?.post("Profiler.start");
  while (done < actions) {
    const units = (await listQueuePage({ db, query: page })).units;
    if (units.length === 0) break;
    for (const unit of units.filter((_, i) => i % 2 === 0)) {
      if (done >= actions) break;
      // The version as it is now (earlier approvals of this page re-judged some of its cards).
      const { version } = await db.candidate.findUniqueOrThrow({ where: { id: unit.id }, select: { version: true } });
      const body = { withCluster: unit.members.length > 0, version };
      logging = done === Number(process.env.APPROVAL_SQL_LOG);
      if (logging) console.log(`--- approval ${done}`);
      if (done % 2 === 0) {
        await measured(whole, () => approveApiCandidate({ db, candidateId: unit.id, body, reviewerId: "local" }));
      } else {
        const fact = await measured(parts.decide, () =>
          approveCandidate({
            db,
            candidateId: unit.id,
            reviewerId: "local",
            withCluster: body.withCluster,
            expectedVersion: version,
          }),
        );
        await measured(parts.rejudge, () =>
          rejudgeQuietly({
            db,
            change: {
              factIds: [fact.id],
              texts: [fact.content],
              candidateIds: [unit.id, ...fact.mergedCandidateIds],
              spaceId: fact.spaceId,
            },
          }),
        );
        await measured(parts.learn, () => learnQuietly({ db, spaceId: fact.spaceId }));
      }
      done++;
    }
  }
  if (session) {
    const { profile } = await session.post("Profiler.stop");
    const fs = await import("node:fs");
    fs.mkdirSync(profileDir, { recursive: true });
    fs.writeFileSync(`${profileDir}/approvals-${label}.cpuprofile`, JSON.stringify(profile));
  }
  const counted = label === "PostgreSQL";
  console.log(`\n${label}: ${facts} facts, ${open} open candidates, ${done} approvals`);
  console.log(line("approval (approveApiCandidate)", whole, counted));
  console.log(line("  the decision's transaction", parts.decide, counted));
  console.log(line("  re-judging what it touched", parts.rejudge, counted));
  console.log(line("  the learning's check", parts.learn, counted));
});
