/**
 * The load bench's figures from what the driver saw: a row per request type (all servers), a row per server
 * when there are several, and the integrity verdict. Printed as markdown tables; the rows go to the JSON too.
 */
import { pct } from "./harness";
import { REQUEST_TYPES, spreadConnections, type DriverResult, type LoadPlan, type RequestType } from "./load-driver";

const LABELS: Record<RequestType, string> = {
  approve: "approve (POST /api/candidates/:id/approve)",
  edit: "edit (PATCH /api/facts/:id, If-Match)",
  search: "search (GET /api/facts?q=)",
  factsPage: "page /facts?q=",
  reviewPage: "page /review",
};

const SHORT: Record<RequestType, string> = {
  approve: "approve",
  edit: "edit",
  search: "search",
  factsPage: "/facts?q=",
  reviewPage: "/review",
};

const ok = (statuses: Record<string, number>) =>
  Object.entries(statuses)
    .filter(([s]) => s.startsWith("2"))
    .reduce((n, [, c]) => n + c, 0);

export function typeRows(result: DriverResult, plan: LoadPlan) {
  return REQUEST_TYPES.filter((t) => result.byType[t]).map((t) => {
    const r = result.byType[t];
    const total = r.latencies.length;
    const done = ok(r.statuses);
    const conflicts = r.statuses["409"] ?? 0;
    return {
      type: t,
      connections: plan.connections[t],
      requests: total,
      perSecond: total / plan.duration,
      p50: pct(r.latencies, 50),
      p95: pct(r.latencies, 95),
      p99: pct(r.latencies, 99),
      ok: done,
      expected409: r.expected409,
      rejudged409: r.rejudged409,
      other409: conflicts - r.expected409 - r.rejudged409,
      unexpected: total - done - r.expected409 - r.rejudged409 + (r.statuses.errors ?? 0),
      statuses: r.statuses,
      samples: r.samples,
    };
  });
}

/** Per server: its connections, its approvals per second, p50 / p95 per type, and what was neither 2xx nor 409. */
export function instanceRows(result: DriverResult, plan: LoadPlan) {
  const spread = spreadConnections(plan.connections, plan.bases.length);
  return result.byInstance.map((byType, i) => {
    const types = REQUEST_TYPES.filter((t) => byType[t]);
    const all = types.map((t) => byType[t]!);
    const answered = (s: Record<string, number>) =>
      Object.entries(s).reduce((n, [k, c]) => (k === "errors" ? n : n + c), 0);
    return {
      base: plan.bases[i]!,
      connections: REQUEST_TYPES.reduce((n, t) => n + spread[i]![t], 0),
      approvals: ok(byType.approve?.statuses ?? {}),
      approvalsPerSecond: ok(byType.approve?.statuses ?? {}) / plan.duration,
      latency: Object.fromEntries(
        types.map((t) => [t, { p50: pct(byType[t]!.latencies, 50), p95: pct(byType[t]!.latencies, 95) }]),
      ) as Partial<Record<RequestType, { p50: number; p95: number }>>,
      // Neither 2xx nor 409 (the 409s the bench provokes are told apart per type, not per server), plus socket errors.
      other: all.reduce((n, r) => n + answered(r.statuses) - ok(r.statuses) - (r.statuses["409"] ?? 0), 0),
      errors: all.reduce((n, r) => n + (r.statuses.errors ?? 0), 0),
    };
  });
}

type TypeRow = ReturnType<typeof typeRows>[number];
type InstanceRow = ReturnType<typeof instanceRows>[number];

const ms = (x: number) => x.toFixed(0);

export function printTypeTable(rows: TypeRow[], result: DriverResult): void {
  console.log(
    "| Request | Conns | Requests | req/s | p50 ms | p95 ms | p99 ms | 2xx | 409 race | 409 re-judged | other errors |",
  );
  console.log("|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|");
  for (const r of rows) {
    console.log(
      `| ${LABELS[r.type]} | ${r.connections} | ${r.requests} | ${r.perSecond.toFixed(1)} | ${ms(r.p50)} | ` +
        `${ms(r.p95)} | ${ms(r.p99)} | ${r.ok} | ${r.expected409} | ${r.rejudged409} | ${r.unexpected} |`,
    );
  }
  for (const r of rows.filter((x) => x.unexpected > 0)) {
    console.log(`${r.type}: ${JSON.stringify(r.statuses)}\n  ${result.byType[r.type].samples.join("\n  ")}`);
  }
}

export function printInstanceTable(rows: InstanceRow[], duration: number): void {
  const types = REQUEST_TYPES.filter((t) => rows.some((r) => r.latency[t]));
  const latencyHeads = types.map((t) => `${SHORT[t]} p50 / p95 ms`).join(" | ");
  console.log(
    `| Server | Conns | Approvals (2xx) | Approvals/s | ${latencyHeads} | Neither 2xx nor 409 | Socket errors |`,
  );
  console.log(`|---|--:|--:|--:|${types.map(() => "--:|").join("")}--:|--:|`);
  for (const r of rows) {
    const cells = types.map((t) => (r.latency[t] ? `${ms(r.latency[t].p50)} / ${ms(r.latency[t].p95)}` : "–"));
    console.log(
      `| ${r.base} | ${r.connections} | ${r.approvals} | ${r.approvalsPerSecond.toFixed(2)} | ${cells.join(" | ")} | ` +
        `${r.other} | ${r.errors} |`,
    );
  }
  const approvals = rows.reduce((n, r) => n + r.approvals, 0);
  console.log(
    `| all | ${rows.reduce((n, r) => n + r.connections, 0)} | ${approvals} | ${(approvals / duration).toFixed(2)} | ` +
      `${types.map(() => "").join(" | ")} | ${rows.reduce((n, r) => n + r.other, 0)} | ` +
      `${rows.reduce((n, r) => n + r.errors, 0)} |`,
  );
}
