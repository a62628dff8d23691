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
  base: string;
  duration: number;
  connections: Record<RequestType, number>;
  /** Per approving connection, its candidates in order. */
  approvals: Claim[][];
  /** Per editing connection, the facts it edits (shared ones appear in two lists). */
  edits: { id: string; version: number; shared: boolean }[][];
  queries: string[];
}

export const REQUEST_TYPES = ["approve", "edit", "search", "factsPage", "reviewPage"] as const;
export type RequestType = (typeof REQUEST_TYPES)[number];

export interface TypeResult {
  latencies: number[];
  statuses: Record<string, number>;
  /** 409s the bench provoked (a shared candidate or fact, or a reviewer out of work re-approving). */
  expected409: number;
}

export interface DriverResult {
  seconds: number;
  byType: Record<RequestType, TypeResult>;
  approved: { candidateId: string; factId: string }[];
  edits: number;
}

/** The one place requests get their headers: a bearer token when SIFT_TOKEN is set (accounts mode). */
export function requestHeaders(json: boolean): Record<string, string> {
  const headers: Record<string, string> = {};
  if (json) headers["content-type"] = "application/json";
  if (process.env.SIFT_TOKEN) headers.authorization = `Bearer ${process.env.SIFT_TOKEN}`;
  return headers;
}

interface Ctx {
  n?: number;
  i?: number;
  current?: Claim;
  expected?: boolean;
}

type Req = autocannon.Request;

function requestsFor(type: RequestType, plan: LoadPlan, result: DriverResult, tally: TypeResult): Req[] {
  let connection = 0;
  const take = (ctx: Ctx) => (ctx.n ??= connection++);
  const factVersions = new Map<string, number>();
  for (const list of plan.edits) for (const f of list) factVersions.set(f.id, f.version);
  const pick = <T>(ctx: Ctx, list: T[]) => list[(ctx.i = (ctx.i ?? -1) + 1) % list.length] as T;
  switch (type) {
    case "approve":
      return [
        {
          setupRequest: (req: Req, ctx: Ctx) => {
            const mine = plan.approvals[take(ctx) % plan.approvals.length] as Claim[];
            ctx.i = (ctx.i ?? -1) + 1;
            // Out of work: re-approve what it approved first, which must answer 409 "already approved".
            const claim = (mine[ctx.i] ?? mine[0]) as Claim;
            ctx.current = claim;
            ctx.expected = claim.shared || ctx.i >= mine.length;
            return {
              ...req,
              method: "POST",
              path: `/api/candidates/${claim.id}/approve`,
              headers: requestHeaders(true),
              body: JSON.stringify({ version: claim.version }),
            };
          },
          onResponse: (status: number, body: string, ctx: Ctx) => {
            if (status === 409 && ctx.expected) tally.expected409++;
            if (status >= 200 && status < 300) {
              result.approved.push({ candidateId: ctx.current!.id, factId: JSON.parse(body).factId });
            }
          },
        },
      ];
    case "edit":
      return [
        {
          setupRequest: (req: Req, ctx: Ctx) => {
            const fact = pick(ctx, plan.edits[take(ctx) % plan.edits.length]!);
            ctx.current = fact;
            ctx.expected = fact.shared;
            return {
              ...req,
              method: "PATCH",
              path: `/api/facts/${fact.id}`,
              headers: { ...requestHeaders(true), "if-match": String(factVersions.get(fact.id)) },
              body: JSON.stringify({ content: `Load edit ${ctx.i} by reviewer ${ctx.n}: ${fact.id.slice(0, 8)}.` }),
            };
          },
          onResponse: (status: number, body: string, ctx: Ctx) => {
            if (status === 409 && ctx.expected) tally.expected409++;
            if (status >= 200 && status < 300) {
              result.edits++;
              const version = JSON.parse(body).version as number;
              const id = ctx.current!.id;
              factVersions.set(id, Math.max(version, factVersions.get(id) ?? 0));
            }
          },
        },
      ];
    case "search":
      return [
        {
          setupRequest: (req: Req, ctx: Ctx) => ({
            ...req,
            method: "GET",
            path: `/api/facts?q=${encodeURIComponent(pick(ctx, plan.queries))}&limit=20`,
            headers: requestHeaders(false),
          }),
        },
      ];
    case "factsPage":
      return [
        {
          setupRequest: (req: Req, ctx: Ctx) => ({
            ...req,
            method: "GET",
            path: `/facts?q=${encodeURIComponent(pick(ctx, plan.queries))}`,
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
  const result: DriverResult = { seconds: plan.duration, byType: {} as DriverResult["byType"], approved: [], edits: 0 };
  await Promise.all(
    REQUEST_TYPES.filter((type) => plan.connections[type] > 0).map(async (type) => {
      const tally: TypeResult = { latencies: [], statuses: {}, expected409: 0 };
      result.byType[type] = tally;
      const summary = await new Promise<autocannon.Result>((resolve, reject) => {
        const instance = autocannon(
          {
            url: plan.base,
            connections: plan.connections[type],
            duration: plan.duration,
            // Pages can take seconds on a busy 2-core box: a timeout would be an error we caused, not the app.
            timeout: 60,
            requests: requestsFor(type, plan, result, tally),
          },
          (error, done) => (error ? reject(error) : resolve(done)),
        );
        instance.on("response", (_client, statusCode, _bytes, responseTime) => {
          tally.latencies.push(responseTime);
          tally.statuses[statusCode] = (tally.statuses[statusCode] ?? 0) + 1;
        });
      });
      tally.statuses.errors = summary.errors + summary.timeouts;
    }),
  );
  fs.writeFileSync(outFile, JSON.stringify(result));
}
