import "server-only";
import {
  CANDIDATE_STATUS_ORDER,
  FACT_STATUS_ORDER,
  NOT_JUDGED_REJECT_REASONS,
  type ApprovalGroup,
  type ApprovalRates,
  type BacklogDay,
  type RecentRun,
  type StatusCounts,
} from "@/lib/dashboard/schema";
import { RUN_USAGE_SELECT } from "@/lib/db/runs";
import type { Db } from "@/lib/db/types";

/**
 * The dashboard's numbers. Every function aggregates in SQL and returns a handful of rows (one per status,
 * kind, group, day or run), never the rows it counts: the page stays fast over 100k facts (bench/dashboard.ts).
 */

/** Facts and candidates by status, and by kind (active facts, open candidates), with the number of sources. */
export async function getStatusCounts({ db, spaceId }: { db: Db; spaceId: string }): Promise<StatusCounts> {
  const [facts, candidates, sources] = await Promise.all([
    db.$queryRaw<Array<{ status: string; kind: string; n: number }>>`
      SELECT "status"::text AS status, "kind", count(*)::int AS n FROM "Fact" WHERE "spaceId" = ${spaceId}
      GROUP BY "status", "kind"`,
    db.$queryRaw<Array<{ status: string; kind: string; n: number }>>`
      SELECT "status"::text AS status, "kind", count(*)::int AS n FROM "Candidate" WHERE "spaceId" = ${spaceId}
      GROUP BY "status", "kind"`,
    db.source.count({ where: { spaceId } }),
  ]);
  const counts: StatusCounts = {
    facts: Object.fromEntries(FACT_STATUS_ORDER.map((s) => [s, 0])) as StatusCounts["facts"],
    candidates: Object.fromEntries(CANDIDATE_STATUS_ORDER.map((s) => [s, 0])) as StatusCounts["candidates"],
    kinds: [],
    sources,
  };
  const kinds = new Map<string, StatusCounts["kinds"][number]>();
  const kindOf = (kind: string) => {
    const entry = kinds.get(kind) ?? { kind, activeFacts: 0, openCandidates: 0 };
    kinds.set(kind, entry);
    return entry;
  };
  for (const row of facts) {
    counts.facts[row.status as keyof StatusCounts["facts"]] += row.n;
    if (row.status === "active") kindOf(row.kind).activeFacts += row.n;
  }
  for (const row of candidates) {
    counts.candidates[row.status as keyof StatusCounts["candidates"]] += row.n;
    if (row.status === "pending" || row.status === "gated") kindOf(row.kind).openCandidates += row.n;
  }
  counts.kinds = [...kinds.values()]
    .filter((k) => k.activeFacts + k.openCandidates > 0)
    .sort(
      (a, b) => b.activeFacts + b.openCandidates - (a.activeFacts + a.openCandidates) || a.kind.localeCompare(b.kind),
    );
  return counts;
}

type Counts = { accepted: number; rejected: number };

/**
 * Of the candidates decided now (approved or merged = accepted, rejected = not; an undone decision is open
 * again and counts nowhere), how many each kind, extractor (with its model) and prompt version had accepted.
 * Automatic approvals and merges (Settings) count too: they are what the extractor proposed and the base kept.
 * Rejections that judge nothing (a forgotten source's open candidates) do not.
 */
export async function getApprovalRates({ db, spaceId }: { db: Db; spaceId: string }): Promise<ApprovalRates> {
  // One pass with GROUPING SETS: each row belongs to one of the three groupings, told apart by GROUPING().
  const rows = await db.$queryRaw<
    Array<{ kind: string | null; extractor: string | null; version: string | null; by: number } & Counts>
  >`
    SELECT kind, extractor, version, GROUPING(kind, extractor, version)::int AS by,
           count(*) FILTER (WHERE accepted)::int AS accepted,
           count(*) FILTER (WHERE NOT accepted)::int AS rejected
    FROM (
      SELECT c."kind" AS kind,
             r."extractor" || COALESCE(' · ' || r."modelId", '') AS extractor,
             COALESCE(r."promptVersion", 'none') AS version,
             c."status" IN ('approved', 'merged') AS accepted
      FROM "Candidate" c JOIN "ExtractionRun" r ON r."id" = c."runId"
      WHERE c."spaceId" = ${spaceId} AND (c."status" IN ('approved', 'merged')
         OR (c."status" = 'rejected' AND COALESCE(c."rejectReason", '') <> ALL (${NOT_JUDGED_REJECT_REASONS}::text[])))
    ) decided
    GROUP BY GROUPING SETS ((kind), (extractor), (version))`;
  // GROUPING() sets a bit for each argument left out of the row's set: 0b011 is "by kind", and so on.
  const pick = (by: number, label: (r: (typeof rows)[number]) => string | null): ApprovalGroup[] =>
    rows
      .filter((r) => r.by === by)
      .map((r) => ({ label: label(r) ?? "unknown", accepted: r.accepted, rejected: r.rejected }))
      .sort((a, b) => b.accepted + b.rejected - (a.accepted + a.rejected) || a.label.localeCompare(b.label));
  return {
    byKind: pick(0b011, (r) => r.kind),
    byExtractor: pick(0b101, (r) => r.extractor),
    byPromptVersion: pick(0b110, (r) => r.version),
  };
}

/** The newest runs with their source, usage and number of candidates. */
export async function listRecentRuns({
  db,
  spaceId,
  take = 8,
}: {
  db: Db;
  spaceId: string;
  take?: number;
}): Promise<RecentRun[]> {
  const runs = await db.extractionRun.findMany({
    where: { source: { spaceId } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take,
    select: {
      id: true,
      extractor: true,
      modelId: true,
      promptVersion: true,
      status: true,
      ...RUN_USAGE_SELECT,
      durationMs: true,
      createdAt: true,
      source: { select: { id: true, title: true } },
      _count: { select: { candidates: true } },
    },
  });
  return runs.map(({ source, _count, ...run }) => ({
    ...run,
    sourceId: source.id,
    sourceTitle: source.title,
    candidates: _count.candidates,
  }));
}

/**
 * Open (pending or gated) candidates at the end of each of the `days` UTC days up to `now`'s, rebuilt from
 * history rather than stored: a candidate's openness changes only at known moments, so the backlog at
 * time t is the sum of these +1/-1 steps before t:
 * - +1 at its createdAt, if it was ever open: it is open now, has events, or was decided by a reviewer
 *   (reviewedAt). A candidate auto-approved or auto-merged on arrival (no events, no reviewedAt) never was.
 * - -1 at each decision event (approved, merged, rejected), +1 at each "undone" (back in the queue).
 * - -1 at reviewedAt for a decided candidate with no events (decided by a path that records none).
 * The steps are summed per day (those before the window into its first day) and accumulated by a window
 * function: one pass over candidates and events, whatever their number.
 */
export async function getBacklogByDay({
  db,
  spaceId,
  now = new Date(),
  days = 30,
}: {
  db: Db;
  spaceId: string;
  now?: Date;
  days?: number;
}): Promise<BacklogDay[]> {
  const rows = await db.$queryRaw<Array<{ day: string; open: number }>>`
    WITH bounds AS (
      -- Columns hold UTC without a zone (Prisma's DateTime): the day is read in UTC, whatever the session's zone.
      SELECT t::date AS last, t::date - (${days}::int - 1) AS first
      FROM (SELECT ${now.toISOString()}::timestamptz AT TIME ZONE 'UTC' AS t) today
    ),
    steps (at, delta) AS (
      SELECT c."createdAt", 1 FROM "Candidate" c
      WHERE c."spaceId" = ${spaceId} AND (c."status" IN ('pending', 'gated') OR c."reviewedAt" IS NOT NULL
         OR EXISTS (SELECT 1 FROM "CandidateEvent" e WHERE e."candidateId" = c."id"))
      UNION ALL
      SELECT e."createdAt", CASE WHEN e."action" = 'undone' THEN 1 ELSE -1 END FROM "CandidateEvent" e
      JOIN "Candidate" ec ON ec."id" = e."candidateId" AND ec."spaceId" = ${spaceId}
      UNION ALL
      SELECT c."reviewedAt", -1 FROM "Candidate" c
      WHERE c."spaceId" = ${spaceId} AND c."status" NOT IN ('pending', 'gated') AND c."reviewedAt" IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM "CandidateEvent" e WHERE e."candidateId" = c."id")
    ),
    per_day AS (
      SELECT GREATEST(s.at::date, b.first) AS day, sum(s.delta) AS delta
      FROM steps s, bounds b
      WHERE s.at::date <= b.last
      GROUP BY 1
    )
    SELECT to_char(d.day, 'YYYY-MM-DD') AS day,
           (sum(COALESCE(p.delta, 0)) OVER (ORDER BY d.day))::int AS open
    FROM bounds b
    CROSS JOIN LATERAL generate_series(b.first, b.last, interval '1 day') AS g(ts)
    CROSS JOIN LATERAL (SELECT g.ts::date AS day) d
    LEFT JOIN per_day p ON p.day = d.day
    ORDER BY d.day`;
  return rows;
}
