/**
 * The load bench's client side, run in its own process (bench/load.ts --driver PLAN OUT) so the clients do not
 * share an event loop with the orchestration: one autocannon instance per request type, all at once, each
 * connection a reviewer with its own work. Every response's status and latency is kept (autocannon's summary
 * has no p95) and the 2xx approvals are written out for the integrity checks.
 */
import fs from "node:fs";
import autocannon from "autocannon";

/** A candidate to approve; `shared` ones are given to two reviewers on purpose (one must get a 409). */
export interface Claim {
  id: string;
  version: number;
  shared: boolean;
}

export interface LoadPlan {
  /** The servers' base URLs: each request type's connections are spread across them (spreadConnections). */
  bases: string[];
  duration: number;
  connections: Record<RequestType, number>;
  /** The open candidates in the order reviewers take them; `shared` ones twice in a row. */
  approvals: Claim[];
  /** The facts the editors edit, with the version each was created at. */
  edits: { id: string; version: number }[];
  queries: string[];
}

export const REQUEST_TYPES = ["approve", "edit", "search", "factsPage", "reviewPage"] as const;
export type RequestType = (typeof REQUEST_TYPES)[number];

export interface TypeResult {
  latencies: number[];
  statuses: Record<string, number>;
  /** 409s the bench provoked (a shared candidate or fact, or a reviewer out of work re-approving). */
  expected409: number;
  /** 409 "judged again since you read it": the candidate was re-judged after a nearby approval; retried. */
  rejudged409: number;
  /** The first few answers that were neither 2xx nor a 409 the bench provoked, to show with the figures. */
  samples: string[];
  /** What was asked but not answered when the time ran out (candidate or fact ids). */
  pending?: () => string[];
}

/** What one server answered, per request type (the 409 accounting stays per type: it is about the work). */
export type InstanceResult = Partial<Record<RequestType, { latencies: number[]; statuses: Record<string, number> }>>;

export interface DriverResult {
  seconds: number;
  byType: Record<RequestType, TypeResult>;
  /** One per base URL, in the plan's order. */
  byInstance: InstanceResult[];
  approved: { candidateId: string; factId: string }[];
  edits: number;
  /** Asked for but unanswered when the time ran out: their outcome is read from the database. */
  approvePending: string[];
  editsPending: number;
}

/** The one place requests get their headers: a bearer token when SIFT_TOKEN is set (accounts mode). */
export function requestHeaders(json: boolean): Record<string, string> {
  const headers: Record<string, string> = {};
  if (json) headers["content-type"] = "application/json";
  if (process.env.SIFT_TOKEN) headers.authorization = `Bearer ${process.env.SIFT_TOKEN}`;
  return headers;
}

/**
 * Each request type's connections dealt round-robin across `instances` servers; a type's remainder starts where the
 * previous type's ended, so the servers get the same number of connections (±1) and a mix of every type.
 */
export function spreadConnections(
  connections: Record<RequestType, number>,
  instances: number,
): Record<RequestType, number>[] {
  const out = Array.from({ length: instances }, () => ({}) as Record<RequestType, number>);
  let next = 0;
  for (const type of REQUEST_TYPES) {
    for (const counts of out) counts[type] = 0;
    for (let c = 0; c < connections[type]; c++) out[next++ % instances]![type]++;
  }
  return out;
}

/** Per request: autocannon clears a connection's context every time its list of requests starts over. */
interface Ctx {
  current?: Claim;
  /** A 409 here is one the bench provoked. */
  expected?: boolean;
}

type Req = autocannon.Request;

/**
 * The approvers' work: the plan's candidates in order, each handed to one request (so each reviewer takes its
 * own), the shared ones twice in a row (two reviewers race for them). A "judged again" 409 puts the candidate
 * back with the version it names, as a reviewer re-reads and decides again.
 */
function approvalWork(plan: LoadPlan) {
  const queue = plan.approvals;
  const retries: Claim[] = [];
  const inFlight = new Set<Claim>();
  let next = 0;
  return {
    inFlight,
    take(): { claim: Claim; expected: boolean } {
      const retry = retries.shift();
      if (retry) return { claim: retry, expected: retry.shared };
      const claim = queue[next++];
      // Out of work: re-approve an early candidate, which must answer 409 "already approved".
      if (!claim) return { claim: queue[next % Math.max(1, Math.min(queue.length, 50))]!, expected: true };
      return { claim, expected: claim.shared };
    },
    retry: (claim: Claim, version: number) => retries.push({ ...claim, version }),
  };
}

function requestsFor(type: RequestType, plan: LoadPlan, result: DriverResult, tally: TypeResult): Req[] {
  const factVersions = new Map<string, number>();
  for (const f of plan.edits) factVersions.set(f.id, f.version);
  let turn = 0;
  const pick = <T>(list: T[]) => list[turn++ % list.length] as T;
  const pending = new Set<Ctx>();
  const sample = (status: number, body: string) => {
    if (tally.samples.length < 5) tally.samples.push(`${status} ${body.slice(0, 300)}`);
  };
  switch (type) {
    case "approve": {
      const work = approvalWork(plan);
      result.approvePending = [];
      tally.pending = () => [...pending].map((ctx) => ctx.current!.id);
      return [
        {
          setupRequest: (req: Req, ctx: Ctx) => {
            const { claim, expected } = work.take();
            ctx.current = claim;
            ctx.expected = expected;
            pending.add(ctx);
            return {
              ...req,
              method: "POST",
              path: `/api/candidates/${claim.id}/approve`,
              headers: requestHeaders(true),
              body: JSON.stringify({ version: claim.version }),
            };
          },
          onResponse: (status: number, body: string, ctx: Ctx) => {
            pending.delete(ctx);
            const rejudged = status === 409 ? /judged again .*now version (\d+)/.exec(body) : null;
            if (rejudged) {
              tally.rejudged409++;
              work.retry(ctx.current!, Number(rejudged[1]));
            } else if (status === 409 && ctx.expected) tally.expected409++;
            else if (status >= 300) sample(status, body);
            if (status >= 200 && status < 300) {
              result.approved.push({ candidateId: ctx.current!.id, factId: JSON.parse(body).factId });
            }
          },
        },
      ];
    }
    case "edit": {
      // Facts nobody is editing go to the next request; every fifth request deliberately takes one that is
      // being edited right now (with the version last seen), so one of the two must be told 409.
      const facts = plan.edits.map((f) => f.id);
      const busy = new Map<string, number>();
      tally.pending = () => [...pending].map((ctx) => ctx.current!.id);
      return [
        {
          setupRequest: (req: Req, ctx: Ctx) => {
            const race = turn % 5 === 4 && busy.size > 0;
            const free = facts.filter((id) => !busy.has(id));
            const id = race || free.length === 0 ? pick([...busy.keys()]) : pick(free);
            busy.set(id, (busy.get(id) ?? 0) + 1);
            ctx.current = { id, version: factVersions.get(id)!, shared: race };
            ctx.expected = race || free.length === 0;
            pending.add(ctx);
            return {
              ...req,
              method: "PATCH",
              path: `/api/facts/${id}`,
              headers: { ...requestHeaders(true), "if-match": String(ctx.current.version) },
              body: JSON.stringify({
                content: `Load edit ${turn}: ${id.slice(0, 8)} as of version ${ctx.current.version}.`,
              }),
            };
          },
          onResponse: (status: number, body: string, ctx: Ctx) => {
            pending.delete(ctx);
            const id = ctx.current!.id;
            const left = (busy.get(id) ?? 1) - 1;
            if (left > 0) busy.set(id, left);
            else busy.delete(id);
            if (status >= 200 && status < 300) {
              result.edits++;
              factVersions.set(id, Math.max(JSON.parse(body).version as number, factVersions.get(id) ?? 0));
            } else if (status === 409 && ctx.expected) {
              tally.expected409++;
              // The racer that lost reads the fact again: the version its 409 names.
              const now = /now version (\d+)/.exec(body);
              if (now) factVersions.set(id, Math.max(Number(now[1]), factVersions.get(id) ?? 0));
            } else sample(status, body);
          },
        },
      ];
    }
    case "search":
      return [
        {
          setupRequest: (req: Req) => ({
            ...req,
            method: "GET",
            path: `/api/facts?q=${encodeURIComponent(pick(plan.queries))}&limit=20`,
            headers: requestHeaders(false),
          }),
        },
      ];
    case "factsPage":
      return [
        {
          setupRequest: (req: Req) => ({
            ...req,
            method: "GET",
            path: `/facts?q=${encodeURIComponent(pick(plan.queries))}`,
            headers: requestHeaders(false),
          }),
        },
      ];
    case "reviewPage":
      return [{ method: "GET", path: "/review", headers: requestHeaders(false) }];
  }
}

export async function runDriver(planFile: string, outFile: string): Promise<void> {
  const plan = JSON.parse(fs.readFileSync(planFile, "utf8")) as LoadPlan;
  const result: DriverResult = {
    seconds: plan.duration,
    byType: {} as DriverResult["byType"],
    byInstance: plan.bases.map(() => ({})),
    approved: [],
    edits: 0,
    approvePending: [],
    editsPending: 0,
  };
  const spread = spreadConnections(plan.connections, plan.bases.length);
  await Promise.all(
    REQUEST_TYPES.filter((type) => plan.connections[type] > 0).map(async (type) => {
      const tally: TypeResult = { latencies: [], statuses: {}, expected409: 0, rejudged409: 0, samples: [] };
      result.byType[type] = tally;
      // One list of requests for the type, whatever server a connection talks to: its work (the candidates in
      // order, the facts being edited) is shared, so two servers never get the same candidate but by design.
      const requests = requestsFor(type, plan, result, tally);
      let errors = 0;
      await Promise.all(
        plan.bases.map(async (base, i) => {
          if (spread[i]![type] === 0) return;
          const mine = { latencies: [] as number[], statuses: {} as Record<string, number> };
          result.byInstance[i]![type] = mine;
          const summary = await new Promise<autocannon.Result>((resolve, reject) => {
            const instance = autocannon(
              {
                url: base,
                connections: spread[i]![type],
                duration: plan.duration,
                // Pages can take seconds on a busy 2-core box: a timeout would be an error we caused, not the app.
                timeout: 60,
                requests,
              },
              (error, done) => (error ? reject(error) : resolve(done)),
            );
            instance.on("response", (_client, statusCode, _bytes, responseTime) => {
              for (const into of [tally, mine]) {
                into.latencies.push(responseTime);
                into.statuses[statusCode] = (into.statuses[statusCode] ?? 0) + 1;
              }
            });
          });
          mine.statuses.errors = summary.errors;
          errors += summary.errors;
        }),
      );
      tally.statuses.errors = errors;
      const pending = tally.pending?.() ?? [];
      delete tally.pending;
      if (type === "approve") result.approvePending = pending;
      if (type === "edit") result.editsPending = pending.length;
    }),
  );
  fs.writeFileSync(outFile, JSON.stringify(result));
}
