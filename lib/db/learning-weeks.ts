import "server-only";
import { NOT_JUDGED_REJECT_REASONS, type LearningWeek } from "@/lib/dashboard/schema";
import type { Db } from "@/lib/db/types";
import { UNGATED_NOTE_PREFIXES } from "@/lib/matcher/gating";

/** The week starts and its top: the places of a run's queue a reviewer sees first. */
const TOP = 5;

/**
 * Week by week (ISO weeks, UTC), the reviewers' decisions as the learning issue measures them: how many, the share
 * of the cards in the top five of their run's queue that were accepted (precision at the top: the rank a decided
 * card keeps is the one it was decided at), and of the accepted and the rejected, the share that had passed the gate
 * (not gated when decided: its stored gateReason is no gate's, lib/matcher/gating.ts UNGATED_NOTE_PREFIXES). Decisions
 * the gate took alone, and rejections that judge nothing (a forgotten source), are left out. One statement.
 */
export async function listLearningWeeks({
  db,
  spaceId,
  now = new Date(),
  weeks = 8,
}: {
  db: Db;
  /** One space's decisions: learning is per space. */
  spaceId: string;
  now?: Date;
  weeks?: number;
}): Promise<LearningWeek[]> {
  // Columns hold UTC without a zone (Prisma's DateTime): the bound is read in UTC, whatever the session's zone.
  const since = new Date(now.getTime() - weeks * 7 * 24 * 3600 * 1000).toISOString();
  const notes = UNGATED_NOTE_PREFIXES.map((p) => `${p}%`);
  return db.$queryRaw<LearningWeek[]>`
    WITH recent AS (
      SELECT DISTINCT "runId" FROM "Candidate" WHERE "spaceId" = ${spaceId} AND "reviewerId" IS NOT NULL
        AND "reviewedAt" >= (${since}::timestamptz AT TIME ZONE 'UTC')
    ),
    placed AS (
      SELECT c.*, row_number() OVER (PARTITION BY c."runId" ORDER BY c."rank" DESC, c."id") AS place
      FROM "Candidate" c JOIN recent r ON r."runId" = c."runId"
      -- Placed among the cards that reached the queue: what the gate decided on arrival never did.
      WHERE c."status" IN ('pending', 'gated') OR c."reviewerId" IS NOT NULL
    ),
    decided AS (
      SELECT date_trunc('week', p."reviewedAt")::date AS week,
             p."status" IN ('approved', 'merged') AS accepted,
             p.place <= ${TOP} AS top,
             p."gateReason" IS NOT NULL
               AND NOT (split_part(p."gateReason", '; ', 1) LIKE ANY (${notes}::text[])) AS gated
      FROM placed p
      WHERE p."reviewerId" IS NOT NULL AND p."reviewedAt" >= (${since}::timestamptz AT TIME ZONE 'UTC')
        AND (p."status" IN ('approved', 'merged')
          OR (p."status" = 'rejected'
            AND COALESCE(p."rejectReason", '') <> ALL (${NOT_JUDGED_REJECT_REASONS}::text[])))
    )
    SELECT to_char(week, 'YYYY-MM-DD') AS week,
           count(*)::int AS decisions,
           count(*) FILTER (WHERE top)::int AS "topDecided",
           count(*) FILTER (WHERE top AND accepted)::int AS "topAccepted",
           count(*) FILTER (WHERE accepted)::int AS accepted,
           count(*) FILTER (WHERE accepted AND NOT gated)::int AS "acceptedUngated",
           count(*) FILTER (WHERE NOT accepted)::int AS rejected,
           count(*) FILTER (WHERE NOT accepted AND NOT gated)::int AS "rejectedUngated"
    FROM decided
    GROUP BY week
    ORDER BY week`;
}
